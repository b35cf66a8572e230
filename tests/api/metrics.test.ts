import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { enqueueMessage } from '../../server/messaging/outbox.ts';
import { BACKLOG_CACHE_MS } from '../../server/observability/metrics.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** The value of one sample (`name{labels} value`) in an exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.skipIf(laneUnavailable)('GET /metrics (issue 37 §4)', () => {
  let t: TestApp;
  let now = Date.now();
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { clock: () => new Date(now) });
  });
  afterAll(async () => t?.close());

  it('answers only the metrics token (401 without it or with another), in the Prometheus text format', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json()).toMatchObject({ code: 'METRICS_TOKEN_REQUIRED', message: messages.observability.metricsTokenRequired });
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } })).statusCode, authorization).toBe(401);
    }
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE workcred_http_request_duration_seconds histogram');
    // Event-loop lag and the process's other series, once per process.
    expect(sample(ok.body, 'workcred_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('is 404 on an app without METRICS_TOKEN', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await bare.close();
    }
  });

  it('times each request under its route pattern, never its URL (no ids or tokens in labels)', async () => {
    const jobId = randomUUID();
    const unknown = `/api/nothing-here/${randomUUID()}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/public/jobs/${jobId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, 'workcred_http_request_duration_seconds_count', { method: 'GET', route: '/api/public/jobs/:jobId', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'workcred_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(jobId);
    expect(text).not.toContain(unknown);
    expect(text).not.toContain(TOKEN);
  });

  it('reports the database pool and how long checkouts waited for a client', async () => {
    const text = await scrape();
    expect(sample(text, 'workcred_db_pool_clients', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'workcred_db_pool_clients', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'workcred_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'workcred_db_pool_max')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'workcred_db_pool_wait_seconds_count')).toBeGreaterThan(0);
  });

  it('counts a queued outbox message in the backlog, read at most every few seconds', async () => {
    // Nothing sends it meanwhile: the dispatcher is stopped (the app closes it again at the end).
    await t.app.outbox.stop();
    now += BACKLOG_CACHE_MS;
    const before = await scrape();
    const pending = sample(before, 'workcred_backlog_items', { queue: 'outbox', state: 'pending' });
    expect(pending).toBeGreaterThanOrEqual(0);
    for (const [queue, state] of [['webhook_deliveries', 'pending'], ['epfo_lookups', 'queued'], ['epfo_lookups', 'retrying'], ['document_reads', 'queued']]) {
      expect(sample(before, 'workcred_backlog_items', { queue: queue!, state: state! }), `${queue} ${state}`).toBe(0);
    }
    await enqueueMessage(t.database.db, { channel: 'email', to: 'metrics@corp-six.in', subject: 'Backlog', text: 'Waiting' });
    // Within the cache's few seconds the last read is answered again.
    expect(sample(await scrape(), 'workcred_backlog_items', { queue: 'outbox', state: 'pending' })).toBe(pending);
    now += BACKLOG_CACHE_MS;
    const after = await scrape();
    expect(sample(after, 'workcred_backlog_items', { queue: 'outbox', state: 'pending' })).toBe(pending! + 1);
    expect(sample(after, 'workcred_backlog_oldest_age_seconds', { queue: 'outbox', state: 'pending' })).toBeGreaterThanOrEqual(0);
  });

  it('counts the live sockets open on the instance', async () => {
    const user = await t.factories.user();
    const jar = await signIn(t.app, user.email, user.password, '10.37.0.1');
    expect(sample(await scrape(), 'workcred_live_sockets')).toBe(0);
    const socket = await t.app.injectWS('/api/live', { headers: { cookie: jar.header } });
    const ready = new Promise((resolve) => socket.once('message', resolve));
    await ready;
    expect(sample(await scrape(), 'workcred_live_sockets')).toBe(1);
    socket.terminate();
    await waitFor(async () => sample(await scrape(), 'workcred_live_sockets') === 0, { what: 'the socket to be counted out' });
  });

  it('counts cache hits and misses: sessions, public reads', async () => {
    const user = await t.factories.user();
    const jar = await signIn(t.app, user.email, user.password, '10.37.0.2');
    await waitFor(
      async () => {
        await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header } });
        return (sample(await scrape(), 'workcred_cache_requests_total', { cache: 'sessions', result: 'hit' }) ?? 0) > 0;
      },
      { what: 'a session answered from the cache' },
    );
    const before = sample(await scrape(), 'workcred_cache_requests_total', { cache: 'public_reads', result: 'miss' }) ?? 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/public/jobs' })).statusCode).toBe(200);
    // The test app turns the public cache off: every read is a miss.
    expect(sample(await scrape(), 'workcred_cache_requests_total', { cache: 'public_reads', result: 'miss' })).toBe(before + 1);
  });

  it('the Grafana dashboard (deploy/grafana/workcred.json) graphs only series the app exposes', async () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../deploy/grafana/workcred.json', import.meta.url), 'utf8')) as {
      templating: { list: { type: string; query: unknown }[] };
      panels: { targets?: { expr: string }[] }[];
    };
    expect(dashboard.templating.list.find((variable) => variable.type === 'datasource')?.query).toBe('prometheus');
    const exposed = new Set([...(await scrape()).matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    const graphed = new Set(dashboard.panels.flatMap((panel) => panel.targets ?? []).flatMap((target) => [...target.expr.matchAll(/\bworkcred_[a-z0-9_]+/g)].map((match) => match[0])));
    expect(graphed.size).toBeGreaterThan(8);
    for (const name of graphed) expect(exposed.has(name.replace(/_(bucket|count|sum)$/, '')), name).toBe(true);
  });

  it('fuzz: any Authorization header, a huge one too, is refused with 401, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary-ascii', maxLength: 200 }), async (value) => {
        const authorization = value.replace(/[\r\n\0]/g, ' ');
        const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
        expect(response.statusCode).toBe(401);
      }),
      { numRuns: 60 },
    );
    const huge = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${'a'.repeat(64 * 1024)}` } });
    expect(huge.statusCode).toBe(401);
  });
});
