import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { livePage, type LiveMessage } from '../support/live-page.ts';
import { waitFor } from '../support/wait-for.ts';

const checkEvents = (got: LiveMessage[]) => got.filter((message) => message.type === 'verification_check');

/**
 * Issue 34 (Speed): a consent is one statement, and its live event comes back to the page that
 * asked marked `own` (X-Live-Socket), so that page, which holds the answer, does not refetch it.
 * Every other listener hears it as before: the person's other tabs, the team, each company.
 */
describe.skipIf(laneUnavailable)("a consent's live events, and the page that asked", () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.71.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    t = await createTestApp({}, { uanProvider: null });
  });
  afterAll(async () => t?.close());

  async function candidateWithUan(name: string) {
    const user = await t.factories.user({ role: 'candidate', fullName: name });
    await t.factories.candidateProfile(user.id, { uan: `1${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}` });
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const consent = (jar: CookieJar, socketId?: string) =>
    t.app.inject({ method: 'POST', url: '/api/verification/checks/uan/consent', headers: { cookie: jar.header, ...(socketId ? { 'x-live-socket': socketId } : {}) }, payload: {}, remoteAddress: nextIp() });
  const checkIdOf = async (candidateId: string) =>
    (await t.database.db.selectFrom('verification_checks').select('id').where('candidate_id', '=', candidateId).where('subject', '=', 'uan').executeTakeFirstOrThrow()).id;

  it('marks the event own for the socket that asked only, and tells every other listener as before', async () => {
    const company = await t.factories.company({ name: 'Kaveri Logistics Pvt Ltd' });
    const recruiter = await t.factories.user({ role: 'employer', fullName: 'Farah Khan', companyId: company.id });
    const admin = await t.factories.user({ role: 'admin' });
    const meera = await candidateWithUan('Meera Iyer');
    await t.factories.application((await t.factories.job(company.id)).id, meera.id);

    const asking = await livePage(t.app, meera.jar);
    const otherTab = await livePage(t.app, meera.jar);
    const team = await livePage(t.app, await signIn(t.app, admin.email, admin.password, nextIp()));
    const employer = await livePage(t.app, await signIn(t.app, recruiter.email, recruiter.password, nextIp()));
    expect(asking.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(otherTab.id).not.toBe(asking.id);

    const answer = await consent(meera.jar, asking.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const checkId = await checkIdOf(meera.id);
    // The answer is the list after the consent: the page that asked shows it as it is.
    expect((answer.json() as { subject: string; consent: unknown }[]).find((check) => check.subject === 'uan')?.consent).not.toBeNull();

    await waitFor(() => checkEvents(asking.got).length > 0 && checkEvents(otherTab.got).length > 0 && checkEvents(team.got).length > 0 && checkEvents(employer.got).length > 0, {
      what: "the consent's event on every socket",
    });
    expect(checkEvents(asking.got)[0]).toEqual({ topic: `user:${meera.id}`, type: 'verification_check', id: checkId, own: true });
    expect(checkEvents(otherTab.got)[0]).toEqual({ topic: `user:${meera.id}`, type: 'verification_check', id: checkId });
    expect(checkEvents(team.got)[0]).toEqual({ topic: 'admins', type: 'verification_check', id: checkId });
    expect(checkEvents(employer.got)[0]).toEqual({ topic: `company:${company.id}`, type: 'verification_check', id: meera.id });
    // No socket is told another's id.
    for (const { got } of [asking, otherTab, team, employer]) expect(JSON.stringify(got)).not.toContain('origin');

    // The audit row and the consent were written by the same statement.
    const audit = await t.database.db.selectFrom('admin_audit_logs').select(['admin_id', 'entity_id', 'details']).where('action', '=', 'verification_consent_given').where('entity_id', '=', checkId).executeTakeFirstOrThrow();
    const consentRow = await t.database.db.selectFrom('verification_consents').select('id').where('candidate_id', '=', meera.id).where('subject', '=', 'uan').executeTakeFirstOrThrow();
    expect(audit).toEqual({ admin_id: meera.id, entity_id: checkId, details: { subject: 'uan', consent_id: consentRow.id } });

    // A second consent while one stands writes and tells nothing.
    const before = checkEvents(otherTab.got).length;
    expect((await consent(meera.jar, asking.id)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('admin_audit_logs').select('id').where('action', '=', 'verification_consent_given').where('entity_id', '=', checkId).execute()).toHaveLength(1);
    await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: meera.jar.header }, remoteAddress: nextIp() });
    expect(checkEvents(otherTab.got)).toHaveLength(before);
    for (const { socket } of [asking, otherTab, team, employer]) socket.terminate();
  });

  it('ignores a header that is not a socket id, and one of a socket that is not there', async () => {
    for (const header of ['not-a-socket', '00000000-0000-4000-8000-000000000000']) {
      const ravi = await candidateWithUan('Ravi Kumar');
      const tab = await livePage(t.app, ravi.jar);
      expect((await consent(ravi.jar, header)).statusCode).toBe(200);
      await waitFor(() => checkEvents(tab.got).length > 0, { what: "the consent's event" });
      expect(checkEvents(tab.got)[0]?.own).toBeUndefined();
      tab.socket.terminate();
    }
  });

  it('tells each of 75 companies, past one notification, with the consent', { timeout: 60_000 }, async () => {
    const anita = await candidateWithUan('Anita Desai');
    const companies: { id: string }[] = [];
    for (let index = 0; index < 75; index += 1) {
      const company = await t.factories.company({ name: `Applied Company ${index} Pvt Ltd` });
      await t.factories.application((await t.factories.job(company.id)).id, anita.id);
      companies.push(company);
    }
    const last = companies.at(-1)!;
    const member = await t.factories.user({ role: 'employer', companyId: last.id });
    const employer = await livePage(t.app, await signIn(t.app, member.email, member.password, nextIp()));
    const tab = await livePage(t.app, anita.jar);
    expect((await consent(anita.jar, tab.id)).statusCode).toBe(200);
    await waitFor(() => checkEvents(employer.got).length > 0 && checkEvents(tab.got).length > 0, { what: 'the events of the candidate and of the last company' });
    expect(checkEvents(employer.got)[0]).toEqual({ topic: `company:${last.id}`, type: 'verification_check', id: anita.id });
    expect(checkEvents(tab.got)[0]).toMatchObject({ own: true, id: await checkIdOf(anita.id) });
    employer.socket.terminate();
    tab.socket.terminate();
  });
});
