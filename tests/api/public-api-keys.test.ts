import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { API_KEY_PATTERN, type ApiKey, type CreatedApiKey } from '../../shared/schemas/api-keys.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { startTwoInstances } from '../support/two-instances.ts';
import { waitFor } from '../support/wait-for.ts';

const text = messages.developers;

/**
 * Settings → Developers' API keys and the public API's authentication (issue 16): keys shown
 * once and stored as a hash, scopes, revocation and expiry at once, sessions and keys each on
 * their own API, problem+json errors, and one rate budget per key.
 */
describe.skipIf(laneUnavailable)('public API keys: /api/developers/keys and Bearer keys on /api/v1', () => {
  let t: TestApp;
  let now = new Date('2026-11-25T06:30:00Z');
  let ip = 0;
  const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_MAX: '5' }, { clock: () => now });
  });
  afterAll(async () => t?.close());

  type Member = { jar: CookieJar; userId: string };
  async function newCompany(name: string) {
    const company = await t.factories.company({ name });
    const member = async (companyRole: 'owner' | 'admin' | 'recruiter' | 'interviewer'): Promise<Member> => {
      const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole });
      return { userId: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
    };
    return { id: company.id, owner: await member('owner'), admin: await member('admin'), recruiter: await member('recruiter'), interviewer: await member('interviewer') };
  }
  const call = (who: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const v1 = (url: string, key?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers }, remoteAddress: nextIp() });
  async function createKey(who: Member, body: object = { name: 'Keka sync', scopes: ['jobs:read'] }): Promise<CreatedApiKey> {
    const response = await call(who, 'POST', '/api/developers/keys', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiKey>();
  }

  it('creates a key whose secret is shown once and stored only as a hash, lists it by prefix, and audits it', async () => {
    const company = await newCompany('Keyed Textiles');
    const created = await createKey(company.owner, { name: '  Keka sync ', scopes: ['jobs:write', 'jobs:read'], expires_on: '2027-03-31' });
    expect(created.secret).toMatch(API_KEY_PATTERN);
    expect(created.key).toMatchObject({ name: 'Keka sync', prefix: created.secret.slice(0, 14), scopes: ['jobs:read', 'jobs:write'], status: 'active', last_used_at: null, revoked_at: null });
    // The end of 31 Mar 2027 in India.
    expect(created.key.expires_at).toBe('2027-03-31T18:29:59.999Z');

    const row = await t.database.db.selectFrom('api_keys').selectAll().where('id', '=', created.key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(14));
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await call(company.admin, 'GET', '/api/developers/keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json<{ keys: ApiKey[] }>().keys.map((key) => key.id)).toEqual([created.key.id]);

    const audit = await t.database.db.selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', created.key.id).execute();
    expect(audit.map((entry) => entry.action)).toEqual(['api_key_created']);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it('lets owners and admins manage keys and refuses recruiters, interviewers and another company', async () => {
    const company = await newCompany('Keyed Foods');
    const other = await newCompany('Other Keyed Co');
    const mine = await createKey(company.admin);
    for (const who of [company.recruiter, company.interviewer]) {
      expect((await call(who, 'GET', '/api/developers/keys')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/api/developers/keys', { name: 'x', scopes: ['jobs:read'] })).statusCode).toBe(403);
      expect((await call(who, 'POST', `/api/developers/keys/${mine.key.id}/revoke`)).statusCode).toBe(403);
    }
    // Another company neither sees nor revokes it.
    expect((await call(other.owner, 'GET', '/api/developers/keys')).json<{ keys: ApiKey[] }>().keys).toEqual([]);
    expect((await call(other.owner, 'POST', `/api/developers/keys/${mine.key.id}/revoke`)).statusCode).toBe(404);
    expect((await v1('/api/v1/jobs', mine.secret)).statusCode).toBe(200);
  });

  it('refuses bad bodies with a message naming the field, creating nothing', async () => {
    const company = await newCompany('Keyed Bad Bodies');
    const cases: [object, string][] = [
      [{ name: '', scopes: ['jobs:read'] }, text.nameRequired],
      [{ name: 'x'.repeat(101), scopes: ['jobs:read'] }, text.nameTooLong],
      [{ name: 'No scopes', scopes: [] }, text.scopesRequired],
      [{ name: 'Bad scope', scopes: ['jobs:delete'] }, text.scopeUnknown],
      [{ name: 'Candidates write', scopes: ['candidates:write'] }, text.scopeUnknown],
      [{ name: 'Bad date', scopes: ['jobs:read'], expires_on: '31-03-2027' }, text.expiryInvalid],
      [{ name: 'Past', scopes: ['jobs:read'], expires_on: '2026-11-24' }, text.expiryPast],
      [{ name: 'Extra', scopes: ['jobs:read'], company_id: company.id }, ''],
    ];
    for (const [body, message] of cases) {
      const response = await call(company.owner, 'POST', '/api/developers/keys', body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      if (message) expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect(await t.database.db.selectFrom('api_keys').select('id').where('company_id', '=', company.id).execute()).toEqual([]);
  });

  it('answers with the key’s company only, pages with next_cursor and a Link header, and hides other companies’ jobs', async () => {
    const company = await newCompany('Keyed Logistics');
    const other = await newCompany('Keyed Elsewhere');
    for (let i = 0; i < 3; i += 1) await t.factories.job(company.id, { title: `Route Planner ${i}` });
    const foreign = await t.factories.job(other.id, { title: 'Not yours' });
    const { secret } = await createKey(company.owner);

    const first = await v1('/api/v1/jobs?limit=2', secret);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{ data: { id: string; title: string }[]; next_cursor: string }>();
    expect(page.data).toHaveLength(2);
    expect(first.headers.link).toBe(`</api/v1/jobs?limit=2&cursor=${page.next_cursor}>; rel="next"`);
    const second = (await v1(`/api/v1/jobs?limit=2&cursor=${page.next_cursor}`, secret)).json<{ data: { title: string }[]; next_cursor: string | null }>();
    expect(second.next_cursor).toBeNull();
    expect([...page.data, ...second.data].map((job) => job.title).sort()).toEqual(['Route Planner 0', 'Route Planner 1', 'Route Planner 2']);

    const one = await v1(`/api/v1/jobs/${page.data[0]!.id}`, secret);
    expect(one.json()).toMatchObject({ id: page.data[0]!.id, location: expect.anything() });
    const hidden = await v1(`/api/v1/jobs/${foreign.id}`, secret);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses a missing, malformed, unknown, revoked or expired key (401) and a missing scope (403), as problem+json', async () => {
    const company = await newCompany('Keyed Refusals');
    const readJobs = await createKey(company.owner, { name: 'Reader', scopes: ['jobs:read'], expires_on: '2026-12-31' });
    const noJobs = await createKey(company.owner, { name: 'Interviews only', scopes: ['interviews:read'] });

    const missing = await v1('/api/v1/jobs');
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.json()).toMatchObject({ status: 401, title: 'UNAUTHORIZED', detail: text.missingKey, type: 'http://localhost:3000/developers#problem-unauthorized' });
    for (const header of ['Basic abc', `Bearer ${readJobs.secret}x`, 'Bearer wc_live_' + 'A'.repeat(43)]) {
      const response = await v1('/api/v1/jobs', undefined, { authorization: header });
      expect({ header, status: response.statusCode, detail: response.json().detail }).toEqual({ header, status: 401, detail: text.invalidKey });
    }
    const scope = await v1('/api/v1/jobs', noJobs.secret);
    expect(scope.statusCode).toBe(403);
    expect(scope.json().detail).toBe('This API key does not have the jobs:read scope.');

    // Used: last used is recorded.
    expect((await v1('/api/v1/jobs', readJobs.secret)).statusCode).toBe(200);
    const listed = (await call(company.owner, 'GET', '/api/developers/keys')).json<{ keys: ApiKey[] }>().keys.find((key) => key.id === readJobs.key.id)!;
    expect(listed.last_used_at).toBe(now.toISOString());

    // Expiry: the key works through 31 Dec in India and not after.
    now = new Date('2026-12-31T18:00:00Z');
    expect((await v1('/api/v1/jobs', readJobs.secret)).statusCode).toBe(200);
    now = new Date('2026-12-31T18:30:00Z');
    expect((await v1('/api/v1/jobs', readJobs.secret)).statusCode).toBe(401);
    now = new Date('2026-11-25T06:30:00Z');

    // Revoked: refused at once; revoking again says so; audited.
    expect((await v1('/api/v1/jobs', noJobs.secret)).statusCode).toBe(403);
    const revoked = await call(company.admin, 'POST', `/api/developers/keys/${noJobs.key.id}/revoke`);
    expect(revoked.json<ApiKey>()).toMatchObject({ status: 'revoked' });
    expect((await v1('/api/v1/jobs', noJobs.secret)).statusCode).toBe(401);
    expect((await call(company.owner, 'POST', `/api/developers/keys/${noJobs.key.id}/revoke`)).statusCode).toBe(409);
    const audit = await t.database.db.selectFrom('admin_audit_logs').select('action').where('entity_id', '=', noJobs.key.id).orderBy('created_at').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['api_key_created', 'api_key_revoked']);
  });

  it('keeps sessions off the public API and keys off the browser API', async () => {
    const company = await newCompany('Keyed Separation');
    const { secret } = await createKey(company.owner);
    expect((await call(company.owner, 'GET', '/api/v1/jobs')).statusCode).toBe(401);
    const browser = await t.app.inject({ method: 'GET', url: '/api/jobs', headers: { authorization: `Bearer ${secret}` }, remoteAddress: nextIp() });
    expect(browser.statusCode).toBe(401);
  });

  it('gives each key its own budget with RateLimit headers, then 429 as problem+json', async () => {
    const company = await newCompany('Keyed Budget');
    const one = await createKey(company.owner, { name: 'One', scopes: ['jobs:read'] });
    const two = await createKey(company.owner, { name: 'Two', scopes: ['jobs:read'] });
    const first = await v1('/api/v1/jobs', one.secret);
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(first.headers['ratelimit-remaining']).toBe('4');
    expect(first.headers['x-ratelimit-limit']).toBeUndefined();
    for (let i = 0; i < 4; i += 1) expect((await v1('/api/v1/jobs', one.secret)).statusCode).toBe(200);
    const limited = await v1('/api/v1/jobs', one.secret);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json().detail).toMatch(/^Too many requests for this API key\. Try again in \d+ seconds\.$/);
    // Another key of the same company, from the same address, has its own budget.
    expect((await v1('/api/v1/jobs', two.secret)).statusCode).toBe(200);
  });
  it('serves an OpenAPI 3.1 document generated from the routes, with every /api/v1 route and nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, { description?: string; parameters?: { name: string }[] }>>; components: { securitySchemes: Record<string, { scheme: string }> } }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey?.scheme).toBe('bearer');
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const routes = t.app.declaredRoutes.filter((route) => route.access === 'api-key').map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.length).toBeGreaterThan(1);
    expect(documented.sort()).toEqual(routes.sort());
    expect(doc.paths['/api/v1/jobs']?.get?.description).toBe('Needs the jobs:read scope.');
    expect(doc.paths['/api/v1/jobs']?.get?.parameters?.map((parameter) => parameter.name ?? (parameter as { $ref?: string }).$ref).sort()).toEqual(['#/components/parameters/IfNoneMatch', 'cursor', 'limit']);

    // Valid against the OpenAPI 3.1 schema (and its JSON Schema dialect), as generators read it.
    const validator = new Validator();
    const result = await validator.validate(response.json<Record<string, unknown>>());
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Each route tells its failures as problem+json.
    const move = (doc.paths['/api/v1/applications/{id}']?.get as { responses?: Record<string, { content?: Record<string, unknown> }> }).responses ?? {};
    expect(Object.keys(move).sort()).toEqual(['200', '401', '403', '404', '422', '429', '500', '503']);
    expect(move['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });
});

describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('public API: one budget per key across two instances', () => {
  it('counts a key’s requests on both instances against one budget', async () => {
    const two = await startTwoInstances({ API_RATE_LIMIT_MAX: '4' });
    try {
      const [a, b] = two.instances;
      const factories = createFactories(a.app.auth, a.database);
      const company = await factories.company({ name: 'Two Instance Keys' });
      const owner = await factories.user({ role: 'employer', companyId: company.id });
      const jar = await signIn(a.app, owner.email, owner.password, '10.78.0.1');
      const created = (await a.app.inject({ method: 'POST', url: '/api/developers/keys', headers: { cookie: jar.header }, payload: { name: 'Shared', scopes: ['jobs:read'] } })).json<CreatedApiKey>();
      const statuses: number[] = [];
      for (const app of [a.app, b.app, a.app, b.app, a.app, b.app]) {
        statuses.push((await app.inject({ method: 'GET', url: '/api/v1/jobs', headers: { authorization: `Bearer ${created.secret}` } })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await two.close();
    }
  });

  it('refuses a key on the other instance once it is revoked, though that instance had it in memory', async () => {
    const two = await startTwoInstances();
    try {
      const [a, b] = two.instances;
      const factories = createFactories(a.app.auth, a.database);
      const company = await factories.company({ name: 'Two Instance Revoke' });
      const owner = await factories.user({ role: 'employer', companyId: company.id });
      const jar = await signIn(a.app, owner.email, owner.password, '10.78.0.2');
      const created = (await a.app.inject({ method: 'POST', url: '/api/developers/keys', headers: { cookie: jar.header }, payload: { name: 'Cached', scopes: ['jobs:read'] } })).json<CreatedApiKey>();
      const onB = () => b.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: { authorization: `Bearer ${created.secret}` } });
      expect((await onB()).statusCode).toBe(200);
      const revoked = await a.app.inject({ method: 'POST', url: `/api/developers/keys/${created.key.id}/revoke`, headers: { cookie: jar.header }, payload: {} });
      expect(revoked.statusCode, revoked.body).toBe(200);
      // Instance A refuses it as it answers the revoke; B as soon as it hears of it.
      expect((await a.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: { authorization: `Bearer ${created.secret}` } })).statusCode).toBe(401);
      await waitFor(async () => (await onB()).statusCode === 401, { what: 'the revoked key refused on instance B' });
    } finally {
      await two.close();
    }
  });
});
