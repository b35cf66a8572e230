import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CHAT_SEND_RATE_LIMIT } from '../../server/features/support-chat/routes.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

/**
 * Issue 14, item 3: the general budget belongs to the signed-in person on signed-in routes (an
 * office behind one address does not share one budget) and to the address on public routes; the
 * counts live in the database. A small budget keeps the test short.
 */
describe.skipIf(laneUnavailable)('rate limits by who', () => {
  const BUDGET = 12;
  let t: TestApp;
  beforeAll(async () => {
    // A built app with one hashed asset, to show the app's files are not budgeted.
    const dist = mkdtempSync(path.join(os.tmpdir(), 'workcred-dist-limits-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>WorkCred</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(BUDGET) }, { distDir: dist });
  });
  afterAll(async () => t?.close());

  const statuses = async (count: number, request: (i: number) => Promise<{ statusCode: number }>) => {
    const seen: number[] = [];
    for (let i = 0; i < count; i += 1) seen.push((await request(i)).statusCode);
    return seen;
  };

  it("does not budget the app's hashed files (a first visit loads thirty or more), and still budgets its pages", async () => {
    const files = await statuses(BUDGET * 3, () => t.app.inject({ url: '/assets/app-abc123.js', remoteAddress: '10.31.9.1' }));
    expect(files).toEqual(Array(BUDGET * 3).fill(200));
    const pages = await statuses(BUDGET + 1, () => t.app.inject({ url: '/', remoteAddress: '10.31.9.1' }));
    expect(pages.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
    expect(pages.at(-1)).toBe(429);
  });

  it('gives a signed-in person one budget whatever address they come from, and another person their own on the same address', async () => {
    const first = await t.factories.user({ role: 'candidate' });
    const second = await t.factories.user({ role: 'candidate' });
    const firstJar = await signIn(t.app, first.email, first.password, '10.31.0.1');
    const secondJar = await signIn(t.app, second.email, second.password, '10.31.0.2');

    // A new address every time does not buy a new budget.
    const seen = await statuses(BUDGET + 2, (i) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: firstJar.header }, remoteAddress: `10.31.1.${i + 1}` }));
    expect(seen.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
    expect(seen.slice(BUDGET)).toEqual([429, 429]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: firstJar.header }, remoteAddress: '10.31.1.200' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.errors.rateLimited, requestId: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The second person, on the very address the first just used, still has a whole budget.
    const other = await statuses(BUDGET, () => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: secondJar.header }, remoteAddress: '10.31.1.1' }));
    expect(other).toEqual(Array(BUDGET).fill(200));
  });

  it('counts anonymous callers by address, apart from the signed-in budgets on that address', async () => {
    const person = await t.factories.user({ role: 'candidate' });
    const jar = await signIn(t.app, person.email, person.password, '10.32.0.1');
    const seen = await statuses(BUDGET + 1, () => t.app.inject({ method: 'GET', url: '/api/site-config', remoteAddress: '10.32.1.1' }));
    expect(seen.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(200));
    expect(seen[BUDGET]).toBe(429);
    // Another address is not affected, and neither is the person signed in on the spent address.
    expect((await t.app.inject({ method: 'GET', url: '/api/site-config', remoteAddress: '10.32.1.2' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header }, remoteAddress: '10.32.1.1' })).statusCode).toBe(200);
  });

  it('keeps a route\'s own budget apart from the general one', async () => {
    // The support chat allows a person a number of messages a minute, wherever they write from;
    // spending it leaves the general budget whole. (The chat need not exist: the limit comes first.)
    const person = await t.factories.user({ role: 'candidate' });
    const jar = await signIn(t.app, person.email, person.password, '10.33.0.1');
    const send = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/chats/00000000-0000-4000-8000-000000000000/messages',
        headers: { cookie: jar.header },
        payload: { body: `Message ${i}` },
        remoteAddress: `10.33.1.${i + 1}`,
      });
    const seen = await statuses(CHAT_SEND_RATE_LIMIT.max + 1, send);
    expect(seen.slice(0, CHAT_SEND_RATE_LIMIT.max).filter((status) => status === 429)).toEqual([]);
    expect(seen[CHAT_SEND_RATE_LIMIT.max]).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header }, remoteAddress: '10.33.2.1' })).statusCode).toBe(200);
  });

  it('keeps the counts in the shared table, one row per budget and caller', async () => {
    const { rows } = await t.database.pool.query<{ hits: number }>(`SELECT hits FROM rate_limit_counts WHERE key = 'all|ip:10.32.1.1'`);
    expect(rows).toEqual([{ hits: BUDGET + 1 }]);
  });
});
