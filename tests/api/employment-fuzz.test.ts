import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

/**
 * Random bodies, ids and queries on this feature's routes, sent by the callers that get past the
 * access checks (an employer with employees, a candidate with an application), never answer 5xx.
 * (fuzz-bodies.test.ts signs in as an admin, whom most of these routes refuse before any parsing.)
 */
const PREFIXES = ['/api/employees', '/api/employment-records', '/api/record-shares'];

describe.skipIf(laneUnavailable)('employment routes under fuzzed input', () => {
  let t: TestApp;
  const jars: CookieJar[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company();
    const employer = await t.factories.user({ role: 'employer', companyId: company.id });
    const candidate = await t.factories.user({ role: 'candidate' });
    await t.factories.candidateProfile(candidate.id);
    const job = await t.factories.job(company.id);
    await t.factories.application(job.id, candidate.id);
    const employment = await t.database.db.insertInto('employments').values({ company_id: company.id, employee_id: candidate.id, title: 'Fuzz target', joining_date: '2024-01-01', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    const share = await t.database.db.insertInto('record_shares').values({ candidate_id: candidate.id, company_id: company.id, purpose: 'fuzz' }).returning('id').executeTakeFirstOrThrow();
    ids.push(employment.id, share.id, candidate.id, company.id);
    jars.push(await signIn(t.app, employer.email, employer.password, '10.74.0.1'), await signIn(t.app, candidate.email, candidate.password, '10.74.0.2'));
  });
  afterAll(async () => t?.close());

  it('never answers 5xx', { timeout: 120_000 }, async () => {
    const routes = t.app.declaredRoutes.filter((route) => PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)));
    expect(routes.length).toBe(14);
    const id = fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent), fc.constantFrom('__proto__', 'constructor', '%00'));
    const field = fc.oneof(fc.string({ maxLength: 600 }), fc.string({ unit: 'binary', maxLength: 50 }), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.constantFrom('2024-02-30', '0000-01-01', '9999-12-31'), fc.integer(), fc.constant(null));
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ title: field, joining_date: field, last_working_day: field, reason: field, company_id: fc.oneof(fc.constantFrom(...ids), field), candidate_code: field }, { requiredKeys: [] }),
      // The CSV imports' body: random text, and files whose header is right and whose rows are random.
      fc.record({ csv: fc.oneof(field, fc.array(fc.array(field.map(String), { maxLength: 4 }), { maxLength: 6 }).map((rows) => ['Candidate ID,Title,Joining date', ...rows.map((row) => row.join(','))].join('\n'))) }),
    );
    const query = fc.oneof(fc.constant(''), fc.constantFrom('?status=all', '?status=relieved', '?status=', '?status=all&status=active', '?__proto__=x'), fc.string({ maxLength: 20 }).map((s) => `?status=${encodeURIComponent(s)}`));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, id, query, fc.constantFrom(0, 1), async (route, payload, routeId, search, who) => {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:[A-Za-z]+/g, routeId) + (route.method === 'GET' ? search : ''),
          headers: { cookie: jars[who]!.header, 'content-type': 'application/json' },
          ...(route.method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
          remoteAddress: `10.75.${who}.${Math.floor(Math.random() * 250)}`,
        });
        expect(response.statusCode, `${route.method} ${route.url} ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
