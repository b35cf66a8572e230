import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { DashboardOverview, TeamMember } from '../../shared/schemas/dashboard.ts';
import { kolkataMonthStarts } from '../../server/features/dashboard/trend.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const text = messages.dashboardOverview;

describe.skipIf(laneUnavailable)('employer dashboard: /api/profile/complete, /api/dashboard/overview, /api/team', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.91.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  const get = (url: string, jar?: CookieJar) => t.app.inject({ method: 'GET', url, headers: jar ? { cookie: jar.header } : {}, remoteAddress: nextIp() });
  const complete = (payload: unknown, jar?: CookieJar) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile/complete',
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...(jar ? { cookie: jar.header } : {}) },
      remoteAddress: nextIp(),
    });

  async function member(role: 'employer' | 'candidate' | 'admin', companyId: string | null = null, fullName?: string) {
    const user = await t.factories.user({ role, companyId, fullName });
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const profileOf = (id: string) => t.database.db.selectFrom('user_profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countOf = async (table: 'companies' | 'admin_audit_logs') => Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  describe('POST /api/profile/complete', () => {
    const valid = { company_name: 'Banyan Logistics', industry: 'Manufacturing', position: 'HR Manager' };

    it('creates the company, links the profile as employer, keeps industry and position, and writes the audit row', async () => {
      const user = await member('candidate', null, 'Asha Verma');
      const response = await complete(valid, user.jar);
      expect(response.statusCode).toBe(201);
      const body = response.json<{ company_id: string; company_name: string }>();
      expect(body.company_name).toBe('Banyan Logistics');

      const profile = await profileOf(user.id);
      expect(profile).toMatchObject({ company_id: body.company_id, role: 'employer', industry: 'Manufacturing', position: 'HR Manager' });
      const audit = await t.database.db.selectFrom('admin_audit_logs').selectAll().where('company_id', '=', body.company_id).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ admin_id: user.id, action: 'company_created', entity_type: 'company', entity_id: body.company_id });

      const me = await get('/api/me', user.jar);
      expect(me.json<{ user: { company_name: string; role: string } }>().user).toMatchObject({ company_name: 'Banyan Logistics', role: 'employer' });
      // No plan was chosen before signing up: Billing recommends none.
      const subscription = await t.database.db.selectFrom('company_subscriptions').select(['plan', 'status', 'chosen_plan']).where('company_id', '=', body.company_id).executeTakeFirstOrThrow();
      expect(subscription).toEqual({ plan: 'professional', status: 'trialing', chosen_plan: null });

      // The profile now has a company: a second completion is refused and creates nothing.
      const companiesBefore = await countOf('companies');
      const again = await complete({ ...valid, company_name: 'Another Banyan' }, user.jar);
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(text.alreadyHasCompany);
      expect(await countOf('companies')).toBe(companiesBefore);
    });

    it('carries the plan chosen on the pricing section from the account to the company, for Billing to offer first', async () => {
      const user = await member('candidate', null, 'Kiran Shetty');
      await t.database.db.updateTable('auth_users').set({ chosenPlan: 'starter' }).where('id', '=', user.id).execute();
      const response = await complete({ ...valid, company_name: 'Shetty Starter Works' }, user.jar);
      expect(response.statusCode).toBe(201);
      const billing = await get('/api/billing', user.jar);
      expect(billing.statusCode, billing.body).toBe(200);
      expect(billing.json<{ chosen_plan: string | null; plan: string }>()).toMatchObject({ chosen_plan: 'starter', plan: 'professional' });
    });

    it('refuses a name already on WorkCred (any case or spacing) and writes nothing', async () => {
      await t.factories.company({ name: 'Lotus Analytics' });
      const user = await member('employer');
      const [companies, audits] = [await countOf('companies'), await countOf('admin_audit_logs')];
      const response = await complete({ ...valid, company_name: '  lotus ANALYTICS ' }, user.jar);
      expect(response.statusCode).toBe(409);
      expect(response.json<{ code: string; message: string }>()).toMatchObject({ code: 'COMPANY_NAME_TAKEN', message: text.companyNameTaken.replace('{name}', 'lotus ANALYTICS') });
      expect(await countOf('companies')).toBe(companies);
      expect(await countOf('admin_audit_logs')).toBe(audits);
      const profile = await profileOf(user.id);
      expect(profile).toMatchObject({ company_id: null, industry: null, position: null });
    });

    it('answers 400 to bad bodies and ignores nothing silently (mass assignment refused)', async () => {
      const user = await member('employer');
      const bad: unknown[] = [
        {},
        { industry: 'Finance', position: 'CEO' },
        { company_name: 'X Co', position: 'CEO' },
        { company_name: 'X Co', industry: 'Finance' },
        { ...valid, company_name: '   ' },
        { ...valid, position: '' },
        { ...valid, industry: 'Aerospace' },
        { ...valid, company_name: 'x'.repeat(201) },
        { ...valid, position: 'x'.repeat(101) },
        { ...valid, company_name: 'Bad\u0000Name' },
        { ...valid, role: 'admin' },
        { ...valid, company_id: '00000000-0000-0000-0000-000000000000' },
        'not an object',
        [],
      ];
      for (const payload of bad) {
        const response = await complete(payload, user.jar);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(await profileOf(user.id)).toMatchObject({ company_id: null, role: 'employer' });
    });

    it('refuses anonymous callers (401)', async () => {
      const companies = await countOf('companies');
      expect((await complete(valid)).statusCode).toBe(401);
      expect(await countOf('companies')).toBe(companies);
    });
  });

  describe('GET /api/dashboard/overview and GET /api/team', () => {
    let companyA: { id: string; name: string };
    let companyB: { id: string; name: string };
    let employerA: Awaited<ReturnType<typeof member>>;
    let colleagueA: Awaited<ReturnType<typeof member>>;
    let employerB: Awaited<ReturnType<typeof member>>;

    beforeAll(async () => {
      const { db } = t.database;
      const { lastMonth } = kolkataMonthStarts(new Date());
      const inLastMonth = new Date(lastMonth.getTime() + DAY);
      companyA = await t.factories.company({ name: 'Amber Textiles' });
      companyB = await t.factories.company({ name: 'Basalt Fintech' });
      employerA = await member('employer', companyA.id, 'Anil Kapoor');
      colleagueA = await member('employer', companyA.id, 'Meera Iyer');
      employerB = await member('employer', companyB.id, 'Bina Das');
      const candidates = await Promise.all([1, 2, 3].map(() => t.factories.user({ role: 'candidate' })));

      // Company A: two open jobs (one posted last month), one deleted, one expired.
      const a1 = await t.factories.job(companyA.id, { expiresAt: new Date(Date.now() + 30 * DAY) });
      const a2 = await t.factories.job(companyA.id, { expiresAt: new Date(Date.now() + 30 * DAY) });
      await db.updateTable('job_postings').set({ created_at: inLastMonth }).where('id', '=', a2.id).execute();
      const a3 = await t.factories.job(companyA.id);
      await db.updateTable('job_postings').set({ is_deleted: true }).where('id', '=', a3.id).execute();
      await t.factories.job(companyA.id, { expiresAt: new Date(Date.now() - DAY) });
      // Three applications this month, one last month; one on the deleted job does not count.
      const apps = await Promise.all(candidates.map((c) => t.factories.application(a1.id, c.id)));
      const old = await t.factories.application(a2.id, candidates[0]!.id);
      await db.updateTable('job_applications').set({ created_at: inLastMonth }).where('id', '=', old.id).execute();
      await t.factories.application(a3.id, candidates[0]!.id);
      await db.insertInto('interviews').values({ application_id: apps[0]!.id }).execute();

      // Company B: plenty of everything, none of which company A may see.
      const b1 = await t.factories.job(companyB.id, { expiresAt: new Date(Date.now() + 30 * DAY) });
      await t.factories.job(companyB.id, { expiresAt: new Date(Date.now() + 30 * DAY) });
      const bApps = await Promise.all(candidates.map((c) => t.factories.application(b1.id, c.id)));
      for (const app of bApps) await db.insertInto('interviews').values({ application_id: app.id }).execute();

      // Audit rows: 12 for A (the 10 newest are shown), newer ones for B that must never appear.
      for (let i = 0; i < 12; i++) {
        await db
          .insertInto('admin_audit_logs')
          .values({ admin_id: i % 2 ? employerA.id : colleagueA.id, company_id: companyA.id, action: `a_action_${i}`, entity_type: 'job_posting', created_at: new Date(Date.now() - (12 - i) * 60_000) })
          .execute();
      }
      for (let i = 0; i < 3; i++) {
        await db.insertInto('admin_audit_logs').values({ admin_id: employerB.id, company_id: companyB.id, action: `b_action_${i}`, entity_type: 'job_posting' }).execute();
      }
    });

    it('counts only the caller’s company, with month-over-month trends', async () => {
      const response = await get('/api/dashboard/overview', employerA.jar);
      expect(response.statusCode).toBe(200);
      const overview = response.json<DashboardOverview>();
      expect(overview).toMatchObject({
        active_jobs: 2,
        applications: 4,
        interviews: 1,
        // Jobs: 1 this month vs 1 last → 0; applications: 3 vs 1 → +200; interviews: 1 vs 0 → 100.
        trends: { active_jobs: 0, applications: 200, interviews: 100 },
      });

      const b = (await get('/api/dashboard/overview', employerB.jar)).json<DashboardOverview>();
      expect(b).toMatchObject({ active_jobs: 2, applications: 3, interviews: 3, trends: { active_jobs: 100, applications: 100, interviews: 100 } });
    });

    it('shows the 10 newest audit entries of the caller’s company only, with the actor’s name', async () => {
      const { recent_activity } = (await get('/api/dashboard/overview', employerA.jar)).json<DashboardOverview>();
      expect(recent_activity.map((entry) => entry.action)).toEqual(Array.from({ length: 10 }, (_, i) => `a_action_${11 - i}`));
      expect(recent_activity[0]).toMatchObject({ actor_name: 'Anil Kapoor', entity_type: 'job_posting' });
      expect(recent_activity[1]).toMatchObject({ actor_name: 'Meera Iyer' });
      expect(recent_activity.some((entry) => entry.action.startsWith('b_'))).toBe(false);

      const bActivity = (await get('/api/dashboard/overview', employerB.jar)).json<DashboardOverview>().recent_activity;
      expect(bActivity.map((entry) => entry.action).sort()).toEqual(['b_action_0', 'b_action_1', 'b_action_2']);
    });

    it('refuses candidates, employers without a company and anonymous callers', async () => {
      const candidate = await member('candidate');
      const candidateInCompany = await member('candidate', companyA.id);
      const loneEmployer = await member('employer');
      for (const jar of [candidate.jar, candidateInCompany.jar, loneEmployer.jar]) {
        const response = await get('/api/dashboard/overview', jar);
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(text.unauthorized);
      }
      expect((await get('/api/dashboard/overview')).statusCode).toBe(401);
    });

    it('lists the team of the caller’s company only', async () => {
      const response = await get('/api/team', employerA.jar);
      expect(response.statusCode).toBe(200);
      const team = response.json<TeamMember[]>();
      // The first two members joined first; a test above may have added a candidate to company A.
      expect(team.slice(0, 2).map((m) => m.full_name)).toEqual(['Anil Kapoor', 'Meera Iyer']);
      const ofA = await t.database.db.selectFrom('user_profiles').select('id').where('company_id', '=', companyA.id).execute();
      expect(team.map((m) => m.id).sort()).toEqual(ofA.map((row) => row.id).sort());
      expect(team.some((m) => m.id === employerB.id)).toBe(false);
      expect(team[0]).toMatchObject({ id: employerA.id, role: 'employer' });
      expect(Object.keys(team[0]!).sort()).toEqual(['company_role', 'created_at', 'email', 'full_name', 'id', 'role']);

      const teamB = (await get('/api/team', employerB.jar)).json<TeamMember[]>();
      expect(teamB.map((m) => m.id)).toEqual([employerB.id]);

      const lone = await member('candidate');
      const refused = await get('/api/team', lone.jar);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(text.noCompany);
      expect((await get('/api/team')).statusCode).toBe(401);
    });
  });
});
