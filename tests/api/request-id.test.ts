import { Writable } from 'node:stream';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.ts';
import { loggerOptions } from '../../server/logger.ts';
import { observabilityOptions } from '../../server/observability/observability.ts';
import { registerRequestIds } from '../../server/observability/request-id.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.skipIf(laneUnavailable)('request ids (issue 37 §4)', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: 'true' })]);
  });
  afterAll(async () => Promise.all([direct?.close(), proxied?.close()]));

  it('returns a fresh id in x-request-id on every answer, a success too', async () => {
    const first = await direct.app.inject({ method: 'GET', url: '/api/health' });
    const second = await direct.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // A success's body is left as it was.
    expect(first.json()).toEqual({ status: 'ok' });
  });

  it("keeps the load balancer's id only when the proxy is trusted and the id is a safe token", async () => {
    const id = 'lb-7f3a:91.c_2';
    const trusted = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(trusted.headers['x-request-id']).toBe(id);
    const untrusted = await direct.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
    for (const unsafe of ['has space', 'a'.repeat(129), '<script>', 'id"quote', 'ünïcode', '']) {
      const response = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(response.headers['x-request-id'], unsafe).toMatch(UUID);
    }
    expect((await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a'.repeat(128) } })).headers['x-request-id']).toBe('a'.repeat(128));
  });

  it('puts the id in every error body: 404, 400, 401 from sign-in, and the public API as request_id', async () => {
    const notFound = await proxied.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': 'trace-404' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ code: 'NOT_FOUND', requestId: 'trace-404' });

    const invalid = await direct.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email: 'not an email' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: expect.any(String), requestId: invalid.headers['x-request-id'] });

    const badJson = await direct.app.inject({ method: 'POST', url: '/api/waitlist', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'INVALID_JSON', requestId: badJson.headers['x-request-id'] });

    const refused = await direct.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nobody@corp-six.in', password: 'not the password at all' }, remoteAddress: '10.37.1.1' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ requestId: refused.headers['x-request-id'] });

    const problem = await direct.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(problem.statusCode).toBe(404);
    expect(problem.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problem.json()).toMatchObject({ status: 404, request_id: problem.headers['x-request-id'] });
    expect(problem.json()).not.toHaveProperty('requestId');

    const unauthorised = await direct.app.inject({ method: 'GET', url: '/api/me' });
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.json()).toMatchObject({ requestId: unauthorised.headers['x-request-id'] });
  });

  it('fuzz: any x-request-id, a huge one too, is answered with a safe id and never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary-ascii', maxLength: 300 }), async (value) => {
        const header = value.replace(/[\r\n\0]/g, '');
        const response = await proxied.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': header } });
        expect(response.statusCode).toBe(404);
        expect(response.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
        expect(response.json().requestId).toBe(response.headers['x-request-id']);
      }),
      { numRuns: 60 },
    );
    const huge = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x'.repeat(64 * 1024) } });
    expect(huge.statusCode).toBe(200);
    expect(huge.headers['x-request-id']).toMatch(UUID);
  });

  it("every log line of a request carries its id as reqId (the app's logger options)", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    });
    // The app's own options, as in production (the test app's logger is silent).
    const config = { NODE_ENV: 'production', LOG_LEVEL: 'info', TRUST_PROXY: true } as Config;
    const logged = Fastify({ logger: { ...(loggerOptions(config) as object), stream }, ...observabilityOptions(config) });
    registerRequestIds(logged);
    logged.get('/work', async (request) => {
      request.log.info('doing the work');
      return { done: true };
    });
    try {
      const response = await logged.inject({ method: 'GET', url: '/work', headers: { 'x-request-id': 'from-the-lb-1' } });
      expect(response.headers['x-request-id']).toBe('from-the-lb-1');
      const ofRequest = lines.filter((line) => line.reqId === 'from-the-lb-1');
      expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'doing the work', 'request completed']);
      expect(lines.filter((line) => 'req' in line || 'res' in line).every((line) => line.reqId === 'from-the-lb-1')).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
