import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracingSdkLoads } from '../../server/observability/tracing.ts';
import { startFakeJsonServer, type FakeJsonServer } from '../support/fake-json-server.ts';
import { freePort, startServerProcess } from '../support/server-process.ts';
import { createPostgresTestDatabase, laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { attrs, CLIENT, exportedSpans, SERVER, type ExportedSpan } from '../support/otlp-spans.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 37 §4: OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. A local server
// stands in for the collector and receives the spans as OTLP JSON.

const serverSpan = (collector: FakeJsonServer, predicate: (span: ExportedSpan) => boolean) =>
  waitFor(() => exportedSpans(collector).find((span) => span.kind === SERVER && predicate(span)), { what: 'the request span', timeoutMs: 10_000 });

/** The statements of a request: child spans of its span (spans end, and are sent, before their parent). */
const childrenOf = (collector: FakeJsonServer, parent: ExportedSpan) =>
  exportedSpans(collector).filter((span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId);

const traced = (collector: FakeJsonServer, env: Record<string, string> = {}) => createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '20', ...env });

describe.skipIf(laneUnavailable)('OpenTelemetry traces', () => {
  let collector: FakeJsonServer;
  beforeAll(async () => {
    collector = await startFakeJsonServer(() => ({ status: 200, body: {} }));
  });
  afterAll(async () => collector?.close());

  it('loads no SDK and sends nothing when OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    const loadsBefore = tracingSdkLoads();
    const sentBefore = collector.requests.length;
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/public/jobs' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nobody@example.in', password: 'Wrong-Password-1' } })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
    expect(tracingSdkLoads()).toBe(loadsBefore);
    expect(collector.requests).toHaveLength(sentBefore);
  });

  describe('with an endpoint', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await traced(collector);
    });
    afterAll(async () => t?.close());

    it('sends a span per request named by its route, with its statements as children holding no value', async () => {
      const user = await t.factories.user({ email: 'meera.iyer@tracing-test.in' });
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
      expect(signIn.statusCode).toBe(200);

      const span = await serverSpan(collector, (s) => s.name === 'POST /api/auth/*');
      expect(span.resource['service.name']).toBe('workcred');
      const attributes = attrs(span.attributes);
      expect(attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/auth/*', 'http.response.status_code': 200 });
      expect(span.parentSpanId ?? '').toBe('');

      const statements = await waitFor(() => {
        const children = childrenOf(collector, span).filter((child) => child.kind === CLIENT);
        return children.some((child) => /"auth_users"/.test(String(attrs(child.attributes)['db.query.text']))) && children;
      }, { what: "the sign-in's statements" });
      for (const statement of statements) {
        const { 'db.system.name': system, 'db.query.text': text, 'db.operation.name': operation } = attrs(statement.attributes);
        expect(system).toBe('postgresql');
        expect(typeof text).toBe('string');
        expect(String(text).toUpperCase().startsWith(String(operation))).toBe(true);
      }
      // The user was looked up by email: the address, and the password, reach no span.
      const everything = JSON.stringify(exportedSpans(collector));
      expect(everything).not.toContain(user.email);
      expect(everything).not.toContain(user.password);
    });

    it('keeps query strings and route parameters (a calendar feed token) out of the span', async () => {
      const token = 'feedtoken0123456789abcdef';
      await t.app.inject({ method: 'GET', url: '/api/public/jobs?q=confidential-keyword' });
      await t.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` });

      const board = await serverSpan(collector, (s) => s.name === 'GET /api/public/jobs');
      expect(attrs(board.attributes)).toMatchObject({ 'http.route': '/api/public/jobs', 'url.path': '/api/public/jobs', 'http.response.status_code': 200 });
      const feed = await serverSpan(collector, (s) => s.name === 'GET /api/calendar/:token.ics');
      expect(attrs(feed.attributes)['url.path']).toBeUndefined();
      await waitFor(() => childrenOf(collector, feed).length > 0, { what: "the feed's statement" });

      const everything = JSON.stringify(exportedSpans(collector));
      expect(everything).not.toContain('confidential-keyword');
      expect(everything).not.toContain(token);
    });

    it('starts a trace of its own when TRUST_PROXY is off, whatever traceparent comes in', async () => {
      const incoming = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
      await t.app.inject({ method: 'GET', url: '/api/public/companies/no-such-company', headers: { traceparent: `00-${incoming.traceId}-${incoming.spanId}-01` } });
      const span = await serverSpan(collector, (s) => s.name === 'GET /api/public/companies/:slug');
      expect(span.traceId).not.toBe(incoming.traceId);
      expect(span.parentSpanId ?? '').toBe('');
      expect(exportedSpans(collector).some((s) => s.traceId === incoming.traceId)).toBe(false);
    });
  });

  it('continues an incoming traceparent behind a trusted proxy (TRUST_PROXY=true)', async () => {
    const t = await traced(collector, { TRUST_PROXY: 'true' });
    try {
      const incoming = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' };
      const answer = await t.app.inject({ method: 'GET', url: '/api/public/jobs', headers: { traceparent: `00-${incoming.traceId}-${incoming.spanId}-01` } });
      expect(answer.statusCode).toBe(200);
      const span = await serverSpan(collector, (s) => s.traceId === incoming.traceId);
      expect(span.name).toBe('GET /api/public/jobs');
      expect(span.parentSpanId).toBe(incoming.spanId);
      await waitFor(() => childrenOf(collector, span).some((child) => child.kind === CLIENT), { what: 'a statement in the continued trace' });
    } finally {
      await t.close();
    }
  });

  it('closes cleanly when the collector refuses the last spans', async () => {
    const refusing = await startFakeJsonServer(() => ({ status: 400, body: { message: 'no' } }));
    const t = await traced(refusing, { OTEL_BSP_SCHEDULE_DELAY: '60000' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/public/jobs' })).statusCode).toBe(200);
    } finally {
      // The spans are sent at close, refused, and the close still succeeds.
      await expect(t.close()).resolves.toBeUndefined();
      await refusing.close();
    }
    expect(refusing.requests.some((request) => request.path === '/v1/traces')).toBe(true);
  });

  // The compiled server, as `npm start` runs it, on PostgreSQL only: the database makes no difference
  // to what it shows, and a new embedded one takes some 20 s to migrate.
  it.runIf(testDbKind === 'postgres')('traces the compiled server over real sockets: a body read from the socket keeps the request context', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-tracing-'));
    const created = await createPostgresTestDatabase();
    const port = await freePort();
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: created.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SERVICE_NAME: 'workcred-compiled',
      OTEL_BSP_SCHEDULE_DELAY: '20',
    });
    try {
      await waitFor(() => server.output().includes('WorkCred is running'), { timeoutMs: 90_000, what: 'start-up' });
      const email = 'compiled.server@tracing-test.in';
      // Expect: 100-continue holds the body back until the server has answered "continue": it has
      // begun the request (and its span) by then, and reads the body from later socket events.
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const body = JSON.stringify({ email, password: 'Not-The-Password-9' });
        const request = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://localhost:${port}`, expect: '100-continue' },
        });
        request.on('continue', () => request.end(body));
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode);
        });
        request.on('error', reject);
      });
      expect(status).toBe(401);
      const span = await serverSpan(collector, (s) => s.resource['service.name'] === 'workcred-compiled' && s.name === 'POST /api/auth/*');
      expect(attrs(span.attributes)['http.response.status_code']).toBe(401);
      await waitFor(() => childrenOf(collector, span).some((child) => /"auth_users"/.test(String(attrs(child.attributes)['db.query.text']))), { what: 'the email lookup as a child span' });
      expect(JSON.stringify(exportedSpans(collector))).not.toContain(email);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
