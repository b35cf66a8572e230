import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { MyEmploymentRecords, SharedRecord } from '../../shared/schemas/employment.ts';
import type { EmployerEpfoView, EpfoLookupView, ProviderCalls } from '../../shared/schemas/epfo.ts';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { GIVE_UP_AFTER_MS } from '../../server/features/verification/lookups/process-lookup.ts';
import { createDevelopmentEpfoProvider, developmentUanFor, type DevelopmentEpfoScenario } from '../../server/features/verification/sources/epfo/development.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { livePage } from '../support/live-page.ts';
import { waitFor } from '../support/wait-for.ts';

type Person = { id: string; jar: CookieJar };

/**
 * Issue 34: the UAN check asks EPFO through the provider, off the request path, and concludes
 * with its evidence. The development provider answers its documented table; `up` takes it down.
 */
describe.skipIf(laneUnavailable)(`EPFO lookups behind the UAN check (${testDbKind})`, () => {
  let t: TestApp;
  let now = new Date('2026-11-27T06:00:00Z');
  let up = true;
  let ip = 0;
  const db = () => t.database.db;
  const company = { id: '', name: '' };
  let employer: Person;
  let otherEmployer: Person;
  let admin: Person;

  let uans = 0;
  async function candidate(fullName: string, scenario: DevelopmentEpfoScenario, currentEmployer: string): Promise<Person> {
    const user = await t.factories.user({ role: 'candidate', fullName });
    // A UAN is one person's: each gets their own UAN answering as the scenario's.
    await t.factories.candidateProfile(user.id, { uan: developmentUanFor(scenario, 3400 + ++uans), current_employer: currentEmployer });
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, `10.34.0.${++ip}`) };
  }
  const call = (who: Person | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.jar.header } : {}, ...(payload === undefined ? {} : { payload }), remoteAddress: `10.34.1.${++ip % 250}` });
  const uanCheck = async (who: Person) => {
    const response = await call(who, 'GET', '/api/verification/checks');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CandidateCheck[]>().find((check) => check.subject === 'uan') as CandidateCheck;
  };
  const consent = async (who: Person) => {
    const response = await call(who, 'POST', '/api/verification/checks/uan/consent', {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CandidateCheck[]>().find((check) => check.subject === 'uan') as CandidateCheck;
  };
  const decided = (who: Person) =>
    waitFor(
      async () => {
        const check = await uanCheck(who);
        return check.epfo?.state === 'decided' && check.status !== 'pending' ? check : undefined;
      },
      { what: 'the EPFO lookup decided' },
    );
  const lookups = (who: Person) => db().selectFrom('epfo_lookups').selectAll().where('candidate_id', '=', who.id).orderBy('requested_at').execute();
  const calls = () => db().selectFrom('provider_calls').select(['provider', 'outcome', 'company_id']).orderBy('id').execute();

  beforeAll(async () => {
    const provider = createDevelopmentEpfoProvider({ nodeEnv: 'test', now: () => now, available: () => up });
    t = await createTestApp({}, { clock: () => now, uanProvider: provider });
    Object.assign(company, await t.factories.company({ name: 'Sahyadri Hiring Pvt Ltd' }));
    const owner = await t.factories.user({ role: 'employer', fullName: 'Esha Rao', companyId: company.id });
    employer = { id: owner.id, jar: await signIn(t.app, owner.email, owner.password, '10.34.2.1') };
    const other = await t.factories.company({ name: 'Elsewhere Pvt Ltd' });
    const stranger = await t.factories.user({ role: 'employer', fullName: 'Nikhil Jain', companyId: other.id });
    otherEmployer = { id: stranger.id, jar: await signIn(t.app, stranger.email, stranger.password, '10.34.2.2') };
    const team = await t.factories.user({ role: 'admin', fullName: 'Lakshmi Verifier' });
    admin = { id: team.id, jar: await signIn(t.app, team.email, team.password, '10.34.2.3') };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('verifies a history EPFO confirms: the employers with their dates, the claims they confirm, who confirmed it; only derived facts are kept', async () => {
    const priya = await candidate('Priya Sharma', 'confirmed', 'Infosys Ltd');
    const before = await uanCheck(priya);
    // The consent names the provider and what is sent.
    expect(before.purpose).toContain('the development provider');
    expect(before.purpose).toContain('sends your UAN');
    expect(before.uan_provider).toBe('the development provider');

    await consent(priya);
    const check = await decided(priya);
    expect(check).toMatchObject({ status: 'verified', decided_by: 'provider', verified_fields: ['uan', 'full_name', 'current_employer'] });
    const findings = check.epfo?.findings;
    expect(findings).toMatchObject({ found: true, name_match: 'strong', decision: 'verified', unconfirmed_claims: [], reasons: [] });
    expect(findings?.employers.map((row) => [row.establishment, row.joined, row.exited])).toEqual([
      ['TATA CONSULTANCY SERVICES LIMITED', '2016-07-11', '2019-03-29'],
      ['INFOSYS LIMITED', '2019-04-15', null],
    ]);
    expect(findings?.employers[1]?.confirms).toEqual([{ employer: 'Infosys Ltd', source: 'current_employer' }]);
    expect(check.epfo).toMatchObject({ provider: 'development', provider_label: 'the development provider', decided_at: now.toISOString() });

    // Stored: the provider, its reference, the time, the consent; never the answer's other fields.
    const [lookup] = await lookups(priya);
    const consentRow = await db().selectFrom('verification_consents').select('id').where('candidate_id', '=', priya.id).where('subject', '=', 'uan').executeTakeFirstOrThrow();
    expect(lookup).toMatchObject({ state: 'decided', provider: 'development', consent_id: consentRow.id, attempts: 1 });
    expect(lookup?.reference).toMatch(/^development-confirmed-/);
    const stored = JSON.stringify(lookup?.result);
    expect(stored).not.toContain('RAJESH KUMAR SHARMA');
    expect(stored).not.toContain('KNBNG00218740000398127');
    expect(await calls()).toContainEqual({ provider: 'development', outcome: 'answered', company_id: null });
  });

  it("carries the decided list in the candidate's own event, as the list's GET answers it; the team and companies hear ids", async () => {
    const sana = await candidate('Sana Qureshi', 'confirmed', 'Infosys Ltd');
    await t.factories.application((await t.factories.job(company.id)).id, sana.id);
    const page = await livePage(t.app, sana.jar);
    const team = await livePage(t.app, admin.jar);
    const employerPage = await livePage(t.app, employer.jar);
    try {
      await consent(sana);
      const decidedEvent = await waitFor(() => page.got.find((message) => message.type === 'verification_check' && Array.isArray(message.data)), { what: 'the decision with its list' });
      // The page takes it instead of asking again: it must be exactly what the GET answers.
      const list = await call(sana, 'GET', '/api/verification/checks');
      expect(decidedEvent.data).toEqual(list.json());
      expect((decidedEvent.data as CandidateCheck[]).find((check) => check.subject === 'uan')).toMatchObject({ decided_by: null, status: 'in_review', epfo: { state: 'decided' } });
      await waitFor(() => employerPage.got.some((message) => message.type === 'verification_check' && message.id === sana.id), { what: "the employer's event" });
      for (const other of [...team.got, ...employerPage.got]) expect(other).not.toHaveProperty('data');
    } finally {
      for (const socket of [page.socket, team.socket, employerPage.socket]) socket.terminate();
    }
  });

  it('sends an overlap, a claimed employer EPFO does not show, and an unknown UAN to review, each with its evidence', async () => {
    const arjun = await candidate('Arjun Nair', 'overlap', 'HCL Technologies');
    await consent(arjun);
    const overlap = await decided(arjun);
    expect(overlap.status).toBe('in_review');
    expect(overlap.decided_by).toBeNull();
    expect(overlap.epfo?.findings?.flags).toContainEqual(expect.objectContaining({ code: 'dual_employment', severity: 'blocking', evidence: expect.objectContaining({ establishments: ['WIPRO LIMITED', 'HCL TECHNOLOGIES LIMITED'] }) }));
    expect(overlap.flags).toContainEqual(expect.objectContaining({ rule: 'epfo_dual_employment', outcome: 'mismatch' }));
    // The verification team sees the EPFO evidence with the check.
    const detail = await call(admin, 'GET', `/api/verification/checks/${overlap.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ epfo: EpfoLookupView }>().epfo).toMatchObject({ state: 'decided', findings: { decision: 'in_review', flags: expect.arrayContaining([expect.objectContaining({ code: 'dual_employment' })]) } });

    const rahul = await candidate('Priya Sharma', 'confirmed', 'Zoho Corporation');
    await consent(rahul);
    const unclaimed = await decided(rahul);
    expect(unclaimed.status).toBe('in_review');
    expect(unclaimed.epfo?.findings?.unconfirmed_claims).toEqual([{ employer: 'Zoho Corporation', source: 'current_employer' }]);
    expect(unclaimed.epfo?.findings?.flags).toContainEqual(expect.objectContaining({ code: 'claimed_employer_not_in_epfo', evidence: expect.objectContaining({ claimedEmployer: 'Zoho Corporation' }) }));

    const unknown = await candidate('Sana Qureshi', 'not-found', 'Infosys Ltd');
    await consent(unknown);
    const missing = await decided(unknown);
    expect(missing.status).toBe('in_review');
    expect(missing.epfo?.findings).toMatchObject({ found: false, employers: [] });
    expect(missing.flags[0]).toMatchObject({ rule: 'uan_provider', outcome: 'missing' });
    expect(await calls()).toContainEqual({ provider: 'development', outcome: 'not_found', company_id: null });
  });

  it('leaves the check pending while the provider is down, retries with backoff, and completes when it returns', async () => {
    up = false;
    try {
      const meena = await candidate('Priya Sharma', 'confirmed', 'Infosys Limited');
      const answered = await consent(meena);
      expect(answered.status).toBe('pending');
      const retrying = await waitFor(async () => ((await uanCheck(meena)).epfo?.state === 'retrying' ? uanCheck(meena) : undefined), { what: 'a retry scheduled' });
      expect(retrying.status).toBe('pending');
      // The provider's Retry-After (60 s) outweighs the first backoff (30 s).
      expect(retrying.epfo?.next_attempt_at).toBe(new Date(now.getTime() + 60_000).toISOString());
      const [waiting] = await lookups(meena);
      expect(waiting).toMatchObject({ state: 'retrying', attempts: 1, last_error: 'development: simulated outage' });
      expect(await calls()).toContainEqual({ provider: 'development', outcome: 'unavailable', company_id: null });

      // Not due yet: nothing is asked.
      await t.app.epfoLookups.runOnce();
      expect((await lookups(meena))[0]?.attempts).toBe(1);

      up = true;
      now = new Date(now.getTime() + 61_000);
      await t.app.epfoLookups.runOnce();
      const done = await decided(meena);
      expect(done.status).toBe('verified');
      expect((await lookups(meena))[0]).toMatchObject({ state: 'decided', attempts: 2, last_error: null });
    } finally {
      up = true;
    }
  });

  it('hands the check to the team after a day without an answer', async () => {
    up = false;
    try {
      const kiran = await candidate('Kiran Patil', 'confirmed', 'Infosys Ltd');
      await consent(kiran);
      await waitFor(async () => (await uanCheck(kiran)).epfo?.state === 'retrying', { what: 'a retry scheduled' });
      now = new Date(now.getTime() + GIVE_UP_AFTER_MS + 1000);
      await t.app.epfoLookups.runOnce();
      const check = await uanCheck(kiran);
      expect(check.status).toBe('in_review');
      expect(check.epfo?.state).toBe('gave_up');
      expect(check.flags).toEqual([{ rule: 'uan_provider', outcome: 'not_checked', found: messages.epfo.gaveUp }]);
    } finally {
      up = true;
    }
  });

  it('never asks under a withdrawn consent, and a new consent asks again', async () => {
    up = false;
    let lookupsAfterRevoke: Awaited<ReturnType<typeof lookups>>;
    const ravi = await candidate('Priya Sharma', 'confirmed', 'Infosys Ltd');
    try {
      await consent(ravi);
      await waitFor(async () => (await uanCheck(ravi)).epfo?.state === 'retrying', { what: 'a retry scheduled' });
      expect((await call(ravi, 'DELETE', '/api/verification/checks/uan/consent')).statusCode).toBe(200);
      lookupsAfterRevoke = await lookups(ravi);
      expect(lookupsAfterRevoke.map((row) => row.state)).toEqual(['cancelled']);
      expect((await uanCheck(ravi)).epfo).toBeNull();
    } finally {
      up = true;
    }
    now = new Date(now.getTime() + 3600_000);
    await t.app.epfoLookups.runOnce();
    expect((await lookups(ravi))[0]?.attempts).toBe(lookupsAfterRevoke[0]?.attempts);

    await consent(ravi);
    expect((await decided(ravi)).status).toBe('verified');
    expect((await lookups(ravi)).map((row) => row.state)).toEqual(['cancelled', 'decided']);
  });

  it('lets the candidate refresh the confirmation under their consent, one at a time; no one else may', async () => {
    const asha = await candidate('Priya Sharma', 'confirmed', 'Infosys Ltd');
    // No consent yet: nothing to refresh.
    const early = await call(asha, 'POST', '/api/verification/epfo/refresh', {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NO_CONSENT', message: messages.epfo.noConsent });

    await consent(asha);
    const first = await decided(asha);
    up = false;
    try {
      now = new Date(now.getTime() + 86_400_000);
      const refreshed = await call(asha, 'POST', '/api/verification/epfo/refresh', {});
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const view = refreshed.json<EpfoLookupView>();
      expect(view.state === 'asking' || view.state === 'retrying').toBe(true);
      // The last answer stays on show while EPFO is asked again.
      expect(view.findings).toEqual(first.epfo?.findings);
      await waitFor(async () => (await uanCheck(asha)).epfo?.state === 'retrying', { what: 'the refresh waiting' });
      const again = await call(asha, 'POST', '/api/verification/epfo/refresh', {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_ASKING', message: messages.epfo.alreadyAsking });
      expect((await uanCheck(asha)).status).toBe('verified');
    } finally {
      up = true;
    }
    now = new Date(now.getTime() + 120_000);
    await t.app.epfoLookups.runOnce();
    const second = await decided(asha);
    expect(second.epfo?.decided_at).toBe(now.toISOString());

    for (const [who, status] of [
      [employer, 403],
      [null, 401],
    ] as const) {
      expect((await call(who, 'POST', '/api/verification/epfo/refresh', {})).statusCode).toBe(status);
    }
    for (const payload of [{ uan: '1' }, [], 'x']) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/verification/epfo/refresh', headers: { cookie: asha.jar.header, 'content-type': 'application/json' }, payload: JSON.stringify(payload), remoteAddress: '10.34.3.1' });
      expect(bad.statusCode, bad.body).toBe(400);
    }
  });

  it('shows the history to a company the candidate applied to, while the consent stands; to no one else', async () => {
    const neha = await candidate('Priya Sharma', 'confirmed', 'Infosys Ltd');
    const job = await t.factories.job(company.id, { title: 'Senior Java Developer' });
    const application = await t.factories.application(job.id, neha.id);
    const url = `/api/verification/applications/${application.id}/epfo`;
    const view = async (who: Person | null) => call(who, 'GET', url);

    expect((await view(employer)).json<EmployerEpfoView>()).toEqual({ lookup: null });
    await consent(neha);
    await decided(neha);
    const seen = (await view(employer)).json<EmployerEpfoView>();
    expect(seen.lookup).toMatchObject({ state: 'decided', provider_label: 'the development provider', findings: { decision: 'verified' } });

    // The pipeline card carries the mark.
    const card = await call(employer, 'GET', `/api/pipeline/applications/${application.id}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json<{ verified: string[] }>().verified).toContain('epfo');

    expect((await view(otherEmployer)).statusCode).toBe(404);
    expect((await view(neha)).statusCode).toBe(403);
    expect((await view(null)).statusCode).toBe(401);
    expect((await call(employer, 'GET', '/api/verification/applications/not-a-uuid/epfo')).statusCode).toBe(400);

    // Withdrawn consent withdraws the history from employers.
    expect((await call(neha, 'DELETE', '/api/verification/checks/uan/consent')).statusCode).toBe(200);
    expect((await view(employer)).json<EmployerEpfoView>()).toEqual({ lookup: null });
  });

  it('puts what EPFO confirms into the portable record: each employment says through whom and when, and a share shows it', async () => {
    const tara = await candidate('Priya Sharma', 'confirmed', 'Infosys Ltd');
    // Her employment at Infosys, recorded on WorkCred and confirmed by her.
    const infosys = await t.factories.company({ name: 'Infosys Limited' });
    await db()
      .insertInto('employments')
      .values({ company_id: infosys.id, employee_id: tara.id, title: 'Senior Systems Engineer', joining_date: '2019-04-15', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: now })
      .execute();
    const before = (await call(tara, 'GET', '/api/employment-records/mine')).json<MyEmploymentRecords>();
    expect(before.epfo).toBeNull();
    expect(before.employments[0]?.epfo).toBeNull();

    await consent(tara);
    await decided(tara);
    const mine = (await call(tara, 'GET', '/api/employment-records/mine')).json<MyEmploymentRecords>();
    expect(mine.epfo).toEqual({
      provider_label: 'the development provider',
      confirmed_at: now.toISOString(),
      method: 'uan',
      employers: [
        { establishment: 'TATA CONSULTANCY SERVICES LIMITED', joined: '2016-07-11', exited: '2019-03-29' },
        { establishment: 'INFOSYS LIMITED', joined: '2019-04-15', exited: null },
      ],
    });
    expect(mine.employments[0]?.epfo).toEqual({ provider_label: 'the development provider', confirmed_at: now.toISOString(), method: 'uan' });

    // Shared with a company she applied to: the same EPFO part; before sharing, none.
    const job = await t.factories.job(company.id, { title: 'Tech Lead' });
    await t.factories.application(job.id, tara.id);
    const unshared = (await call(employer, 'GET', `/api/employment-records/shared/${tara.id}`)).json<SharedRecord>();
    expect(unshared).toMatchObject({ shared: false, epfo: null });
    expect((await call(tara, 'POST', '/api/record-shares', { company_id: company.id })).statusCode).toBeLessThan(300);
    const shared = (await call(employer, 'GET', `/api/employment-records/shared/${tara.id}`)).json<SharedRecord>();
    expect(shared.shared).toBe(true);
    expect(shared.epfo?.employers).toHaveLength(2);
  });

  it('shows the platform admins the calls per provider per day, the failures and the answer time, and who pays', async () => {
    const response = await call(admin, 'GET', '/api/verification/provider-calls?days=30');
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<ProviderCalls>();
    const rows = stats.days.filter((row) => row.provider === 'development' && row.kind === 'epfo_history');
    const total = (await db().selectFrom('provider_calls').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(rows.reduce((sum, row) => sum + row.calls, 0)).toBe(Number(total));
    // The outage's calls are failures; a "no record" answer is not.
    expect(rows.reduce((sum, row) => sum + row.failures, 0)).toBeGreaterThan(0);
    expect(stats.by_company).toContainEqual(expect.objectContaining({ company_id: null, company_name: null }));
    expect((await call(employer, 'GET', '/api/verification/provider-calls')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/verification/provider-calls?days=0')).statusCode).toBe(400);
  });

  it('asks each queued lookup once, even with several workers draining at the same moment', async () => {
    up = false;
    const people: Person[] = [];
    for (const name of ['Divya Menon', 'Farhan Ali', 'Gurpreet Kaur']) people.push(await candidate(name, 'confirmed', 'Infosys Ltd'));
    for (const person of people) await consent(person);
    for (const person of people) await waitFor(async () => (await uanCheck(person)).epfo?.state === 'retrying', { what: 'retries scheduled' });
    up = true;
    now = new Date(now.getTime() + 3600_000);
    const before = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM provider_calls`.execute(db())).rows[0]?.n);
    await Promise.all([t.app.epfoLookups.runOnce(), t.app.epfoLookups.runOnce(), t.app.epfoLookups.runOnce()]);
    const after = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM provider_calls`.execute(db())).rows[0]?.n);
    expect(after - before).toBe(3);
    for (const person of people) expect((await lookups(person))[0]?.state).toBe('decided');
  });
});
