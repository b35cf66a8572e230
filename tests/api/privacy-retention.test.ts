import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { RetentionRun } from '../../shared/schemas/privacy.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

const text = messages.privacy;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 18, the retention schedule: candidates inactive for 3 years are warned, then erased 48
 * hours later unless they sign in; registrations never completed are erased after 90 days; one run
 * a day, recorded; the clock is moved, never waited for.
 */
describe.skipIf(laneUnavailable)('privacy: the retention schedule', () => {
  let t: TestApp;
  let now = new Date();
  const db = () => t.database.db;
  const nameOf = async (id: string) => (await db().selectFrom('user_profiles').select('full_name').where('id', '=', id).executeTakeFirstOrThrow()).full_name;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
  });
  afterAll(async () => t?.close());

  it('warns the inactive, erases them 48 hours later unless they sign in, and erases unfinished registrations after 90 days', async () => {
    const longAgo = new Date(now.getTime() - (3 * 365 + 2) * DAY_MS);
    const omkar = await t.factories.user({ role: 'candidate', fullName: 'Omkar Kulkarni' });
    const bhavna = await t.factories.user({ role: 'candidate', fullName: 'Bhavna Chauhan' });
    const farida = await t.factories.user({ role: 'candidate', fullName: 'Farida Sheikh' });
    const uday = await t.factories.user({ role: 'candidate', fullName: 'Uday Kiran' });
    const eshan = await t.factories.user({ role: 'candidate', fullName: 'Eshan Verma' });
    for (const person of [omkar, bhavna, farida]) await t.factories.candidateProfile(person.id);
    for (const person of [uday, eshan]) await t.factories.candidateProfile(person.id, { completed: false });
    await db().updateTable('candidate_profiles').set({ last_seen_at: longAgo }).where('user_id', 'in', [omkar.id, bhavna.id]).execute();
    await db().updateTable('candidate_profiles').set({ created_at: new Date(now.getTime() - 91 * DAY_MS) }).where('user_id', '=', uday.id).execute();
    await db().updateTable('candidate_profiles').set({ created_at: new Date(now.getTime() - 10 * DAY_MS) }).where('user_id', '=', eshan.id).execute();

    const first = await t.app.privacyJobs.runOnce();
    expect(first.retention).toMatchObject({ warned: 2, inactive_scheduled: 0, unsubmitted_scheduled: 1 });
    expect(first.erased).toBe(1);
    expect(await nameOf(uday.id)).toBe('Erased person');
    expect(await nameOf(eshan.id)).toBe('Eshan Verma');
    const warnings = await db().selectFrom('outbox_messages').select('recipient').where('subject', '=', text.retentionWarningSubject).execute();
    expect(warnings.map((m) => m.recipient).sort()).toEqual([omkar.email, bhavna.email].sort());
    // One run a day: the next pass the same day does nothing.
    expect((await t.app.privacyJobs.runOnce()).retention).toBeNull();

    // Bhavna signs in a day later; Omkar does not.
    now = new Date(now.getTime() + DAY_MS);
    await signIn(t.app, bhavna.email, bhavna.password, '10.99.0.1');
    now = new Date(now.getTime() + DAY_MS + 60_000);
    const third = await t.app.privacyJobs.runOnce();
    expect(third.retention).toMatchObject({ warned: 0, inactive_scheduled: 1, unsubmitted_scheduled: 0 });
    expect(third.erased).toBe(1);
    expect(await nameOf(omkar.id)).toBe('Erased person');
    expect(await nameOf(bhavna.id)).toBe('Bhavna Chauhan');
    expect(await nameOf(farida.id)).toBe('Farida Sheikh');
    // The erased are out of the schedule: days later nobody is warned or erased again.
    now = new Date(now.getTime() + 3 * DAY_MS);
    expect((await t.app.privacyJobs.runOnce()).retention).toMatchObject({ warned: 0, inactive_scheduled: 0, unsubmitted_scheduled: 0 });
    const requests = await db().selectFrom('privacy_requests').select(['topic', 'status', 'details']).where('kind', '=', 'erasure').execute();
    expect(requests).toHaveLength(2);
    expect(requests).toEqual(expect.arrayContaining([expect.objectContaining({ topic: 'retention', status: 'completed', details: text.retentionInactiveDetails })]));
  });

  it('shows platform admins the runs; nobody else', async () => {
    const admin = await t.factories.user({ role: 'admin' });
    const candidate = await t.factories.user({ role: 'candidate' });
    const employer = await t.factories.user({ role: 'employer', companyId: (await t.factories.company()).id, companyRole: 'owner' });
    const get = async (email: string, password: string) =>
      t.app.inject({ url: '/api/admin/privacy/retention-runs', headers: { cookie: (await signIn(t.app, email, password, '10.99.0.2')).header }, remoteAddress: '10.99.0.3' });
    const runs = await get(admin.email, admin.password);
    expect(runs.statusCode).toBe(200);
    expect(runs.json<RetentionRun[]>().map((run) => run.warned)).toEqual([0, 0, 2]);
    expect((await get(candidate.email, candidate.password)).statusCode).toBe(403);
    expect((await get(employer.email, employer.password)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/privacy/retention-runs', remoteAddress: '10.99.0.4' })).statusCode).toBe(401);
  });
});
