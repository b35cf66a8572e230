import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import type { SharedRecord } from '../../shared/schemas/employment.ts';
import type { EpfoLookupView } from '../../shared/schemas/epfo.ts';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { runQueuedLookups } from '../../server/features/verification/lookups/lookup-worker.ts';
import { createDevelopmentEpfoProvider, developmentUanFor } from '../../server/features/verification/sources/epfo/development.ts';
import { waitForMessage } from '../support/outbox.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const DAY = 86_400_000;
const text = messages.epfo;

/**
 * Issue 34 §3: an employer holding a shared record for 90 days or more asks the candidate to
 * refresh their EPFO confirmation; the candidate refreshes with a new consent, and the employer
 * keeps seeing the last answer until the new one replaces it.
 */
describe.skipIf(laneUnavailable)(`an employer asks for a fresh EPFO confirmation (${testDbKind})`, () => {
  let t: TestApp;
  let now = new Date('2026-11-27T06:00:00Z');
  let ip = 0;
  const db = () => t.database.db;
  let employer: { jar: CookieJar; companyId: string };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now, uanProvider: createDevelopmentEpfoProvider({ nodeEnv: 'test', now: () => now }) });
    const company = await t.factories.company({ name: 'Kaveri Analytics Pvt Ltd' });
    const owner = await t.factories.user({ role: 'employer', fullName: 'Ritu Malhotra', companyId: company.id });
    employer = { companyId: company.id, jar: await signIn(t.app, owner.email, owner.password, '10.36.0.1') };
  });
  afterAll(async () => t?.close());

  const call = (jar: CookieJar, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: `10.36.1.${++ip % 250}` });

  /** A verified candidate whose record the company has held for `days` days. */
  async function sharedFor(days: number) {
    const user = await t.factories.user({ role: 'candidate', fullName: 'Priya Sharma' });
    await t.factories.candidateProfile(user.id, { uan: developmentUanFor('confirmed', 3600 + ++n), current_employer: 'Infosys Ltd' });
    const jar = await signIn(t.app, user.email, user.password, `10.36.2.${n}`);
    expect((await call(jar, 'POST', '/api/verification/checks/uan/consent', {})).statusCode).toBe(200);
    await waitFor(async () => (await call(jar, 'GET', '/api/verification/checks')).json<CandidateCheck[]>().find((check) => check.subject === 'uan')?.status === 'verified', { what: 'verified' });
    await db().insertInto('record_shares').values({ candidate_id: user.id, company_id: employer.companyId, purpose: 'test share', granted_at: new Date(now.getTime() - days * DAY) }).execute();
    return { id: user.id, email: user.email, jar };
  }

  it('asks a candidate whose share is 90 days old, once a week at most; a newer share cannot', async () => {
    const old = await sharedFor(91);
    const asked = await call(employer.jar, 'POST', `/api/employment-records/shared/${old.id}/epfo-refresh`, {});
    expect(asked.statusCode, asked.body).toBe(200);
    const notice = await db().selectFrom('notifications').select(['title', 'message']).where('recipient_id', '=', old.id).executeTakeFirstOrThrow();
    expect(notice).toEqual({ title: text.refreshNoticeTitle, message: fill(text.refreshNoticeMessage, { company: 'Kaveri Analytics Pvt Ltd', days: 91 }) });
    const mail = await waitForMessage(t.dataDir, (message) => message.to === old.email && message.subject === fill(text.refreshEmailSubject, { company: 'Kaveri Analytics Pvt Ltd' }));
    expect(mail.text).toContain('Refresh from EPFO');

    const again = await call(employer.jar, 'POST', `/api/employment-records/shared/${old.id}/epfo-refresh`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ASKED_RECENTLY', message: text.refreshAskedRecently });

    const recent = await sharedFor(30);
    const early = await call(employer.jar, 'POST', `/api/employment-records/shared/${recent.id}/epfo-refresh`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'TOO_SOON', message: fill(text.refreshTooSoon, { days: 30 }) });
    expect(await db().selectFrom('notifications').select('id').where('recipient_id', '=', recent.id).execute()).toEqual([]);
  });

  it('refreshes with a new consent; the employer sees the last answer meanwhile and the new one after', async () => {
    const person = await sharedFor(120);
    const before = (await call(employer.jar, 'GET', `/api/employment-records/shared/${person.id}`)).json<SharedRecord>();
    const firstConfirmed = before.epfo?.confirmed_at;
    expect(firstConfirmed).toBe(now.toISOString());
    const consentBefore = await db().selectFrom('verification_consents').select('id').where('candidate_id', '=', person.id).where('subject', '=', 'uan').where('revoked_at', 'is', null).executeTakeFirstOrThrow();

    now = new Date(now.getTime() + 2 * DAY);
    // Paused: the worker is stopped so the "meanwhile" can be seen.
    await t.app.epfoLookups.stop();
    const refreshed = await call(person.jar, 'POST', '/api/verification/epfo/refresh', {});
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<EpfoLookupView>().state).toBe('asking');
    const consents = await db().selectFrom('verification_consents').select(['id', 'revoked_at']).where('candidate_id', '=', person.id).where('subject', '=', 'uan').orderBy('granted_at').execute();
    expect(consents).toHaveLength(2);
    expect(consents.find((row) => row.id === consentBefore.id)?.revoked_at).not.toBeNull();
    expect((await call(employer.jar, 'GET', `/api/employment-records/shared/${person.id}`)).json<SharedRecord>().epfo?.confirmed_at).toBe(firstConfirmed);

    await runQueuedLookups({ db: db(), provider: createDevelopmentEpfoProvider({ nodeEnv: 'test', now: () => now }), log: t.app.log, clock: () => now });
    expect((await call(employer.jar, 'GET', `/api/employment-records/shared/${person.id}`)).json<SharedRecord>().epfo?.confirmed_at).toBe(now.toISOString());
  });
});
