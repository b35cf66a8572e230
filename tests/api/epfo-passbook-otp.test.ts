import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../shared/fill.ts';
import type { EpfoLookupView } from '../../shared/schemas/epfo.ts';
import type { MyEmploymentRecords } from '../../shared/schemas/employment.ts';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { createSurepassProvider } from '../../server/features/verification/sources/epfo/surepass.ts';
import { SUREPASS_OTP, SUREPASS_TOKEN, startFakeSurepass, surepassErrors, surepassPassbookMonths, type FakeSurepass } from '../support/fake-surepass.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

type Person = { id: string; jar: CookieJar };
const text = messages.epfo;

/**
 * Issue 34, the stronger option: EPFO texts a code to the member's registered mobile, the
 * candidate types it, the passbook is read and decided by the same rules as the lookup by UAN.
 * Every provider call runs in the lookup worker; the routes only move the session in the database.
 * Surepass is its local fake answering the documented shapes.
 */
describe.skipIf(laneUnavailable)(`EPFO OTP passbook flow through Surepass (${testDbKind})`, () => {
  let t: TestApp;
  let fake: FakeSurepass;
  let now = new Date('2026-11-28T06:00:00Z');
  let ip = 0;
  let uans = 0;
  const db = () => t.database.db;

  async function candidate(fullName: string, currentEmployer: string, withUan = true): Promise<Person & { uan: string }> {
    const user = await t.factories.user({ role: 'candidate', fullName });
    const uan = `1016698${String(++uans).padStart(5, '0')}`;
    await t.factories.candidateProfile(user.id, { uan: withUan ? uan : null, current_employer: currentEmployer });
    // The member's passbook: I Process Services 2018–Feb 2021, then Infosys from March 2021 to last month.
    fake.passbooks.set(uan, {
      fullName: fullName.toUpperCase(),
      companies: {
        MHBAN00412365400031307: { company_name: 'I PROCESS SERVICES (INDIA) PVT. LTD.', passbook: surepassPassbookMonths('MHBAN00412365400031307', '2018-03', '2021-02') },
        KNBNG00218740000412355: { company_name: 'INFOSYS LIMITED', passbook: surepassPassbookMonths('KNBNG00218740000412355', '2021-03', '2026-10') },
      },
    });
    return { id: user.id, uan, jar: await signIn(t.app, user.email, user.password, `10.55.0.${++ip}`) };
  }
  const call = (who: Person | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.jar.header } : {}, ...(payload === undefined ? {} : { payload }), remoteAddress: `10.55.1.${++ip % 250}` });
  const uanCheck = async (who: Person) => {
    const response = await call(who, 'GET', '/api/verification/checks');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CandidateCheck[]>().find((check) => check.subject === 'uan') as CandidateCheck;
  };
  const start = async (who: Person) => {
    const response = await call(who, 'POST', '/api/verification/epfo/otp', {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EpfoLookupView>();
  };
  const awaiting = (who: Person) =>
    waitFor(
      async () => {
        const lookup = (await uanCheck(who)).epfo;
        return lookup?.otp?.step === 'awaiting_code' && !lookup.otp.notice ? lookup : undefined;
      },
      { what: 'the code sent' },
    );
  const settled = (who: Person, until: (lookup: EpfoLookupView) => boolean, what: string) =>
    waitFor(
      async () => {
        const lookup = (await uanCheck(who)).epfo;
        return lookup && until(lookup) ? lookup : undefined;
      },
      { what },
    );
  const session = (who: Person) => db().selectFrom('epfo_lookups').selectAll().where('candidate_id', '=', who.id).orderBy('requested_at', 'desc').executeTakeFirstOrThrow();
  const code = (who: Person, value: string) => call(who, 'POST', '/api/verification/epfo/otp/code', { code: value });

  beforeAll(async () => {
    fake = await startFakeSurepass();
    const provider = createSurepassProvider({ url: fake.url, token: SUREPASS_TOKEN, timeoutMs: 2_000 });
    t = await createTestApp({}, { clock: () => now, uanProvider: provider });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the code, takes a wrong one and then the right one, reads the passbook and decides it by the same rules, metered', async () => {
    const sunita = await candidate('Sunita Devi Yadav', 'Infosys Ltd');
    const before = await uanCheck(sunita);
    // The stronger option is offered with its own consent: the provider, what is sent, what is read.
    expect(before.otp_purpose).toBe(fill(text.otpPurpose, { provider: 'Surepass' }));
    const started = await start(sunita);
    expect(started).toMatchObject({ method: 'passbook_otp', state: 'asking', otp: { step: expect.stringMatching(/sending|awaiting_code/), tries_left: 3 } });
    const consent = await db().selectFrom('verification_consents').select(['id', 'purpose']).where('candidate_id', '=', sunita.id).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    expect(consent.purpose).toBe(fill(text.otpPurpose, { provider: 'Surepass' }));

    const sent = await awaiting(sunita);
    expect(sent.otp).toMatchObject({ masked_mobile: 'XXXXXX5699', expires_at: new Date(now.getTime() + 10 * 60_000).toISOString(), resend_at: new Date(now.getTime() + 60_000).toISOString() });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/income/epfo/passbook/generate-otp', body: { id_number: sunita.uan } });

    expect((await code(sunita, '111111')).statusCode).toBe(200);
    const wrong = await settled(sunita, (lookup) => lookup.otp?.notice === 'wrong_code', 'the wrong code refused');
    expect(wrong.otp).toMatchObject({ step: 'awaiting_code', tries_left: 2 });

    // Typed with a space, as people copy it from the text.
    expect((await code(sunita, `${SUREPASS_OTP.slice(0, 3)} ${SUREPASS_OTP.slice(3)}`)).statusCode).toBe(200);
    const check = await waitFor(async () => {
      const current = await uanCheck(sunita);
      return current.epfo?.state === 'decided' ? current : undefined;
    }, { what: 'the passbook decided' });
    expect(fake.requests.filter((request) => request.path.endsWith('/submit-otp')).at(-1)?.body).toMatchObject({ otp: SUREPASS_OTP });
    expect(check).toMatchObject({ status: 'verified', decided_by: 'provider', verified_fields: ['uan', 'full_name', 'current_employer'] });
    expect(check.epfo).toMatchObject({ method: 'passbook_otp', provider_label: 'Surepass', otp: null, decided_at: now.toISOString() });
    // First and last contribution months per establishment: joining and exit; the current one has no exit.
    expect(check.epfo?.findings?.employers.map((row) => [row.establishment, row.joined, row.exited, row.last_contribution])).toEqual([
      ['I PROCESS SERVICES (INDIA) PVT. LTD.', '2018-03-15', '2021-02-28', '2021-02'],
      ['INFOSYS LIMITED', '2021-03-15', null, '2026-10'],
    ]);
    expect(check.epfo?.findings?.employers[1]?.confirms).toEqual([{ employer: 'Infosys Ltd', source: 'current_employer' }]);

    // Nothing of the OTP outlives the session; the passbook's lines are not stored.
    const row = await session(sunita);
    expect(row).toMatchObject({ state: 'decided', method: 'passbook_otp', otp_code: null, otp_session: null, otp_step: null, otp_wrong: 1 });
    expect(JSON.stringify(row.result)).not.toContain('KNBNG00218740000412355');
    expect(JSON.stringify(row.result)).not.toContain('1,800');
    // Metered as the lookup is: send, two submissions, the passbook; WorkCred pays.
    const calls = await db().selectFrom('provider_calls').select(['provider', 'kind', 'outcome', 'company_id']).where('kind', '=', 'epfo_passbook').execute();
    expect(calls).toEqual(Array.from({ length: 4 }, () => ({ provider: 'surepass', kind: 'epfo_passbook', outcome: 'answered', company_id: null })));

    // The record names the method: the passbook, confirmed by the member's OTP.
    const records = await call(sunita, 'GET', '/api/employment-records/mine');
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json<MyEmploymentRecords>().epfo).toMatchObject({ provider_label: 'Surepass', method: 'passbook_otp' });
  });

  it('ends the session after three wrong codes; the code route then says there is none, and starting again sends a new code', async () => {
    const arun = await candidate('Arun Kumar', 'Infosys Ltd');
    await start(arun);
    await awaiting(arun);
    for (const tries of [2, 1]) {
      expect((await code(arun, '000000')).statusCode).toBe(200);
      await settled(arun, (lookup) => lookup.otp?.notice === 'wrong_code' && lookup.otp.tries_left === tries, `${tries} tries left`);
    }
    expect((await code(arun, '000000')).statusCode).toBe(200);
    const ended = await settled(arun, (lookup) => lookup.state === 'ended', 'the session ended');
    expect(ended.otp).toMatchObject({ step: null, ended: 'too_many_wrong', tries_left: 0 });
    const late = await code(arun, SUREPASS_OTP);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'NO_OTP_SESSION', message: text.otpNoSession });
    // The check waits, with the consent; a new session sends a new code.
    expect((await uanCheck(arun)).status).toBe('pending');
    // (A moment later: lookups are ordered by when they were asked.)
    now = new Date(now.getTime() + 1000);
    await start(arun);
    await awaiting(arun);
  });

  it('refuses a code after the session expired, and the worker ends it', async () => {
    const leela = await candidate('Leela Menon', 'Infosys Ltd');
    await start(leela);
    await awaiting(leela);
    now = new Date(now.getTime() + 10 * 60_000 + 1000);
    const late = await code(leela, SUREPASS_OTP);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'OTP_EXPIRED', message: text.otpExpired });
    await t.app.epfoLookups.runOnce();
    const ended = await settled(leela, (lookup) => lookup.state === 'ended', 'the session expired');
    expect(ended.otp?.ended).toBe('expired');
    expect(await session(leela)).toMatchObject({ otp_session: null, otp_code: null });
  });

  it('spaces new codes a minute apart and stops after three', async () => {
    const vikram = await candidate('Vikram Singh', 'Infosys Ltd');
    await start(vikram);
    const first = await awaiting(vikram);
    const soon = await call(vikram, 'POST', '/api/verification/epfo/otp/resend', {});
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(fill(text.otpResendTooSoon, { seconds: 60 }));
    let sessionId = (await session(vikram)).otp_session;
    for (let resend = 1; resend <= 3; resend += 1) {
      now = new Date(now.getTime() + 61_000);
      const again = await call(vikram, 'POST', '/api/verification/epfo/otp/resend', {});
      expect(again.statusCode, again.body).toBe(200);
      await waitFor(async () => (await session(vikram)).otp_step === 'awaiting_code' && (await session(vikram)).otp_session !== sessionId, { what: `new code ${resend}` });
      sessionId = (await session(vikram)).otp_session;
    }
    expect((await session(vikram)).otp_sends).toBe(4);
    expect((await uanCheck(vikram)).epfo?.otp?.resend_at).toBeNull();
    now = new Date(now.getTime() + 61_000);
    const capped = await call(vikram, 'POST', '/api/verification/epfo/otp/resend', {});
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(text.otpNoMoreResends);
    expect(first.otp?.masked_mobile).toBe('XXXXXX5699');
  });

  it('answers bad input with a 4xx naming it: the code format, no session, no UAN, a second start, a stop', async () => {
    const meera = await candidate('Meera Pillai', 'Infosys Ltd');
    for (const bad of ['12345', 'abcdef', '1234567', '']) {
      const response = await code(meera, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toContain(text.otpCodeFormat);
    }
    expect((await call(meera, 'POST', '/api/verification/epfo/otp/code', { code: '123456', extra: 1 })).statusCode).toBe(400);
    // No consent, no session: nothing to type a code into.
    const none = await code(meera, '123456');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_OTP_SESSION', message: text.otpNoSession });
    expect((await call(meera, 'POST', '/api/verification/epfo/otp/resend', {})).json()).toMatchObject({ code: 'NO_OTP_SESSION' });

    await start(meera);
    const twice = await call(meera, 'POST', '/api/verification/epfo/otp', {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_ASKING', message: text.alreadyAsking });
    await awaiting(meera);
    const stopped = await call(meera, 'DELETE', '/api/verification/epfo/otp');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<EpfoLookupView>()).toMatchObject({ state: 'ended', otp: { ended: 'cancelled' } });
    expect(await session(meera)).toMatchObject({ otp_session: null, state: 'ended' });

    const noUan = await candidate('Ravi Shankar', 'Infosys Ltd', false);
    const refused = await call(noUan, 'POST', '/api/verification/epfo/otp', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NO_UAN', message: text.otpNeedsUan });
  });

  it('withdrawing consent ends a session waiting for its code; the code then finds none', async () => {
    const nisha = await candidate('Nisha Rao', 'Infosys Ltd');
    await start(nisha);
    await awaiting(nisha);
    expect((await call(nisha, 'DELETE', '/api/verification/checks/uan/consent')).statusCode).toBe(200);
    expect(await session(nisha)).toMatchObject({ state: 'cancelled', otp_session: null });
    expect((await code(nisha, SUREPASS_OTP)).json()).toMatchObject({ code: 'NO_OTP_SESSION' });
  });

  it('a provider that cannot send the code is retried, then the session ends as unavailable', async () => {
    const kiran = await candidate('Kiran Patil', 'Infosys Ltd');
    fake.plan.push(surepassErrors[500]);
    await start(kiran);
    const retrying = await settled(kiran, (lookup) => lookup.state === 'retrying', 'a retry');
    expect(retrying.otp?.step).toBe('sending');
    for (let attempt = 0; attempt < 6; attempt += 1) fake.plan.push(surepassErrors[500]);
    for (let hop = 0; hop < 6; hop += 1) {
      now = new Date(now.getTime() + 3 * 60_000);
      await t.app.epfoLookups.runOnce();
    }
    const ended = await settled(kiran, (lookup) => lookup.state === 'ended', 'the session ended');
    expect(ended.otp?.ended).toBe('unavailable');
    fake.plan.length = 0;
    const calls = await db().selectFrom('provider_calls').select('outcome').where('kind', '=', 'epfo_passbook').where('outcome', '=', 'unavailable').execute();
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses everyone but the candidate: signed out 401, employers and admins 403, another candidate finds no session of theirs', async () => {
    const owner = await candidate('Sunil Gupta', 'Infosys Ltd');
    await start(owner);
    await awaiting(owner);
    const company = await t.factories.company({ name: 'Kaveri OTP Pvt Ltd' });
    const employerUser = await t.factories.user({ role: 'employer', companyId: company.id });
    const employer = { id: employerUser.id, jar: await signIn(t.app, employerUser.email, employerUser.password, '10.55.2.1') };
    const adminUser = await t.factories.user({ role: 'admin' });
    const admin = { id: adminUser.id, jar: await signIn(t.app, adminUser.email, adminUser.password, '10.55.2.2') };
    const other = await candidate('Other Person', 'Infosys Ltd');
    const routes = [
      ['POST', '/api/verification/epfo/otp', {}],
      ['POST', '/api/verification/epfo/otp/code', { code: SUREPASS_OTP }],
      ['POST', '/api/verification/epfo/otp/resend', {}],
      ['DELETE', '/api/verification/epfo/otp', undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [employer, admin]) {
        const response = await call(who, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().code).toBe('CANDIDATES_ONLY');
      }
    }
    // Another candidate acts on their own (empty) session only: the owner's is untouched.
    for (const [method, url, body] of routes.slice(1)) expect((await call(other, method, url, body)).json(), `${method} ${url}`).toMatchObject({ code: 'NO_OTP_SESSION' });
    expect(await session(owner)).toMatchObject({ state: 'queued', otp_step: 'awaiting_code', otp_end: null });
  });
});
