import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { AUDIT_LOGS_PAGE_SIZE, type AuditFacets, type AuditLogsPage } from '../../shared/schemas/admin-console.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.adminConsole;

describe.skipIf(laneUnavailable)('admin audit log: /api/admin/audit-logs', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.90.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  type Caller = { id: string; email: string; password: string; fullName: string; jar: CookieJar };
  let admin: Caller;
  let employer: Caller;
  let candidate: Caller;
  let promoted: { id: string };
  let acme: { id: string; name: string };
  let zenith: { id: string; name: string };

  const as = (who: Caller | null) => ({ headers: who ? { cookie: who.jar.header } : {}, remoteAddress: nextIp() });
  const logs = (who: Caller | null, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return t.app.inject({ method: 'GET', url: `/api/admin/audit-logs${search ? `?${search}` : ''}`, ...as(who) });
  };
  const entries = async (query: Record<string, string> = {}) => {
    const response = await logs(admin, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditLogsPage;
  };
  async function newUser(overrides: Parameters<TestApp['factories']['user']>[0] = {}): Promise<Caller> {
    const user = await t.factories.user(overrides);
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  /** An audit row at a chosen time (the date filters' boundaries). */
  const seed = (values: { admin_id: string | null; company_id: string | null; action: string; created_at: string; details?: object }) =>
    t.database.db
      .insertInto('admin_audit_logs')
      .values({ entity_type: 'test', entity_id: null, ip_address: '10.0.0.9', ...values, details: JSON.stringify(values.details ?? {}), created_at: new Date(values.created_at) })
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.factories.company({ name: 'Acme Analytics' });
    zenith = await t.factories.company({ name: 'Zenith 100% Foods' });
    admin = await newUser({ role: 'admin', fullName: 'Meera Admin', email: 'meera.admin@workcred-ops.example-corp.in' });
    employer = await newUser({ role: 'employer', companyId: acme.id, fullName: 'Nikhil Employer' });
    candidate = await newUser({ role: 'candidate', fullName: 'Omkar Candidate' });
    promoted = await t.factories.user({ role: 'candidate', fullName: 'Pooja Promoted' });

    // Real actions through the API: an employer posts a job; the admin manages users.
    const job = await t.app.inject({ method: 'POST', url: '/api/jobs', payload: { title: 'Data Analyst', description: 'Dashboards and SQL' }, ...as(employer) });
    expect(job.statusCode, job.body).toBe(201);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${promoted.id}/role`, payload: { role: 'employer' }, ...as(admin) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${employer.id}/suspend`, ...as(admin) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${employer.id}/restore`, ...as(admin) })).statusCode).toBe(200);
    employer.jar = await signIn(t.app, employer.email, employer.password, nextIp());

    // Around midnight in India on 11 March 2025 (18:30 UTC on the 10th), and older history for paging.
    await seed({ admin_id: employer.id, company_id: zenith.id, action: 'boundary_before', created_at: '2025-03-10T18:29:59.000Z' });
    await seed({ admin_id: employer.id, company_id: zenith.id, action: 'boundary_after', created_at: '2025-03-10T18:30:00.000Z' });
    await seed({ admin_id: employer.id, company_id: zenith.id, action: 'boundary_end', created_at: '2025-03-11T18:29:59.999Z' });
    await seed({ admin_id: employer.id, company_id: zenith.id, action: 'boundary_next_day', created_at: '2025-03-11T18:30:00.000Z' });
    await t.database.db
      .insertInto('admin_audit_logs')
      .values(
        Array.from({ length: 110 }, (_, n) => ({
          admin_id: admin.id,
          company_id: null,
          action: 'bulk_history',
          entity_type: 'test',
          entity_id: String(n),
          details: JSON.stringify({ n }),
          created_at: new Date(Date.parse('2024-01-01T00:00:00Z') + n * 60_000),
        })),
      )
      .execute();
  });
  afterAll(async () => t?.close());

  it('lists every admin and employer action newest first, 50 a page, with actor and company names', async () => {
    const first = await entries();
    const total = first.total;
    const stored = await t.database.db.selectFrom('admin_audit_logs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(total).toBe(Number(stored.n));
    expect(total).toBe(3 + 1 + 4 + 110);
    expect(first).toMatchObject({ page: 1, page_size: AUDIT_LOGS_PAGE_SIZE, page_count: Math.ceil(total / AUDIT_LOGS_PAGE_SIZE) });
    expect(first.entries).toHaveLength(AUDIT_LOGS_PAGE_SIZE);
    // The newest: the admin's restore, then the suspension, the role change and the employer's job.
    expect(first.entries.slice(0, 4).map((e) => e.action)).toEqual(['user_restored', 'user_suspended', 'user_role_changed', 'job_created']);
    expect(first.entries[0]).toMatchObject({
      actor_id: admin.id,
      actor_name: 'Meera Admin',
      actor_email: admin.email,
      company_id: acme.id,
      company_name: 'Acme Analytics',
      entity_type: 'user',
      entity_id: employer.id,
      details: { email: employer.email, role: 'employer' },
    });
    expect(first.entries[2]!.details).toMatchObject({ from: 'candidate', to: 'employer' });
    expect(first.entries[3]).toMatchObject({ actor_id: employer.id, actor_name: 'Nikhil Employer', company_name: 'Acme Analytics', entity_type: 'job_posting' });

    const all = [...first.entries];
    for (let page = 2; page <= first.page_count; page += 1) all.push(...(await entries({ page: String(page) })).entries);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((e) => e.id)).size).toBe(total);
    const times = all.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await entries({ page_size: '100' })).entries).toHaveLength(100);
  });

  it('filters by actor id, email or name text', async () => {
    const byId = await entries({ actor: employer.id });
    expect(byId.entries.every((e) => e.actor_id === employer.id)).toBe(true);
    expect(byId.entries.map((e) => e.action).sort()).toEqual(['boundary_after', 'boundary_before', 'boundary_end', 'boundary_next_day', 'job_created']);
    const byEmail = await entries({ actor: 'WORKCRED-OPS.example' });
    expect(byEmail.total).toBe(113);
    expect(byEmail.entries.every((e) => e.actor_id === admin.id)).toBe(true);
    const byName = await entries({ actor: 'nikhil' });
    expect(byName.total).toBe(5);
    // Wildcards are literal: no actor has a % in their name or email.
    expect((await entries({ actor: '%' })).total).toBe(0);
  });

  it('filters by action and by company', async () => {
    const suspended = await entries({ action: 'user_suspended' });
    expect(suspended.entries.map((e) => [e.action, e.actor_id, e.entity_id])).toEqual([['user_suspended', admin.id, employer.id]]);
    const roleChanges = await entries({ action: 'user_role_changed' });
    expect(roleChanges.entries.map((e) => e.entity_id)).toEqual([promoted.id]);
    const zenithOnly = await entries({ company: zenith.id });
    expect(zenithOnly.total).toBe(4);
    expect(zenithOnly.entries.every((e) => e.company_name === 'Zenith 100% Foods')).toBe(true);
    const acmeJobs = await entries({ company: acme.id, action: 'job_created' });
    expect(acmeJobs.total).toBe(1);
    expect((await entries({ company: '00000000-0000-4000-8000-000000000000' })).total).toBe(0);
  });

  it('filters by a range of India dates, both ends included', async () => {
    const day = await entries({ from: '2025-03-11', to: '2025-03-11' });
    expect(day.entries.map((e) => e.action)).toEqual(['boundary_end', 'boundary_after']);
    const from = await entries({ from: '2025-03-11', company: zenith.id });
    expect(from.entries.map((e) => e.action)).toEqual(['boundary_next_day', 'boundary_end', 'boundary_after']);
    const to = await entries({ to: '2025-03-10', company: zenith.id });
    expect(to.entries.map((e) => e.action)).toEqual(['boundary_before']);
    const history = await entries({ from: '2024-01-01', to: '2024-01-01', actor: admin.id });
    expect(history.total).toBe(110);
  });

  it('offers the recorded actions and the companies with entries for the filters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/audit-logs/facets', ...as(admin) });
    expect(response.statusCode).toBe(200);
    const facets: AuditFacets = response.json();
    expect(facets.actions).toEqual(expect.arrayContaining(['boundary_after', 'bulk_history', 'job_created', 'user_restored', 'user_role_changed', 'user_suspended']));
    expect([...facets.actions].sort()).toEqual(facets.actions);
    expect(new Set(facets.actions).size).toBe(facets.actions.length);
    expect(facets.companies.map((c) => c.name)).toEqual(['Acme Analytics', 'Zenith 100% Foods']);
  });

  it('answers 400 with a clear message to bad filters, never a 5xx', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-02-30' }, text.invalidDate],
      [{ to: '11-03-2026' }, text.invalidDate],
      [{ from: '2025-03-12', to: '2025-03-11' }, text.invalidDateRange],
      [{ company: 'acme' }, text.invalidCompany],
      [{ action: 'drop table' }, text.invalidAction],
      [{ actor: 'a'.repeat(201) }, text.invalidActor],
      [{ actor: 'x\u0000' }, text.invalidActor],
      [{ page: '0' }, text.invalidPage],
      [{ page_size: '500' }, text.invalidPageSize],
      [{ admin_id: admin.id }, ''],
    ];
    for (const [query, message] of cases) {
      const response = await logs(admin, query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      if (message) expect(response.json().message).toContain(message);
    }
    // Blank filters are no filters (an empty form).
    expect((await logs(admin, { actor: '', action: '', company: '', from: '', to: '', page: '' })).statusCode).toBe(200);
  });

  it('refuses anonymous (401), employers and candidates (403)', async () => {
    for (const url of ['/api/admin/audit-logs', '/api/admin/audit-logs/facets']) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() })).statusCode).toBe(401);
      for (const who of [employer, candidate]) {
        const response = await t.app.inject({ method: 'GET', url, ...as(who) });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(messages.auth.adminRequired);
      }
    }
  });
});
