import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { API_PROBLEMS } from '../../shared/schemas/api-problems.ts';
import type { CreatedApiKey } from '../../shared/schemas/api-keys.ts';
import { apiScopes } from '../../shared/schemas/api-keys.ts';
import { utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { WEBHOOK_TEST_EVENT, webhookEvents } from '../../shared/schemas/webhooks.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'https://workcred.example.in';
const DAY = 24 * 60 * 60 * 1000;
type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  responses: Record<string, Json & { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Json }> }>;
  parameters?: Json[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: Json } } } } }>;
  components: Json;
  info: { license?: { name: string; url?: string } };
}

/**
 * The public API as third-party tools read it (issue 33 C1): the OpenAPI document passes Redocly's
 * recommended rules with no warning, names every operation, documents each status and header the
 * API answers and each webhook's body; real answers match it; Fastify's internal codes never show;
 * every problem type is one the documentation page explains.
 */
describe.skipIf(laneUnavailable)('the public API as integrators read it', () => {
  let t: TestApp;
  let doc: Document;
  let key: string;
  let companyId: string;
  let ownerId: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, API_RATE_LIMIT_MAX: '10000' });
    doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<Document>();
    const company = await t.factories.company({ name: 'Kaveri Textiles' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', fullName: 'Lakshmi Narayanan' });
    const jar = await signIn(t.app, owner.email, owner.password, '10.91.0.1');
    key = (await t.app.inject({ method: 'POST', url: '/api/developers/keys', headers: { cookie: jar.header }, payload: { name: 'HRMS', scopes: apiScopes } })).json<CreatedApiKey>().secret;
    companyId = company.id;
    ownerId = owner.id;
  });
  afterAll(async () => t?.close());

  const v1 = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'OPTIONS', url: string, options: { payload?: string | object; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...options.headers }, ...(options.payload === undefined ? {} : { payload: options.payload }) });
  /** The documented 2xx schema of an operation, checked against a real answer. */
  function expectDocumented(path: string, method: string, status: number, body: unknown) {
    const schema = doc.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema;
    expect(schema, `${method} ${path} ${status} is documented`).toBeDefined();
    const validate = ajv.compile(schema!);
    expect(validate(body), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
  const slugOf = (type: string) => {
    expect(type.startsWith(`${PUBLIC_URL}/developers#problem-`), type).toBe(true);
    return type.slice(type.indexOf('#problem-') + '#problem-'.length);
  };

  it('passes Redocly’s recommended rules with no error or warning, with a license and an operationId on every operation', async () => {
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
    expect(doc.info.license).toEqual({ name: 'WorkCred terms of service', url: `${PUBLIC_URL}/terms` });
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents each failure as problem+json and the headers every answer carries', () => {
    const create = doc.paths['/api/v1/jobs']!.post!;
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '403', '409', '413', '415', '422', '429', '500', '503']);
    expect(create.responses['201']!.headers).toHaveProperty('Idempotent-Replayed');
    expect(create.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    const list = doc.paths['/api/v1/jobs']!.get!;
    expect(Object.keys(list.responses['200']!.headers!).sort()).toEqual(['ETag', 'Link', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(list.responses).toHaveProperty('304');
    const components = doc.components as { responses: Record<string, { headers: Json; content: Json }>; headers: Json };
    expect(components.responses.TooManyRequests!.headers).toHaveProperty('Retry-After');
    expect(Object.keys(components.responses.NotFound!.content)).toEqual(['application/problem+json']);
    expect(Object.keys(components.headers).sort()).toEqual(['ETag', 'Idempotent-Replayed', 'Link', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']);
    // Times and days say their format.
    const job = (list.responses['200']!.content!['application/json']!.schema as { properties: { data: { items: { properties: Record<string, Json> } } } }).properties.data.items.properties;
    expect(job.created_at).toMatchObject({ format: 'date-time' });
    const employee = doc.paths['/api/v1/employees']!.post!.responses['201']!.content!['application/json']!.schema as { properties: Record<string, Json> };
    expect(employee.properties.joining_date).toMatchObject({ format: 'date' });
  });

  it('describes every webhook event’s body, webhook.test included, as deliveries send it', async () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEvents, WEBHOOK_TEST_EVENT].sort());
    const bodyOf = (event: string) => ajv.compile(doc.webhooks[event]!.post.requestBody.content['application/json'].schema);
    // What a delivery of a new job carries, recorded by the real route.
    const endpoint = await t.database.db
      .insertInto('webhook_endpoints')
      .values({ company_id: companyId, url: 'https://hooks.example.in/workcred', events: ['job.created', 'job.closed'], secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=', created_by: ownerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await v1('POST', '/api/v1/jobs', { payload: { title: 'Loom Supervisor', description: 'Run the Erode weaving floor.' } });
    expect(created.statusCode, created.body).toBe(201);
    const deliveries = await t.database.db.selectFrom('webhook_deliveries').select(['event_type', 'payload']).where('endpoint_id', '=', endpoint.id).execute();
    expect(deliveries.map((delivery) => delivery.event_type)).toEqual(['job.created']);
    const validate = bodyOf('job.created');
    expect(validate(JSON.parse(deliveries[0]!.payload)), JSON.stringify(validate.errors)).toBe(true);
    // A body that lacks what the documentation promises fails it: the check can fail.
    expect(bodyOf('employee.hired')({ type: 'employee.hired', timestamp: new Date().toISOString(), sequence: 1, data: { employment_id: 'x' } })).toBe(false);
  });

  it('answers bad JSON, other content types, wrong methods and unknown paths with documented problems, never Fastify’s internals', async () => {
    const cases = [
      { response: await v1('POST', '/api/v1/jobs', { payload: '{"title":', headers: { 'content-type': 'application/json' } }), status: 400, slug: 'invalid-json', detail: messages.errors.invalidJson },
      { response: await v1('POST', '/api/v1/jobs', { payload: '', headers: { 'content-type': 'application/json' } }), status: 400, slug: 'invalid-json', detail: messages.errors.invalidJson },
      { response: await v1('POST', '/api/v1/jobs', { payload: '['.repeat(40) + ']'.repeat(40), headers: { 'content-type': 'application/json' } }), status: 400, slug: 'json-too-deep' },
      { response: await v1('POST', '/api/v1/jobs', { payload: 'title=Weaver', headers: { 'content-type': 'text/plain' } }), status: 415, slug: 'unsupported-media-type', detail: messages.errors.unsupportedMediaType },
      { response: await v1('POST', '/api/v1/jobs', { payload: 'title=Weaver', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), status: 415, slug: 'unsupported-media-type' },
      { response: await v1('DELETE', '/api/v1/jobs/5b0f2a6e-8f5e-4f43-9a43-0b4a3c1d2e7f'), status: 405, slug: 'method-not-allowed' },
      { response: await v1('PUT', '/api/v1/jobs'), status: 405, slug: 'method-not-allowed' },
      { response: await v1('GET', '/api/v1/nothing-here'), status: 404, slug: 'not-found' },
      { response: await t.app.inject({ method: 'GET', url: '/api/v1/jobs' }), status: 401, slug: 'unauthorized' },
    ];
    for (const { response, status, slug, detail } of cases) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).not.toMatch(/FST_|content-type is set to/i);
      const body = response.json<{ type: string; status: number; detail: string }>();
      expect(slugOf(body.type)).toBe(slug);
      expect(body.status).toBe(status);
      if (detail) expect(body.detail).toBe(detail);
    }
    expect(cases[5]!.response.headers.allow).toBe('GET, HEAD, PATCH, OPTIONS');
    expect(cases[6]!.response.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const options = await v1('OPTIONS', '/api/v1/applications/5b0f2a6e-8f5e-4f43-9a43-0b4a3c1d2e7f/move');
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('POST, OPTIONS');
    // The browser API says the same without Fastify's code.
    const browser = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(browser.json()).toEqual({ code: 'INVALID_JSON', message: messages.errors.invalidJson, requestId: expect.any(String) });
  });

  it('types every problem it answers as one the documentation explains, a feature’s own rule by its status', async () => {
    const job = await t.factories.job(companyId, { title: 'Dyeing Master' });
    const closed = await v1('POST', `/api/v1/jobs/${job.id}/close`);
    expect(closed.statusCode).toBe(200);
    const again = await v1('POST', `/api/v1/jobs/${job.id}/close`);
    expect(again.statusCode).toBe(409);
    const body = again.json<{ type: string; title: string }>();
    expect(API_PROBLEMS.map((problem) => problem.slug)).toContain(slugOf(body.type));
    expect(body.title).not.toBe('');
    const invalid = await v1('POST', '/api/v1/jobs', { payload: { title: '' } });
    expect(slugOf(invalid.json<{ type: string }>().type)).toBe('validation-failed');
  });

  it('answers as documented, with the rate budget, a Link to the next page and a 304 for an unchanged list', async () => {
    for (const title of ['Spinner', 'Warper', 'Sizer']) await t.factories.job(companyId, { title });
    const page = await v1('GET', '/api/v1/jobs?limit=2');
    expect(page.statusCode).toBe(200);
    expectDocumented('/api/v1/jobs', 'get', 200, page.json());
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(page.headers[name], name).toBeDefined();
    expect(page.headers.link).toMatch(/^<\/api\/v1\/jobs\?limit=2&cursor=[^>]+>; rel="next"$/);
    const unchanged = await v1('GET', '/api/v1/jobs?limit=2', { headers: { 'if-none-match': String(page.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
    const employees = await v1('GET', '/api/v1/employees');
    expectDocumented('/api/v1/employees', 'get', 200, employees.json());
  });

  it('schedules an interview from an ISO 8601 time with any offset, as well as from IST wall time', async () => {
    const job = await t.factories.job(companyId, { title: 'Quality Inspector' });
    const candidate = await t.factories.user({ role: 'candidate', fullName: 'Murugan Selvam' });
    const application = await t.factories.application(job.id, candidate.id);
    const day = new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10);
    const body = { application_id: application.id, duration_minutes: 30, mode: 'in_person', location: 'Mill office, Tiruppur', interviewer_ids: [ownerId] };
    const utc = await v1('POST', '/api/v1/interviews', { payload: { ...body, starts_at: `${day}T06:00:00Z` } });
    expect(utc.statusCode, utc.body).toBe(201);
    expectDocumented('/api/v1/interviews', 'post', 201, utc.json());
    expect(utc.json<{ scheduled_at: string }>().scheduled_at).toBe(new Date(`${day}T06:00:00Z`).toISOString());
    // The same instant written in IST is the same interview: a clash, unless allowed.
    const ist = await v1('POST', '/api/v1/interviews', { payload: { ...body, starts_at: `${day}T11:30:00+05:30` } });
    expect(ist.statusCode).toBe(409);
    expect(slugOf(ist.json<{ type: string }>().type)).toBe('interview-conflict');
    const wall = await v1('POST', '/api/v1/interviews', { payload: { ...body, starts_at_ist: utcToIstLocal(new Date(`${day}T08:00:00Z`)) } });
    expect(wall.statusCode, wall.body).toBe(201);
    expect(wall.json<{ scheduled_at: string }>().scheduled_at).toBe(new Date(`${day}T08:00:00Z`).toISOString());

    const refused = [
      [{ ...body, starts_at: `${day}T06:00:00Z`, starts_at_ist: `${day}T11:30` }, messages.interviews.startsAtEither],
      [body, messages.interviews.startsAtEither],
      [{ ...body, starts_at: `${day}T06:00:00` }, messages.interviews.startsAtInvalid],
      [{ ...body, starts_at: `${day}T06:00:30Z` }, messages.interviews.startsAtWholeMinute],
    ] as const;
    for (const [payload, message] of refused) {
      const response = await v1('POST', '/api/v1/interviews', { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json<{ errors: { pointer: string; detail: string }[] }>().errors).toContainEqual({ pointer: '/starts_at', detail: message });
    }
  });
});
