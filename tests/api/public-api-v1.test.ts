import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { ApiScope, CreatedApiKey } from '../../shared/schemas/api-keys.ts';
import type { EmployerJob } from '../../shared/schemas/jobs.ts';
import type { V1ApplicationList, V1Candidate } from '../../shared/schemas/public-api.ts';
import { apiScopes } from '../../shared/schemas/api-keys.ts';
import { utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const istAt = (days: number, time: string) => `${utcToIstLocal(new Date(Date.now() + days * DAY)).slice(0, 10)}T${time}`;

type Method = 'GET' | 'POST' | 'PATCH';

/**
 * The public API's resources (issue 16): jobs, applications, candidates, interviews and employees
 * through a key, each route's scope (route × scope × company), Idempotency-Key on POSTs, and no
 * 5xx from any input.
 */
describe.skipIf(laneUnavailable)('public API /api/v1: jobs, applications, candidates, interviews, employees', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.78.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_MAX: '10000' });
  });
  afterAll(async () => t?.close());

  async function newCompany(name: string, scopes: readonly ApiScope[] = apiScopes) {
    const company = await t.factories.company({ name });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', fullName: `Owner of ${name}` });
    const jar = await signIn(t.app, owner.email, owner.password, nextIp());
    const created = await t.app.inject({ method: 'POST', url: '/api/developers/keys', headers: { cookie: jar.header }, payload: { name: 'HRMS sync', scopes }, remoteAddress: nextIp() });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json<CreatedApiKey>();
    return { id: company.id, owner, key: key.secret, keyId: key.key.id };
  }
  const v1 = (key: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });
  async function applicant(jobId: string, fullName: string) {
    const candidate = await t.factories.user({ role: 'candidate', fullName });
    const { candidate_code } = await t.factories.candidateProfile(candidate.id, { experience_years: 5 });
    const application = await t.factories.application(jobId, candidate.id);
    return { id: candidate.id, code: candidate_code as string, applicationId: application.id, email: candidate.email };
  }

  it('creates, changes and closes jobs in the name of the key’s creator, with per-field 422s', async () => {
    const company = await newCompany('Sahyadri Agro Foods');
    const created = await v1(company.key, 'POST', '/api/v1/jobs', { title: 'Warehouse Supervisor', description: 'Run the Nashik cold store.', location: 'Nashik', salary: '₹4.2–5 LPA' });
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json<EmployerJob>();
    expect(job).toMatchObject({ title: 'Warehouse Supervisor', location: 'Nashik', requirements: null, expires_at: null, applications_count: 0 });
    const row = await db().selectFrom('job_postings').select(['company_id', 'created_by']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ company_id: company.id, created_by: company.owner.id });

    const patched = await v1(company.key, 'PATCH', `/api/v1/jobs/${job.id}`, { salary: '₹5–6 LPA', requirements: 'Two years in cold chain' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<EmployerJob>()).toMatchObject({ title: 'Warehouse Supervisor', salary: '₹5–6 LPA', requirements: 'Two years in cold chain' });

    const empty = await v1(company.key, 'PATCH', `/api/v1/jobs/${job.id}`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.headers['content-type']).toContain('application/problem+json');
    expect(empty.json<{ detail: string }>().detail).toBe(messages.jobsManagement.nothingToUpdate);
    const invalid = await v1(company.key, 'POST', '/api/v1/jobs', { title: '', description: 'x', company_id: company.id });
    expect(invalid.statusCode).toBe(422);
    const pointers = invalid.json<{ errors: { pointer: string }[] }>().errors.map((error) => error.pointer);
    expect(pointers).toContain('/title');

    const closed = await v1(company.key, 'POST', `/api/v1/jobs/${job.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(Date.parse(closed.json<EmployerJob>().expires_at!)).toBeLessThanOrEqual(Date.now());
    expect((await v1(company.key, 'POST', `/api/v1/jobs/${job.id}/close`)).statusCode).toBe(409);
    // The public page stops taking applications.
    const publicJob = await t.app.inject({ method: 'GET', url: `/api/public/jobs/${job.id}` });
    expect(publicJob.json()).toMatchObject({ id: job.id, accepting_applications: false });

    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'admin_id as actor_id']).where('entity_id', '=', job.id).orderBy('created_at').execute();
    expect(audit).toEqual([
      { action: 'job_created', actor_id: company.owner.id },
      { action: 'job_updated', actor_id: company.owner.id },
      { action: 'job_closed', actor_id: company.owner.id },
    ]);
  });

  it('replays a POST retried with the same Idempotency-Key, refuses the key with another body, and creates once when two race', async () => {
    const company = await newCompany('Konkan Coastal Resorts');
    const body = { title: 'Front Office Executive', description: 'Guest check-in at Ganpatipule.' };
    const first = await v1(company.key, 'POST', '/api/v1/jobs', body, { 'idempotency-key': 'create-front-office-1' });
    expect(first.statusCode).toBe(201);
    const retry = await v1(company.key, 'POST', '/api/v1/jobs', { description: body.description, title: body.title }, { 'idempotency-key': 'create-front-office-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const reused = await v1(company.key, 'POST', '/api/v1/jobs', { ...body, title: 'Night Auditor' }, { 'idempotency-key': 'create-front-office-1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json<{ title: string; detail: string }>()).toMatchObject({ title: 'IDEMPOTENCY_KEY_REUSED', detail: messages.developers.idempotencyKeyReused });
    expect((await v1(company.key, 'POST', '/api/v1/jobs', body, { 'idempotency-key': 'bad key with spaces' })).statusCode).toBe(400);

    // Another key of the same company has its own keys.
    const other = await newCompany('Konkan Other Co');
    expect((await v1(other.key, 'POST', '/api/v1/jobs', body, { 'idempotency-key': 'create-front-office-1' })).headers['idempotent-replayed']).toBeUndefined();

    const racing = await Promise.all([1, 2, 3, 4].map(() => v1(company.key, 'POST', '/api/v1/jobs', { ...body, title: 'Chef de Partie' }, { 'idempotency-key': 'race-1' })));
    const statuses = racing.map((response) => response.statusCode).sort();
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const chefs = await db().selectFrom('job_postings').select('id').where('company_id', '=', company.id).where('title', '=', 'Chef de Partie').execute();
    expect(chefs).toHaveLength(1);
    for (const response of racing.filter((one) => one.statusCode === 201)) expect(response.json<EmployerJob>().id).toBe(chefs[0]!.id);
  });

  it('lists applications by job, stage and change time with a cursor, reads one with its history, moves and rejects', async () => {
    const company = await newCompany('Malabar Spice Exports');
    const job = await t.factories.job(company.id, { title: 'Quality Analyst' });
    const otherJob = await t.factories.job(company.id, { title: 'Export Documentation Executive' });
    const anjali = await applicant(job.id, 'Anjali Menon');
    const faisal = await applicant(job.id, 'Faisal Rahman');
    const deepa = await applicant(otherJob.id, 'Deepa Pillai');

    const all = await v1(company.key, 'GET', '/api/v1/applications?limit=2');
    expect(all.statusCode, all.body).toBe(200);
    const page1 = all.json<V1ApplicationList>();
    expect(page1.data).toHaveLength(2);
    expect(all.headers.link).toContain('rel="next"');
    const page2 = (await v1(company.key, 'GET', `/api/v1/applications?limit=2&cursor=${page1.next_cursor}`)).json<V1ApplicationList>();
    expect(page2.next_cursor).toBeNull();
    expect([...page1.data, ...page2.data].map((one) => one.id).sort()).toEqual([anjali.applicationId, faisal.applicationId, deepa.applicationId].sort());
    const ofJob = (await v1(company.key, 'GET', `/api/v1/jobs/${job.id}/applications`)).json<V1ApplicationList>();
    expect(ofJob.data.map((one) => one.name).sort()).toEqual(['Anjali Menon', 'Faisal Rahman']);

    const moved = await v1(company.key, 'POST', `/api/v1/applications/${anjali.applicationId}/move`, { stage: 'shortlisted', note: 'Strong HACCP background' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: anjali.applicationId, stage: 'shortlisted' });
    const rejected = await v1(company.key, 'POST', `/api/v1/applications/${faisal.applicationId}/reject`, { note: 'Needs a Kochi base' });
    expect(rejected.json()).toMatchObject({ stage: 'rejected' });
    expect((await v1(company.key, 'POST', `/api/v1/applications/${faisal.applicationId}/move`, { stage: 'bogus' })).statusCode).toBe(422);

    const shortlisted = (await v1(company.key, 'GET', '/api/v1/applications?stage=shortlisted')).json<V1ApplicationList>();
    expect(shortlisted.data.map((one) => one.id)).toEqual([anjali.applicationId]);
    const since = new Date(Date.parse(moved.json<{ stage_changed_at: string }>().stage_changed_at)).toISOString();
    const changed = (await v1(company.key, 'GET', `/api/v1/applications?updated_since=${encodeURIComponent(since)}`)).json<V1ApplicationList>();
    expect(changed.data.map((one) => one.id).sort()).toEqual([anjali.applicationId, faisal.applicationId].sort());
    expect((await v1(company.key, 'GET', '/api/v1/applications?updated_since=yesterday')).statusCode).toBe(422);

    const detail = await v1(company.key, 'GET', `/api/v1/applications/${anjali.applicationId}`);
    expect(detail.statusCode).toBe(200);
    const history = detail.json<{ history: { to_stage: string; note: string | null; actor_name: string | null }[] }>().history;
    expect(history.at(-1)).toMatchObject({ to_stage: 'shortlisted', note: 'Strong HACCP background', actor_name: 'Owner of Malabar Spice Exports' });

    // Another company sees none of it.
    const other = await newCompany('Malabar Other Co');
    expect((await v1(other.key, 'GET', `/api/v1/applications/${anjali.applicationId}`)).statusCode).toBe(404);
    expect((await v1(other.key, 'POST', `/api/v1/applications/${deepa.applicationId}/reject`, {})).statusCode).toBe(404);
    expect((await v1(other.key, 'GET', `/api/v1/jobs/${job.id}/applications`)).statusCode).toBe(404);
    expect((await v1(other.key, 'GET', '/api/v1/applications')).json<V1ApplicationList>().data).toEqual([]);
  });

  it('shows a candidate who applied, and no one else', async () => {
    const company = await newCompany('Godavari Textiles');
    const job = await t.factories.job(company.id, { title: 'Loom Technician' });
    const ravi = await applicant(job.id, 'Ravi Teja');
    const answer = await v1(company.key, 'GET', `/api/v1/candidates/${ravi.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<V1Candidate>()).toMatchObject({ id: ravi.id, name: 'Ravi Teja', candidate_code: ravi.code, experience_years: 5, applications: [{ id: ravi.applicationId, job_title: 'Loom Technician', stage: 'received' }] });
    const stranger = await t.factories.user({ role: 'candidate' });
    expect((await v1(company.key, 'GET', `/api/v1/candidates/${stranger.id}`)).statusCode).toBe(404);
    const other = await newCompany('Godavari Other Co');
    expect((await v1(other.key, 'GET', `/api/v1/candidates/${ravi.id}`)).statusCode).toBe(404);
  });

  it('schedules, lists and cancels interviews; adds, lists and relieves employees', async () => {
    const company = await newCompany('Vindhya Cement Works');
    const job = await t.factories.job(company.id, { title: 'Kiln Operator' });
    const suresh = await applicant(job.id, 'Suresh Yadav');
    const interview = { application_id: suresh.applicationId, starts_at_ist: istAt(4, '11:00'), duration_minutes: 45, mode: 'in_person', location: 'Plant office, Satna', interviewer_ids: [company.owner.id] };
    const scheduled = await v1(company.key, 'POST', '/api/v1/interviews', interview);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const interviewId = scheduled.json<{ id: string }>().id;
    const clash = await v1(company.key, 'POST', '/api/v1/interviews', interview);
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ title: string; conflicts: unknown[] }>()).toMatchObject({ title: 'INTERVIEW_CONFLICT' });
    expect(clash.json<{ conflicts: unknown[] }>().conflicts.length).toBeGreaterThan(0);
    const listed = await v1(company.key, 'GET', '/api/v1/interviews?view=upcoming');
    expect(listed.json<{ data: { id: string }[]; next_cursor: null }>()).toMatchObject({ data: [{ id: interviewId }], next_cursor: null });
    const cancelled = await v1(company.key, 'POST', `/api/v1/interviews/${interviewId}/cancel`, { reason: 'Plant shutdown' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });

    const added = await v1(company.key, 'POST', '/api/v1/employees', { candidate_code: suresh.code, title: 'Kiln Operator', joining_date: '2025-04-01' });
    expect(added.statusCode, added.body).toBe(201);
    const employmentId = added.json<{ id: string }>().id;
    expect((await v1(company.key, 'GET', '/api/v1/employees')).json<{ data: { id: string }[] }>().data.map((one) => one.id)).toEqual([employmentId]);
    const relieved = await v1(company.key, 'POST', `/api/v1/employees/${employmentId}/relieve`, { last_working_day: '2026-10-31', reason: 'Moved to Rewa plant' });
    expect(relieved.statusCode, relieved.body).toBe(200);
    expect((await v1(company.key, 'GET', '/api/v1/employees?status=relieved')).json<{ data: { id: string }[] }>().data.map((one) => one.id)).toEqual([employmentId]);
    const other = await newCompany('Vindhya Other Co');
    expect((await v1(other.key, 'POST', `/api/v1/employees/${employmentId}/relieve`, { last_working_day: '2026-10-31', reason: 'x' })).statusCode).toBe(404);
    expect((await v1(other.key, 'POST', `/api/v1/interviews/${interviewId}/cancel`, {})).statusCode).toBe(404);
  });

  /** Every /api/v1 route with its scope: a key without that scope is refused (403 naming it), whatever else it holds. */
  const ROUTE_SCOPES: Record<string, ApiScope> = {
    'GET /api/v1/jobs': 'jobs:read',
    'GET /api/v1/jobs/:id': 'jobs:read',
    'POST /api/v1/jobs': 'jobs:write',
    'PATCH /api/v1/jobs/:id': 'jobs:write',
    'POST /api/v1/jobs/:id/close': 'jobs:write',
    'GET /api/v1/jobs/:id/applications': 'applications:read',
    'GET /api/v1/applications': 'applications:read',
    'GET /api/v1/applications/:id': 'applications:read',
    'POST /api/v1/applications/:id/move': 'applications:write',
    'POST /api/v1/applications/:id/reject': 'applications:write',
    'GET /api/v1/candidates/:id': 'candidates:read',
    'GET /api/v1/interviews': 'interviews:read',
    'POST /api/v1/interviews': 'interviews:write',
    'POST /api/v1/interviews/:id/cancel': 'interviews:write',
    'GET /api/v1/employees': 'employees:read',
    'POST /api/v1/employees': 'employees:write',
    'POST /api/v1/employees/:id/relieve': 'employees:write',
  };

  it('refuses each route to a key without its scope, and covers every /api/v1 route in this table', async () => {
    const declared = t.app.declaredRoutes.filter((route) => route.url.startsWith('/api/v1/') && route.access === 'api-key').map((route) => `${route.method} ${route.url}`);
    expect(declared.sort()).toEqual(Object.keys(ROUTE_SCOPES).sort());
    for (const [route, scope] of Object.entries(ROUTE_SCOPES)) {
      const company = await newCompany(`Scoped ${scope} ${route}`, apiScopes.filter((one) => one !== scope));
      const [method, url] = route.split(' ') as [Method, string];
      const response = await v1(company.key, method, url.replace(':id', '00000000-0000-4000-8000-000000000000'), method === 'GET' ? undefined : {});
      expect(response.statusCode, route).toBe(403);
      expect(response.json<{ detail: string }>().detail, route).toBe(messages.developers.missingScope.replace('{scope}', scope));
    }
  });

  it('answers 404 to another company’s key for each route naming a resource, changes nothing, and lists none of it', async () => {
    const a = await newCompany('Tungabhadra Looms');
    const b = await newCompany('Kaveri Weaves');
    const job = await t.factories.job(a.id, { title: 'Loom Technician' });
    const lakshmi = await applicant(job.id, 'Lakshmi Prasad');
    const interview = await v1(a.key, 'POST', '/api/v1/interviews', { application_id: lakshmi.applicationId, starts_at_ist: istAt(5, '10:00'), duration_minutes: 30, mode: 'phone', location: '+91 98450 12345', interviewer_ids: [a.owner.id] });
    expect(interview.statusCode, interview.body).toBe(201);
    const employee = await v1(a.key, 'POST', '/api/v1/employees', { candidate_code: lakshmi.code, title: 'Loom Technician', joining_date: '2025-06-02' });
    expect(employee.statusCode, employee.body).toBe(201);
    const ids: Record<string, string> = { jobs: job.id, applications: lakshmi.applicationId, candidates: lakshmi.id, interviews: interview.json<{ id: string }>().id, employees: employee.json<{ id: string }>().id };
    const bodies: Record<string, object> = {
      'PATCH /api/v1/jobs/:id': { title: 'Taken over' },
      'POST /api/v1/applications/:id/move': { stage: 'screening' },
      'POST /api/v1/employees/:id/relieve': { last_working_day: '2026-10-31', reason: 'Not yours' },
    };
    const named = Object.keys(ROUTE_SCOPES).filter((route) => route.includes(':id'));
    expect(named).toHaveLength(10);
    for (const route of named) {
      const [method, url] = route.split(' ') as [Method, string];
      const resource = url.split('/')[3]!;
      const response = await v1(b.key, method, url.replace(':id', ids[resource]!), method === 'GET' ? undefined : (bodies[route] ?? {}));
      expect(response.statusCode, `${route}: ${response.body}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    // Nothing of A's changed, and B's lists hold none of it.
    expect(await db().selectFrom('job_postings').select(['title', 'expires_at']).where('id', '=', job.id).executeTakeFirstOrThrow()).toMatchObject({ title: 'Loom Technician' });
    expect((await db().selectFrom('job_applications').select('status').where('id', '=', lakshmi.applicationId).executeTakeFirstOrThrow()).status).not.toBe('screening');
    for (const list of ['/api/v1/jobs', '/api/v1/applications', '/api/v1/interviews', '/api/v1/employees']) {
      const body = (await v1(b.key, 'GET', list)).body;
      for (const id of Object.values(ids)) expect(body, list).not.toContain(id);
    }
  });

  it('keeps reading but refuses changes once the key’s creator has left the company', async () => {
    const company = await newCompany('Nilgiri Tea Estates');
    await db().updateTable('user_profiles').set({ company_id: null, company_role: null }).where('id', '=', company.owner.id).execute();
    expect((await v1(company.key, 'GET', '/api/v1/jobs')).statusCode).toBe(200);
    const refused = await v1(company.key, 'POST', '/api/v1/jobs', { title: 'Tea Taster', description: 'Coonoor auctions.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(messages.developers.keyWithoutCreator);
    expect(await db().selectFrom('job_postings').select('id').where('company_id', '=', company.id).execute()).toEqual([]);
  });

  it('never answers 5xx to random bodies, ids and queries', async () => {
    const company = await newCompany('Fuzzed Integrations');
    const routes = Object.keys(ROUTE_SCOPES);
    const weirdId = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent), fc.constantFrom('__proto__', '%00', '..%2F..'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('title', 'stage', 'note', 'application_id', 'candidate_code', 'starts_at_ist', 'reason', 'expires_at', 'x'), fc.oneof(fc.string(), fc.integer(), fc.constant(null)))),
        weirdId,
        fc.dictionary(fc.constantFrom('limit', 'cursor', 'stage', 'job_id', 'updated_since', 'view', 'status', 'from'), fc.string({ maxLength: 30 })),
        fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
        async (route, body, id, query, idempotencyKey) => {
          const [method, url] = route.split(' ') as [Method, string];
          const search = new URLSearchParams(query).toString();
          const response = await t.app.inject({
            method,
            url: `${url.replace(':id', id)}?${search}`,
            headers: { authorization: `Bearer ${company.key}`, 'content-type': 'application/json', ...(idempotencyKey === undefined ? {} : { 'idempotency-key': encodeURIComponent(idempotencyKey) }) },
            ...(method === 'GET' ? {} : { payload: JSON.stringify(body) }),
            remoteAddress: nextIp(),
          });
          expect(response.statusCode, `${route} ${JSON.stringify(body)} ${search}`).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });
});
