import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../shared/fill.ts';
import { indiaDateFromToday, type Employee, type EmploymentRecord, type EmploymentRecords, type MyEmploymentRecords, type RecordShare, type RecordSharesOverview, type SharedRecord } from '../../shared/schemas/employment.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

/**
 * One table over every route of Onboard and Manage and the portable record, with two companies,
 * the employee (who applied to A), another candidate and an admin. Rows run in order: reads,
 * then writes whose later rows see their effects. A route declared under one of the prefixes
 * without a row (or an anonymous row) fails the coverage test.
 */
const PREFIXES = ['/api/employees', '/api/employment-records', '/api/record-shares'];
const text = messages.employment;
const notInCompany = messages.profile.notInCompany;
const importCsv = (code: string) => `Candidate ID,Title,Joining date\n${code},Crane Operator,03/03/2025`;

type Actor = 'employerA' | 'employerB' | 'employee' | 'otherCandidate' | 'admin' | 'anonymous';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Row {
  actor: Actor;
  method: Method;
  route: string;
  query?: string;
  body?: () => object;
  note?: string;
  status: number;
  message?: string;
  check?: (response: LightMyRequestResponse) => Promise<void> | void;
}

const rowName = (row: Row) => `${row.actor} ${row.method} ${row.route}${row.query ?? ''}${row.note ? ` (${row.note})` : ''} → ${row.status}`;

describe.skipIf(laneUnavailable)('permissions over /api/employees, /api/employment-records and /api/record-shares', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.73.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const users = {} as Record<Exclude<Actor, 'anonymous'>, { id: string; jar: CookieJar }>;
  let companyA: { id: string; name: string };
  let companyB: { id: string; name: string };
  let employmentA = '';
  let employmentB = '';
  let shareId = '';
  let otherCode = '';
  // The employment employer A adds by the other candidate's ID: theirs alone to confirm or decline.
  let pendingId = '';

  const db = () => t.database.db;
  const employmentRow = (id: string) => db().selectFrom('employments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const viewCount = async () => Number((await db().selectFrom('record_views').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const fillIds = (route: string) => route.replace(/^\/api\/employment-records\/:employmentId/, `/api/employment-records/${pendingId}`).replace(':employmentId', employmentA).replace(':candidateId', users.employee.id).replace(':shareId', shareId);

  async function signedIn(actor: Exclude<Actor, 'anonymous'>, role: 'employer' | 'candidate' | 'admin', companyId: string | null, fullName: string) {
    const user = await t.factories.user({ role, companyId, fullName });
    users[actor] = { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    companyA = await t.factories.company({ name: 'Aravalli Steel' });
    companyB = await t.factories.company({ name: 'Brindavan Paper' });
    await signedIn('employerA', 'employer', companyA.id, 'Ajay Employer');
    await signedIn('employerB', 'employer', companyB.id, 'Bharti Employer');
    await signedIn('employee', 'candidate', null, 'Esha Employee');
    await signedIn('otherCandidate', 'candidate', null, 'Omar Other');
    await signedIn('admin', 'admin', null, 'Ananya Admin');
    await t.factories.candidateProfile(users.employee.id);
    otherCode = (await t.factories.candidateProfile(users.otherCandidate.id)).candidate_code;
    const job = await t.factories.job(companyA.id, { title: 'Furnace Operator' });
    const application = await t.factories.application(job.id, users.employee.id);
    employmentA = (
      await db()
        .insertInto('employments')
        .values({ company_id: companyA.id, employee_id: users.employee.id, application_id: application.id, title: 'Furnace Operator', joining_date: '2025-01-06', confirmation: 'confirmed', confirmed_by: 'hire', confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    employmentB = (
      await db()
        .insertInto('employments')
        .values({ company_id: companyB.id, employee_id: users.otherCandidate.id, title: 'Machine Operator', joining_date: '2024-08-01', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.close());

  const rows: Row[] = [
    // ── GET /api/employees: each employer their own company's employees.
    { actor: 'employerA', method: 'GET', route: '/api/employees', status: 200, check: (r) => expect(r.json<Employee[]>().map((e) => e.id)).toEqual([employmentA]) },
    { actor: 'employerB', method: 'GET', route: '/api/employees', query: '?status=all', status: 200, check: (r) => expect(r.json<Employee[]>().map((e) => e.id)).toEqual([employmentB]) },
    { actor: 'employee', method: 'GET', route: '/api/employees', status: 403, message: notInCompany },
    { actor: 'admin', method: 'GET', route: '/api/employees', status: 403, message: notInCompany },
    { actor: 'anonymous', method: 'GET', route: '/api/employees', status: 401 },

    // ── GET /api/employment-records/mine: the caller's own, whoever they are.
    { actor: 'employee', method: 'GET', route: '/api/employment-records/mine', status: 200, check: (r) => expect(r.json<EmploymentRecords>().employments.map((e) => e.id)).toEqual([employmentA]) },
    { actor: 'otherCandidate', method: 'GET', route: '/api/employment-records/mine', status: 200, check: (r) => expect(r.json<EmploymentRecords>().employments.map((e) => e.id)).toEqual([employmentB]) },
    { actor: 'employerA', method: 'GET', route: '/api/employment-records/mine', note: 'own, not the company’s', status: 200, check: (r) => expect(r.json<EmploymentRecords>().employments).toEqual([]) },
    { actor: 'anonymous', method: 'GET', route: '/api/employment-records/mine', status: 401 },

    // ── GET /api/employment-records/shared/:candidateId before any consent.
    { actor: 'employerA', method: 'GET', route: '/api/employment-records/shared/:candidateId', note: 'no share: own company’s rows only', status: 200, check: async (r) => {
      expect(r.json<SharedRecord>()).toMatchObject({ shared: false, employments: [{ id: employmentA }] });
      expect(await viewCount()).toBe(0);
    } },
    { actor: 'employerB', method: 'GET', route: '/api/employment-records/shared/:candidateId', note: 'no share, no own rows', status: 404, message: text.recordNotShared },
    { actor: 'otherCandidate', method: 'GET', route: '/api/employment-records/shared/:candidateId', status: 403, message: notInCompany },
    { actor: 'employee', method: 'GET', route: '/api/employment-records/shared/:candidateId', note: 'own id', status: 403, message: notInCompany },
    { actor: 'admin', method: 'GET', route: '/api/employment-records/shared/:candidateId', status: 403, message: notInCompany },
    { actor: 'anonymous', method: 'GET', route: '/api/employment-records/shared/:candidateId', status: 401 },

    // ── GET /api/record-shares/mine: candidates, their own.
    { actor: 'employee', method: 'GET', route: '/api/record-shares/mine', status: 200, check: (r) => expect(r.json<RecordSharesOverview>().companies.map((c) => c.id)).toEqual([companyA.id]) },
    { actor: 'otherCandidate', method: 'GET', route: '/api/record-shares/mine', status: 200, check: (r) => expect(r.json<RecordSharesOverview>()).toEqual({ shares: [], companies: [] }) },
    { actor: 'employerA', method: 'GET', route: '/api/record-shares/mine', status: 403, message: text.candidatesOnly },
    { actor: 'admin', method: 'GET', route: '/api/record-shares/mine', status: 403, message: text.candidatesOnly },
    { actor: 'anonymous', method: 'GET', route: '/api/record-shares/mine', status: 401 },

    // ── POST /api/record-shares.
    { actor: 'anonymous', method: 'POST', route: '/api/record-shares', body: () => ({ company_id: companyA.id }), status: 401 },
    { actor: 'employerA', method: 'POST', route: '/api/record-shares', body: () => ({ company_id: companyA.id }), status: 403, message: text.candidatesOnly },
    { actor: 'admin', method: 'POST', route: '/api/record-shares', body: () => ({ company_id: companyA.id }), status: 403, message: text.candidatesOnly },
    { actor: 'otherCandidate', method: 'POST', route: '/api/record-shares', note: 'never applied to A', body: () => ({ company_id: companyA.id }), status: 409, message: text.shareNeedsApplication },
    { actor: 'employee', method: 'POST', route: '/api/record-shares', note: 'never applied to B', body: () => ({ company_id: companyB.id }), status: 409, message: text.shareNeedsApplication },
    {
      actor: 'employee', method: 'POST', route: '/api/record-shares', body: () => ({ company_id: companyA.id }), status: 201,
      check: (r) => {
        shareId = r.json<RecordShare>().id;
        expect(shareId).toEqual(expect.any(String));
      },
    },

    // ── With consent: A reads the whole history (logged); B still nothing.
    { actor: 'employerA', method: 'GET', route: '/api/employment-records/shared/:candidateId', note: 'shared', status: 200, check: async (r) => {
      expect(r.json<SharedRecord>().shared).toBe(true);
      expect(await viewCount()).toBe(1);
    } },
    { actor: 'employerB', method: 'GET', route: '/api/employment-records/shared/:candidateId', note: 'shared with A only', status: 404, message: text.recordNotShared },
    // ── POST …/epfo-refresh (issue 34): only a company holding a share 90 days old (epfo-refresh-request.test.ts proves the rest).
    { actor: 'employerA', method: 'POST', route: '/api/employment-records/shared/:candidateId/epfo-refresh', note: 'share just given', body: () => ({}), status: 409, message: fill(messages.epfo.refreshTooSoon, { days: 0 }) },
    { actor: 'employerB', method: 'POST', route: '/api/employment-records/shared/:candidateId/epfo-refresh', note: 'shared with A only', body: () => ({}), status: 404, message: text.recordNotShared },
    { actor: 'otherCandidate', method: 'POST', route: '/api/employment-records/shared/:candidateId/epfo-refresh', body: () => ({}), status: 403, message: notInCompany },
    { actor: 'admin', method: 'POST', route: '/api/employment-records/shared/:candidateId/epfo-refresh', body: () => ({}), status: 403, message: notInCompany },
    { actor: 'anonymous', method: 'POST', route: '/api/employment-records/shared/:candidateId/epfo-refresh', body: () => ({}), status: 401 },

    // ── PATCH /api/employees/:employmentId.
    { actor: 'anonymous', method: 'PATCH', route: '/api/employees/:employmentId', body: () => ({ title: 'x' }), status: 401 },
    { actor: 'employee', method: 'PATCH', route: '/api/employees/:employmentId', note: 'their own employment', body: () => ({ title: 'CEO' }), status: 403, message: notInCompany },
    { actor: 'admin', method: 'PATCH', route: '/api/employees/:employmentId', body: () => ({ title: 'x' }), status: 403, message: notInCompany },
    {
      actor: 'employerB', method: 'PATCH', route: '/api/employees/:employmentId', body: () => ({ title: 'Hijacked' }), status: 404, message: text.employmentNotFound,
      check: async () => expect((await employmentRow(employmentA)).title).toBe('Furnace Operator'),
    },
    { actor: 'employerA', method: 'PATCH', route: '/api/employees/:employmentId', body: () => ({ title: 'Shift Lead' }), status: 200, check: (r) => expect(r.json<Employee>().title).toBe('Shift Lead') },

    // ── POST /api/employees/:employmentId/relieve.
    { actor: 'anonymous', method: 'POST', route: '/api/employees/:employmentId/relieve', body: () => ({ last_working_day: indiaDateFromToday(0), reason: 'x' }), status: 401 },
    { actor: 'employee', method: 'POST', route: '/api/employees/:employmentId/relieve', body: () => ({ last_working_day: indiaDateFromToday(0), reason: 'I quit' }), status: 403, message: notInCompany },
    { actor: 'admin', method: 'POST', route: '/api/employees/:employmentId/relieve', body: () => ({ last_working_day: indiaDateFromToday(0), reason: 'x' }), status: 403, message: notInCompany },
    {
      actor: 'employerB', method: 'POST', route: '/api/employees/:employmentId/relieve', body: () => ({ last_working_day: indiaDateFromToday(0), reason: 'Not yours' }), status: 404, message: text.employmentNotFound,
      check: async () => expect((await employmentRow(employmentA)).status).toBe('active'),
    },
    { actor: 'employerA', method: 'POST', route: '/api/employees/:employmentId/relieve', body: () => ({ last_working_day: indiaDateFromToday(0), reason: 'Resigned' }), status: 200, check: (r) => expect(r.json<Employee>().status).toBe('relieved') },
    { actor: 'employerA', method: 'POST', route: '/api/employees/:employmentId/relieve', note: 'twice', body: () => ({ last_working_day: indiaDateFromToday(0), reason: 'Again' }), status: 409, message: text.alreadyRelieved },

    // ── DELETE /api/record-shares/:shareId: only the candidate who shared.
    { actor: 'anonymous', method: 'DELETE', route: '/api/record-shares/:shareId', status: 401 },
    { actor: 'employerA', method: 'DELETE', route: '/api/record-shares/:shareId', note: 'the company shared with', status: 403, message: text.candidatesOnly },
    { actor: 'admin', method: 'DELETE', route: '/api/record-shares/:shareId', status: 403, message: text.candidatesOnly },
    { actor: 'otherCandidate', method: 'DELETE', route: '/api/record-shares/:shareId', status: 404, message: text.shareNotFound },
    { actor: 'employee', method: 'DELETE', route: '/api/record-shares/:shareId', status: 204 },
    { actor: 'employerA', method: 'GET', route: '/api/employment-records/shared/:candidateId', note: 'after the revoke: own rows only', status: 200, check: async (r) => {
      expect(r.json<SharedRecord>()).toMatchObject({ shared: false, checks: [] });
      expect(await viewCount()).toBe(1);
    } },

    // ── POST /api/employees/import/preview and /import (issue 36 §2; employees-import.test.ts proves the rest): employers, into their own company.
    { actor: 'anonymous', method: 'POST', route: '/api/employees/import/preview', body: () => ({ csv: importCsv(otherCode) }), status: 401 },
    { actor: 'otherCandidate', method: 'POST', route: '/api/employees/import/preview', body: () => ({ csv: importCsv(otherCode) }), status: 403, message: notInCompany },
    { actor: 'admin', method: 'POST', route: '/api/employees/import/preview', body: () => ({ csv: importCsv(otherCode) }), status: 403, message: notInCompany },
    { actor: 'employerA', method: 'POST', route: '/api/employees/import/preview', body: () => ({ csv: importCsv(otherCode) }), status: 200, check: (r) => expect(r.json<{ valid: number }>().valid).toBe(1) },
    { actor: 'anonymous', method: 'POST', route: '/api/employees/import', body: () => ({ csv: importCsv(otherCode) }), status: 401 },
    { actor: 'otherCandidate', method: 'POST', route: '/api/employees/import', note: 'importing themselves', body: () => ({ csv: importCsv(otherCode) }), status: 403, message: notInCompany },
    { actor: 'admin', method: 'POST', route: '/api/employees/import', body: () => ({ csv: importCsv(otherCode) }), status: 403, message: notInCompany },
    { actor: 'employerB', method: 'POST', route: '/api/employees/import', note: 'naming company A', body: () => ({ csv: importCsv(otherCode), company_id: companyA.id }), status: 400 },
    { actor: 'employerA', method: 'POST', route: '/api/employees/import', note: 'an unknown candidate ID: nothing imported', body: () => ({ csv: `${importCsv(otherCode)}\nWC-ZZZZZZ,Helper,2025-01-01` }), status: 400 },

    // ── POST /api/employees: an employer adds someone to their own company only.
    { actor: 'anonymous', method: 'POST', route: '/api/employees', body: () => ({ candidate_code: otherCode, title: 'x', joining_date: '2025-01-01' }), status: 401 },
    { actor: 'otherCandidate', method: 'POST', route: '/api/employees', note: 'adding themselves', body: () => ({ candidate_code: otherCode, title: 'CEO', joining_date: '2025-01-01' }), status: 403, message: notInCompany },
    { actor: 'admin', method: 'POST', route: '/api/employees', body: () => ({ candidate_code: otherCode, title: 'x', joining_date: '2025-01-01' }), status: 403, message: notInCompany },
    {
      actor: 'employerA', method: 'POST', route: '/api/employees', body: () => ({ candidate_code: otherCode, title: 'Crane Operator', joining_date: '2025-03-03' }), status: 201,
      check: async (r) => {
        const added = r.json<Employee>();
        // Omar never applied to A: unconfirmed, and his name is not revealed (issue 33 A1).
        expect(added).toMatchObject({ employee_id: users.otherCandidate.id, status: 'active', confirmation: 'unconfirmed', full_name: null });
        expect((await employmentRow(added.id)).company_id).toBe(companyA.id);
        pendingId = added.id;
      },
    },
    { actor: 'otherCandidate', method: 'GET', route: '/api/employment-records/mine', note: 'pending, not on the record', status: 200, check: (r) => expect(r.json<MyEmploymentRecords>()).toMatchObject({ employments: [{ id: employmentB }], pending: [{ id: pendingId }] }) },

    // ── POST /api/employment-records/:employmentId/confirm and /decline: only the person it names.
    { actor: 'anonymous', method: 'POST', route: '/api/employment-records/:employmentId/confirm', status: 401 },
    { actor: 'anonymous', method: 'POST', route: '/api/employment-records/:employmentId/decline', status: 401 },
    { actor: 'employerA', method: 'POST', route: '/api/employment-records/:employmentId/confirm', note: 'the company that added it', status: 404, message: text.employmentNotFound },
    { actor: 'employerA', method: 'POST', route: '/api/employment-records/:employmentId/decline', note: 'the company that added it', status: 404, message: text.employmentNotFound },
    { actor: 'employee', method: 'POST', route: '/api/employment-records/:employmentId/confirm', note: 'another candidate', status: 404, message: text.employmentNotFound },
    { actor: 'employee', method: 'POST', route: '/api/employment-records/:employmentId/decline', note: 'another candidate', status: 404, message: text.employmentNotFound },
    { actor: 'admin', method: 'POST', route: '/api/employment-records/:employmentId/confirm', status: 404, message: text.employmentNotFound },
    {
      actor: 'otherCandidate', method: 'POST', route: '/api/employment-records/:employmentId/confirm', status: 200,
      check: async (r) => {
        expect(r.json<EmploymentRecord>()).toMatchObject({ id: pendingId, confirmed_by: 'person' });
        expect((await employmentRow(pendingId)).confirmation).toBe('confirmed');
      },
    },
    { actor: 'otherCandidate', method: 'POST', route: '/api/employment-records/:employmentId/decline', note: 'already confirmed', status: 409, message: text.notPending },
    { actor: 'employerA', method: 'POST', route: '/api/employees', note: 'again', body: () => ({ candidate_code: otherCode, title: 'Crane Operator', joining_date: '2025-03-03' }), status: 409, message: text.alreadyEmployed },
    { actor: 'employerB', method: 'GET', route: '/api/employees', note: 'A’s addition is not B’s', status: 200, check: (r) => expect(r.json<Employee[]>().map((e) => e.id)).toEqual([employmentB]) },
  ];

  it.each(rows.map((row) => [rowName(row), row] as const))('%s', async (_name, row) => {
    const who = row.actor;
    const response = await t.app.inject({
      method: row.method,
      url: fillIds(row.route) + (row.query ?? ''),
      headers: who === 'anonymous' ? {} : { cookie: users[who].jar.header },
      ...(row.body ? { payload: row.body() } : {}),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(row.status);
    if (row.message !== undefined) expect(response.json<{ message: string }>().message).toBe(row.message);
    if (row.status >= 400) expect(Object.keys(response.json<object>())).not.toContain('id');
    await row.check?.(response);
  });

  it('has a row for every declared route under the three prefixes, and an anonymous row for each', () => {
    const declared = t.app.declaredRoutes.filter((route) => PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)));
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    const declaredKeys = [...new Set(declared.map(key))].sort();
    const tableKeys = [...new Set(rows.map((row) => key({ method: row.method, url: row.route })))].sort();
    expect(declaredKeys).toHaveLength(14);
    expect(tableKeys).toEqual(declaredKeys);
    const anonymous = new Set(rows.filter((row) => row.actor === 'anonymous').map((row) => key({ method: row.method, url: row.route })));
    expect(declaredKeys.filter((k) => !anonymous.has(k))).toEqual([]);
  });
});
