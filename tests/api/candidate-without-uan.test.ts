import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { RegistrationState } from '../../shared/schemas/candidate.ts';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { CANDIDATE_EMAIL_CODE_SUBJECT } from '../../server/auth/emails.ts';
import { codeIn, readOutbox } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const c = messages.candidate;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 33, B5: a fresher (no UAN) registers with "I don't have a UAN yet", completes, applies,
 * and adds the UAN later; the phone verified by the code at registration is a finished phone check.
 */
describe.skipIf(laneUnavailable)('a candidate without a UAN, and the phone check done by the code', () => {
  let t: TestApp;
  let ipCounter = 0;
  let counter = 0;
  const nextIp = () => `10.57.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  async function call(jar: CookieJar | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    const response = await t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as object }) });
    jar?.store(response);
    return response;
  }
  const ok = <T>(response: LightMyRequestResponse): T => {
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };

  /** Email code, then the SMS code: a candidate at the UAN step. */
  async function candidateAtUanStep() {
    counter += 1;
    const email = `fresher.${counter}.${Date.now().toString(36)}@example-mail.in`;
    ok(await call(undefined, 'POST', '/api/candidate/registration/email', { email }));
    const mail = await waitFor(() => readOutbox(t.dataDir).find((m) => m.to === email && m.subject === CANDIDATE_EMAIL_CODE_SUBJECT), { what: 'the email code' });
    const verified = await call(undefined, 'POST', '/api/candidate/registration/email/verify', { email, otp: codeIn(mail) });
    const jar = new CookieJar().store(verified);
    const national = `93456${String(10000 + counter).padStart(5, '0')}`;
    ok(await call(jar, 'POST', '/api/candidate/verify-phone', { action: 'send', phone: national }));
    const sms = await waitFor(() => readOutbox(t.dataDir).find((m) => m.channel === 'sms' && m.to === `+91${national}`), { what: 'the SMS code' });
    expect(ok(await call(jar, 'POST', '/api/candidate/verify-phone', { action: 'verify', phone: national, otp: codeIn(sms) }))).toEqual({ verified: true });
    const state = ok<RegistrationState>(await call(jar, 'GET', '/api/candidate/registration'));
    expect(state.step).toBe('uan');
    const { id } = await t.database.db.selectFrom('user_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { jar, email, userId: id, phone: `+91${national}` };
  }

  const checks = async (jar: CookieJar) => ok<CandidateCheck[]>(await call(jar, 'GET', '/api/verification/checks'));

  it('registers, completes and applies with "I don\'t have a UAN yet", then adds the UAN later (freshers could not register)', async () => {
    const fresher = await candidateAtUanStep();
    const none = ok<RegistrationState>(await call(fresher.jar, 'PUT', '/api/candidate/profile/uan', { no_uan: true }));
    expect(none).toMatchObject({ step: 'personal', uan: null, no_uan: true });
    // Saying it again changes nothing.
    expect(ok<RegistrationState>(await call(fresher.jar, 'PUT', '/api/candidate/profile/uan', { no_uan: true }))).toMatchObject({ no_uan: true });
    ok(await call(fresher.jar, 'PUT', '/api/candidate/profile/personal', { full_name: 'Divya Nair', education: 'B.E., 2026', adult_confirmed: true, notice_accepted: true }));
    ok(await call(fresher.jar, 'PUT', '/api/candidate/profile/professional', { current_employer: 'Fresher', notice_period_days: 0, experience_years: 0 }));
    const completed = ok<RegistrationState>(await call(fresher.jar, 'POST', '/api/candidate/registration/complete', {}));
    expect(completed).toMatchObject({ completed: true, step: null, uan: null, no_uan: true });

    // No UAN check is offered (it needs one); nothing else is held back.
    expect((await checks(fresher.jar)).map((check) => check.subject)).toEqual(['phone']);
    const company = await t.factories.company({ name: 'Campus Hiring Co' });
    const job = await t.factories.job(company.id, { title: 'Graduate Trainee', expiresAt: new Date(Date.now() + 30 * DAY) });
    const applied = await call(fresher.jar, 'POST', `/api/jobs/${job.id}/applications`, {});
    expect(applied.statusCode, applied.body).toBe(201);

    // The first employer's payroll made a UAN: added later, and its check appears.
    const added = ok<RegistrationState>(await call(fresher.jar, 'PUT', '/api/candidate/profile/uan', { uan: '700800900100' }));
    expect(added).toMatchObject({ uan: '700800900100', no_uan: false, completed: true });
    expect((await checks(fresher.jar)).map((check) => check.subject)).toEqual(['phone', 'uan']);
    const row = await t.database.db.selectFrom('candidate_profiles').select(['uan', 'no_uan_at']).where('user_id', '=', fresher.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ uan: '700800900100', no_uan_at: null });
  });

  it('refuses a body with both or neither, and "no UAN" once a UAN is saved, changing nothing', async () => {
    const candidate = await candidateAtUanStep();
    for (const [body, message] of [
      [{ uan: '100200300499', no_uan: true }, c.uan.eitherUanOrNone],
      [{}, c.uan.invalid],
      [{ no_uan: false }, c.uan.noUanInvalid],
      [{ no_uan: 'yes' }, c.uan.noUanInvalid],
    ] as const) {
      const response = await call(candidate.jar, 'PUT', '/api/candidate/profile/uan', body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(response.json().message).toContain(message);
    }
    expect(ok<RegistrationState>(await call(candidate.jar, 'GET', '/api/candidate/registration'))).toMatchObject({ step: 'uan', uan: null, no_uan: false });

    ok(await call(candidate.jar, 'PUT', '/api/candidate/profile/uan', { uan: '100200300498' }));
    const refused = await call(candidate.jar, 'PUT', '/api/candidate/profile/uan', { no_uan: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'UAN_SAVED', message: c.uan.alreadySaved });
    expect(ok<RegistrationState>(await call(candidate.jar, 'GET', '/api/candidate/registration'))).toMatchObject({ uan: '100200300498', no_uan: false });
  });

  it('records the phone verified by the code as a verified phone check, with the number and the time (was "Pending · Give consent")', async () => {
    const candidate = await candidateAtUanStep();
    const [phone] = await checks(candidate.jar);
    expect(phone).toMatchObject({ subject: 'phone', status: 'verified', decided_by: 'algorithm', consent: null, verified_fields: ['phone'], code_sent_to: '+91•••••••' + candidate.phone.slice(-3) });
    expect(Date.now() - new Date(phone?.decided_at ?? 0).getTime()).toBeLessThan(60_000);
    // Employers see it too, as the other verified checks: the row is there, verified.
    const row = await t.database.db.selectFrom('verification_checks').select(['status', 'decided_by']).where('candidate_id', '=', candidate.userId).where('subject', '=', 'phone').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'verified', decided_by: 'algorithm' });
    const audit = await t.database.db.selectFrom('admin_audit_logs').select('action').where('admin_id', '=', candidate.userId).where('action', '=', 'verification_check_run').execute();
    expect(audit).toHaveLength(1);
  });

  it('migration 0053 marks the phones verified before it as done, at the time of their code', async () => {
    const user = await t.factories.user({ role: 'candidate' });
    await t.factories.candidateProfile(user.id);
    const at = new Date('2026-10-02T05:30:00Z');
    await t.database.db.updateTable('user_profiles').set({ phone: '+919345600001', mobile_verified: true }).where('id', '=', user.id).execute();
    await t.database.db
      .insertInto('phone_verification_codes')
      .values({ user_id: user.id, phone: '+919345600001', code_hash: 'x', expires_at: at, consumed_at: at, created_at: at })
      .execute();
    // The migration's statement, run again for this candidate (it ran on an empty database).
    const { readFileSync } = await import('node:fs');
    const migration = readFileSync(new URL('../../server/db/migrations/0053_candidate_without_uan.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('INSERT INTO verification_checks'));
    await sql.raw(backfill).execute(t.database.db);
    const row = await t.database.db.selectFrom('verification_checks').select(['status', 'decided_by', 'decided_at']).where('candidate_id', '=', user.id).where('subject', '=', 'phone').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'verified', decided_by: 'algorithm', decided_at: at });
  });
});
