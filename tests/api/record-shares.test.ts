import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { RecordShare, RecordSharesOverview, SharedRecord } from '../../shared/schemas/employment.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.employment;

/**
 * The portable record (issue 7 point 6): the candidate shares their verified employment history
 * with a company they applied to; that company's people see who confirmed what and when, every
 * read is logged for the candidate; revoking stops it at once; nobody else sees it.
 */
describe.skipIf(laneUnavailable)('the shared employment record: /api/record-shares, /api/employment-records/shared', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.72.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  type Who = 'recruiterA' | 'teammateA' | 'recruiterB' | 'recruiterC' | 'recruiterD' | 'meera' | 'nikhil';
  const people = {} as Record<Who, { id: string; fullName: string; jar: CookieJar }>;
  const companies = {} as Record<'A' | 'B' | 'C' | 'D', { id: string; name: string }>;
  let meeraAtB = '';
  let meeraAtC = '';

  const db = () => t.database.db;
  const call = (who: Who | 'anonymous', method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'anonymous' ? {} : { cookie: people[who].jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const share = (who: Who, companyId: string) => call(who, 'POST', '/api/record-shares', { company_id: companyId });
  const readRecord = (who: Who, candidateId: string) => call(who, 'GET', `/api/employment-records/shared/${candidateId}`);
  const mine = async (who: Who) => {
    const response = await call(who, 'GET', '/api/record-shares/mine');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RecordSharesOverview>();
  };
  const sharesRows = () => db().selectFrom('record_shares').selectAll().where('candidate_id', '=', people.meera.id).orderBy('granted_at').execute();
  const viewsCount = async () => Number((await db().selectFrom('record_views').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  async function person(who: Who, role: 'employer' | 'candidate', companyId: string | null, fullName: string) {
    const user = await t.factories.user({ role, companyId, fullName });
    people[who] = { id: user.id, fullName, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    companies.A = await t.factories.company({ name: 'Amber Analytics' });
    companies.B = await t.factories.company({ name: 'Banyan Foods' });
    companies.C = await t.factories.company({ name: 'Cedar Motors' });
    companies.D = await t.factories.company({ name: 'Deodar Pharma' });
    await person('recruiterA', 'employer', companies.A.id, 'Aarti Recruiter');
    await person('teammateA', 'employer', companies.A.id, 'Arun Teammate');
    await person('recruiterB', 'employer', companies.B.id, 'Bela Recruiter');
    await person('recruiterC', 'employer', companies.C.id, 'Chand Recruiter');
    await person('recruiterD', 'employer', companies.D.id, 'Dev Recruiter');
    await person('meera', 'candidate', null, 'Meera Nair');
    await person('nikhil', 'candidate', null, 'Nikhil Das');
    await t.factories.candidateProfile(people.meera.id);
    await t.factories.candidateProfile(people.nikhil.id);
    // Meera applied to A (now hiring her) and worked at B and C before; Nikhil applied to A too.
    const jobA = await t.factories.job(companies.A.id, { title: 'Data Analyst' });
    await t.factories.application(jobA.id, people.meera.id);
    await t.factories.application(jobA.id, people.nikhil.id);
    meeraAtC = (
      await db()
        .insertInto('employments')
        .values({ company_id: companies.C.id, employee_id: people.meera.id, title: 'Analyst', joining_date: '2019-07-01', last_working_day: '2022-03-31', status: 'relieved', relieving_reason: 'Resigned', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    meeraAtB = (await db().insertInto('employments').values({ company_id: companies.B.id, employee_id: people.meera.id, title: 'Senior Analyst', joining_date: '2022-04-15', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
    await db()
      .insertInto('verification_checks')
      .values({ candidate_id: people.meera.id, subject: 'experience_letter', status: 'verified', decided_by: 'verification_team', decided_at: new Date('2026-02-01T10:00:00Z'), verified_fields: ['current_employer'] })
      .execute();
  });
  afterAll(async () => t?.close());

  it('lists the companies Meera applied to, none shared yet', async () => {
    expect(await mine('meera')).toEqual({ shares: [], companies: [{ id: companies.A.id, name: companies.A.name, shared: false }] });
  });

  it('refuses a share with a company she did not apply to (409, also for an unknown id) and malformed bodies (400): nothing written', async () => {
    for (const companyId of [companies.B.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await share('meera', companyId);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(text.shareNeedsApplication);
    }
    const malformed = await share('meera', 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toBe(`company_id: ${text.invalidCompany}`);
    const ownPurpose = await call('meera', 'POST', '/api/record-shares', { company_id: companies.A.id, purpose: 'anything I like' });
    expect(ownPurpose.statusCode).toBe(400);
    expect(await sharesRows()).toEqual([]);
  });

  it('without consent, A (she applied there) sees that nothing is shared; D, which does not know her, gets 404; nothing is logged', async () => {
    const response = await readRecord('recruiterA', people.meera.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SharedRecord>()).toMatchObject({ shared: false, shared_at: null, employments: [], checks: [] });
    expect(response.body).not.toContain(companies.B.name);
    expect(response.body).not.toContain(companies.C.name);
    const stranger = await readRecord('recruiterD', people.meera.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<{ message: string }>().message).toBe(text.recordNotShared);
    expect(await viewsCount()).toBe(0);
  });

  let firstShareId = '';
  it('shares with A: 201 with the server’s purpose text and an audit row; again is 200 with the same share', async () => {
    const response = await share('meera', companies.A.id);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<RecordShare>();
    expect(created).toMatchObject({ company_id: companies.A.id, company_name: companies.A.name, purpose: text.sharePurpose.replace('{company}', companies.A.name), revoked_at: null, view_count: 0, views: [] });
    firstShareId = created.id;
    const again = await share('meera', companies.A.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<RecordShare>().id).toBe(firstShareId);
    expect(await sharesRows()).toHaveLength(1);
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'admin_id', 'company_id']).where('entity_id', '=', firstShareId).execute();
    expect(audit).toEqual([{ action: 'record_shared', admin_id: people.meera.id, company_id: companies.A.id }]);
    expect((await mine('meera')).companies).toEqual([{ id: companies.A.id, name: companies.A.name, shared: true }]);
  });

  it('A now sees her whole history with who confirmed what and when, and each read is logged for her', async () => {
    const response = await readRecord('recruiterA', people.meera.id);
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<SharedRecord>();
    expect(record).toMatchObject({ shared: true, shared_at: expect.any(String), candidate_name: 'Meera Nair' });
    expect(record.employments.map((e) => [e.id, e.recorded_by, e.status])).toEqual([
      [meeraAtB, companies.B.name, 'active'],
      [meeraAtC, companies.C.name, 'relieved'],
    ]);
    expect(record.employments[1]).toMatchObject({ last_working_day: '2022-03-31', relieving_reason: 'Resigned', recorded_at: expect.any(String), relieved_recorded_at: expect.any(String) });
    expect(record.checks).toEqual([{ subject: 'experience_letter', status: 'verified', decided_by: 'verification_team', decided_at: '2026-02-01T10:00:00.000Z', verified_fields: ['current_employer'] }]);
    expect(await readRecord('teammateA', people.meera.id).then((r) => r.statusCode)).toBe(200);

    const views = await db().selectFrom('record_views').select(['share_id', 'viewer_id']).orderBy('viewed_at').execute();
    expect(views).toEqual([
      { share_id: firstShareId, viewer_id: people.recruiterA.id },
      { share_id: firstShareId, viewer_id: people.teammateA.id },
    ]);
    const [listed] = (await mine('meera')).shares;
    expect(listed?.view_count).toBe(2);
    expect(listed?.views.map((view) => [view.viewer_name, view.company_name]).sort()).toEqual([
      ['Aarti Recruiter', companies.A.name],
      ['Arun Teammate', companies.A.name],
    ]);
  });

  it('B, without consent, sees only its own employment of her; C likewise; nothing is logged', async () => {
    const before = await viewsCount();
    const atB = await readRecord('recruiterB', people.meera.id);
    expect(atB.statusCode, atB.body).toBe(200);
    expect(atB.json<SharedRecord>()).toMatchObject({ shared: false, shared_at: null, checks: [] });
    expect(atB.json<SharedRecord>().employments.map((e) => e.id)).toEqual([meeraAtB]);
    expect(atB.body).not.toContain(companies.C.name);
    const atC = await readRecord('recruiterC', people.meera.id);
    expect(atC.json<SharedRecord>().employments.map((e) => e.id)).toEqual([meeraAtC]);
    expect(atC.body).not.toContain(companies.B.name);
    expect(await viewsCount()).toBe(before);
  });

  it('A sees nothing of Nikhil, who applied but shared nothing; D gets 404 for him and for an unknown id alike', async () => {
    expect((await readRecord('recruiterA', people.nikhil.id)).json<SharedRecord>()).toMatchObject({ shared: false, employments: [], checks: [] });
    for (const [who, id] of [['recruiterD', people.nikhil.id], ['recruiterA', 'no-such-user'], ['recruiterD', people.meera.id]] as const) {
      const response = await readRecord(who, id);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(text.recordNotShared);
    }
  });

  it('a candidate can neither read another candidate’s record nor touch their shares', async () => {
    const read = await readRecord('nikhil', people.meera.id);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('Senior Analyst');
    const revoke = await call('nikhil', 'DELETE', `/api/record-shares/${firstShareId}`);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json<{ message: string }>().message).toBe(text.shareNotFound);
    expect((await mine('nikhil')).shares).toEqual([]);
    expect((await sharesRows())[0]?.revoked_at).toBeNull();
  });

  it('revoking stops A at once (nothing shared, nothing logged); the views stay listed for her; revoking again changes nothing', async () => {
    const response = await call('meera', 'DELETE', `/api/record-shares/${firstShareId}`);
    expect(response.statusCode, response.body).toBe(204);
    const before = await viewsCount();
    const denied = await readRecord('recruiterA', people.meera.id);
    expect(denied.statusCode).toBe(200);
    expect(denied.json<SharedRecord>()).toMatchObject({ shared: false, employments: [], checks: [] });
    expect(denied.body).not.toContain(companies.B.name);
    expect(denied.body).not.toContain(companies.C.name);
    expect(await viewsCount()).toBe(before);
    const overview = await mine('meera');
    expect(overview.shares[0]).toMatchObject({ id: firstShareId, revoked_at: expect.any(String), view_count: 2 });
    expect(overview.companies).toEqual([{ id: companies.A.id, name: companies.A.name, shared: false }]);

    expect((await call('meera', 'DELETE', `/api/record-shares/${firstShareId}`)).statusCode).toBe(204);
    const audit = await db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', firstShareId).orderBy('created_at').execute();
    expect(audit.map((row) => row.action)).toEqual(['record_shared', 'record_share_revoked']);
  });

  it('sharing again after a revoke is a new consent with its own log', async () => {
    const response = await share('meera', companies.A.id);
    expect(response.statusCode).toBe(201);
    expect(response.json<RecordShare>().id).not.toBe(firstShareId);
    expect(await readRecord('recruiterA', people.meera.id).then((r) => r.statusCode)).toBe(200);
    const overview = await mine('meera');
    expect(overview.shares.map((s) => [s.revoked_at === null, s.view_count])).toEqual([
      [true, 1],
      [false, 2],
    ]);
  });
});
