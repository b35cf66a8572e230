import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_CHANGES_CHANNEL, sessionCacheOf, sessionPeersOf } from '../../server/auth/session-cache.ts';
import { createFactories, type Factories } from '../../server/dev/factories.ts';
import { startDelayProxy } from '../support/delay-proxy.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { startTwoInstances, type Instance } from '../support/two-instances.ts';
import { signIn, type CookieJar } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/** How late instance B hears everything PostgreSQL sends it: well past the ~83 ms race the issue saw. */
const DELAY_MS = 150;
const TRIALS = 6;

/**
 * Issue 33 A6: a suspension answered on instance A was still honoured on instance B for a moment
 * (once in 29 trials, ~83 ms): B's cached session lived until B heard the notification. B here
 * hears PostgreSQL 150 ms late, every time; a change answered on A must already be in force for
 * B's very next request (the write waits for B's acknowledgement, session-peers.ts).
 */
describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('a session change answered on one instance, on another at once', () => {
  let two: Awaited<ReturnType<typeof startTwoInstances>>;
  let proxy: Awaited<ReturnType<typeof startDelayProxy>>;
  let a: Instance;
  let b: Instance;
  let factories: Factories;
  let adminJar: CookieJar;
  let ip = 0;
  const nextIp = () => `10.89.${Math.floor(++ip / 250)}.${ip % 250}`;
  const at = (instance: { app: FastifyInstance }, jar: CookieJar, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    instance.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload ? { payload } : {}), remoteAddress: nextIp() });

  beforeAll(async () => {
    const server = new URL(inject('postgresUrl'));
    proxy = await startDelayProxy({ host: server.hostname, port: Number(server.port) }, DELAY_MS);
    // A long cache life: only the fence can make the change visible on B in time.
    two = await startTwoInstances({ SESSION_CACHE_SECONDS: '60' }, { urlOf: (url, index) => (index === 1 ? proxy.url(url) : url) });
    [a, b] = two.instances;
    factories = createFactories(a.app.auth, a.database);
    const admin = await factories.user({ role: 'admin' });
    adminJar = await signIn(a.app, admin.email, admin.password, nextIp());
    await waitFor(() => sessionPeersOf(a.database)!.alive === 1 && sessionPeersOf(b.database)!.alive === 1, { what: 'each instance hearing the other' });
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await proxy?.close();
  });

  /** A signed-in person whose session instance B holds in memory. */
  async function cachedOnB() {
    const user = await factories.user({ role: 'candidate' });
    const jar = await signIn(a.app, user.email, user.password, nextIp());
    await waitFor(async () => (await at(b, jar, '/api/me')).statusCode === 200 && sessionCacheOf(b.database)!.holds(user.id), { what: 'the session cached on B' });
    return { user, jar };
  }

  it(`refuses a suspended account on B at the first request after A answered the suspend (${TRIALS} times)`, { timeout: 120_000 }, async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { user, jar } = await cachedOnB();
      const suspended = await at(a, adminJar, `/api/admin/users/${user.id}/suspend`, 'POST', {});
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect((await at(b, jar, '/api/me')).statusCode, `trial ${trial}`).toBe(401);
    }
  });

  it(`refuses a signed-out session on B at the first request after A answered the sign-out (${TRIALS} times)`, { timeout: 120_000 }, async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { jar } = await cachedOnB();
      expect((await at(a, jar, '/api/auth/sign-out', 'POST', {})).statusCode).toBe(200);
      expect((await at(b, jar, '/api/me')).statusCode, `trial ${trial}`).toBe(401);
    }
  });

  /** The fence markers instance A sends while `run` runs (each write answers once A hears one sent after it). */
  async function markersDuring(run: () => Promise<void>): Promise<number> {
    let markers = 0;
    const stop = await a.database.listen(SESSION_CHANGES_CHANNEL, (payload) => {
      if (payload.startsWith('fence:')) markers += 1;
    });
    try {
      await run();
      // This listener shares A's LISTEN connection: it heard each marker before its request answered.
      return markers;
    } finally {
      await stop();
    }
  }

  it('shares the fence among a crowd of writes, and each is still in force on B at once', { timeout: 120_000 }, async () => {
    const crowd: Awaited<ReturnType<typeof cachedOnB>>[] = [];
    for (let person = 0; person < 20; person += 1) crowd.push(await cachedOnB());
    const statuses: number[] = [];
    const crowdMarkers = await markersDuring(async () => {
      await Promise.all(
        crowd.map(async ({ jar }) => {
          expect((await at(a, jar, '/api/auth/sign-out', 'POST', {})).statusCode).toBe(200);
          statuses.push((await at(b, jar, '/api/me')).statusCode);
        }),
      );
    });
    expect(statuses).toEqual(Array(20).fill(401));
    // Twenty writes at once: the ones finishing while a marker is out share the next one.
    expect(crowdMarkers).toBeGreaterThanOrEqual(1);
    expect(crowdMarkers).toBeLessThan(20);
    // A lone write still sends exactly one.
    const { jar } = await cachedOnB();
    expect(await markersDuring(async () => void (await at(a, jar, '/api/auth/sign-out', 'POST', {})))).toBe(1);
  });
});
