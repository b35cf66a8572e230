import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { AdminCompaniesPage, BillingOverview } from '../../shared/schemas/billing.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Platform admins over plans (issue 15): each company's plan and usage, trial extensions, Enterprise limits; audited; nobody else. */
describe.skipIf(laneUnavailable)('billing for platform admins: /api/admin/companies', () => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  let ipCounter = 0;
  const nextIp = () => `10.93.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  let admin: CookieJar;
  let owner: CookieJar;
  let company: { id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    const adminUser = await t.factories.user({ role: 'admin' });
    admin = await signIn(t.app, adminUser.email, adminUser.password, nextIp());
    company = await t.factories.company({ name: 'Godavari Textiles' });
    const ownerUser = await t.factories.user({ role: 'employer', companyId: company.id });
    owner = await signIn(t.app, ownerUser.email, ownerUser.password, nextIp());
    await t.factories.job(company.id, { title: 'Loom Operator' });
  });
  afterAll(async () => t?.close());

  const call = (jar: CookieJar, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const auditOf = (action: string) => t.database.db.selectFrom('admin_audit_logs').selectAll().where('action', '=', action).where('company_id', '=', company.id).execute();

  it("lists each company's plan, standing and active listings, searchable by name", async () => {
    const page = (await call(admin, 'GET', '/api/admin/companies?q=godavari')).json<AdminCompaniesPage>();
    expect(page.companies).toHaveLength(1);
    expect(page.companies[0]).toMatchObject({ id: company.id, name: 'Godavari Textiles', plan: 'professional', status: 'trialing', standing: 'trial', listings: 1, limits: { listings: 15, applications_per_listing: 300 } });
    expect((await call(admin, 'GET', '/api/admin/companies?q=%25_')).json<AdminCompaniesPage>().companies).toEqual([]);
    for (const url of ['/api/admin/companies?page=0', '/api/admin/companies?page=abc', `/api/admin/companies?q=${'x'.repeat(101)}`]) expect((await call(admin, 'GET', url)).statusCode).toBe(400);
  });

  it('extends a trial, from today when it has ended, and audits it; refuses bad days and a company not on trial', async () => {
    offsetMs = 20 * DAY;
    try {
      expect((await call(owner, 'GET', '/api/billing/standing')).json().standing).toBe('lapsed');
      const extended = await call(admin, 'POST', `/api/admin/companies/${company.id}/extend-trial`, { days: 7 });
      expect(extended.statusCode, extended.body).toBe(200);
      expect(new Date(extended.json<{ trial_ends_at: string }>().trial_ends_at).getTime()).toBeCloseTo(clock().getTime() + 7 * DAY, -4);
      expect((await call(owner, 'GET', '/api/billing/standing')).json()).toMatchObject({ standing: 'trial', trial_days_left: 7 });
    } finally {
      offsetMs = 0;
    }
    expect(await auditOf('trial_extended')).toHaveLength(1);
    for (const days of [0, 61, 1.5, '7']) expect((await call(admin, 'POST', `/api/admin/companies/${company.id}/extend-trial`, { days })).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/admin/companies/00000000-0000-4000-8000-000000000000/extend-trial', { days: 3 })).statusCode).toBe(404);
  });

  it('sets Enterprise limits that the server then enforces, audited; a company on Enterprise has no trial to extend', async () => {
    const body = { listings: 1, applications_per_listing: 5000, checks_per_month: null, monthly_paise: 2_50_000_00 };
    expect((await call(admin, 'PUT', `/api/admin/companies/${company.id}/enterprise`, body)).statusCode).toBe(200);
    const billing = (await call(owner, 'GET', '/api/billing')).json<BillingOverview>();
    expect(billing).toMatchObject({ plan: 'enterprise', status: 'active', standing: 'active', limits: { listings: 1, applications_per_listing: 5000, checks_per_month: null } });
    const refused = await call(owner, 'POST', '/api/jobs', { title: 'Dyeing Supervisor', description: 'Second shift.' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(messages.billing.listingLimit.replace('{plan}', 'Enterprise').replace('{limit}', '1'));
    expect(await auditOf('enterprise_plan_set')).toHaveLength(1);
    const again = await call(admin, 'POST', `/api/admin/companies/${company.id}/extend-trial`, { days: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.billing.trialNotRunning);
    for (const bad of [{ ...body, listings: 0 }, { ...body, monthly_paise: 10.5 }, { ...body, extra: true }, { listings: 1 }]) {
      expect((await call(admin, 'PUT', `/api/admin/companies/${company.id}/enterprise`, bad)).statusCode).toBe(400);
    }
  });

  it('refuses everyone but platform admins', async () => {
    expect((await call(owner, 'GET', '/api/admin/companies')).statusCode).toBe(403);
    expect((await call(owner, 'POST', `/api/admin/companies/${company.id}/extend-trial`, { days: 3 })).statusCode).toBe(403);
    expect((await call(owner, 'PUT', `/api/admin/companies/${company.id}/enterprise`, { listings: null, applications_per_listing: null, checks_per_month: null, monthly_paise: null })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/companies', remoteAddress: nextIp() })).statusCode).toBe(401);
  });
});
