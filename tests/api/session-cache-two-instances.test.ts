import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheOf } from '../../server/auth/session-cache.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { startTwoInstances, type Instance } from '../support/two-instances.ts';
import { signIn, type CookieJar } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 14: each instance keeps resolved sessions in memory, yet sign-out, suspension, a role
 * change and removal from a company still apply at once on every instance: the database tells
 * them all (triggers and LISTEN/NOTIFY). Instance B caches; the change is made through instance A.
 */
describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('the session cache across two instances on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof startTwoInstances>>;
  const instances: Instance[] = [];
  let ip = 0;
  const at = (instance: { app: FastifyInstance }, jar: CookieJar, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    instance.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload ? { payload } : {}), remoteAddress: `10.88.0.${++ip % 250}` });

  beforeAll(async () => {
    // A long cache life: only the notification can make a change visible within the test.
    two = await startTwoInstances({ SESSION_CACHE_SECONDS: '60' });
    instances.push(...two.instances);
  });
  afterAll(async () => two?.close());

  it('keeps a session in memory, and forgets it on every instance when it ends or its account changes', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const factories = createFactories(a.app.auth, a.database);
    const company = await factories.company({ name: 'Cache Two Instances Pvt Ltd' });
    const owner = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    const member = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter' });
    const admin = await factories.user({ role: 'admin' });
    const cacheB = sessionCacheOf(b.database)!;

    // Sign-out through A: the cookie replayed on B is refused at once.
    const first = await signIn(a.app, member.email, member.password, '10.88.1.1');
    expect((await at(b, first, '/api/me')).statusCode).toBe(200);
    expect(cacheB.size).toBeGreaterThan(0);
    expect((await at(a, first, '/api/auth/sign-out', 'POST', {})).statusCode).toBe(200);
    await waitFor(async () => (await at(b, first, '/api/me')).statusCode === 401, { what: 'the signed-out session refused on instance B' });

    // A role change through A (the owner demotes the member to interviewer): B follows.
    const second = await signIn(b.app, member.email, member.password, '10.88.1.2');
    expect((await at(b, second, '/api/candidate-search/saved-searches')).statusCode).toBe(200);
    const ownerJar = await signIn(a.app, owner.email, owner.password, '10.88.1.3');
    const demoted = await a.app.inject({ method: 'PATCH', url: `/api/team/members/${member.id}`, headers: { cookie: ownerJar.header }, payload: { company_role: 'interviewer' }, remoteAddress: '10.88.1.4' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    await waitFor(async () => (await at(b, second, '/api/candidate-search/saved-searches')).statusCode === 403, { what: 'the demoted member refused on instance B' });

    // A company rename through A: the name every session of its people carries follows on B,
    // and on A at once (the rename answers only once A has heard its own change).
    const ownerOnB = await signIn(b.app, owner.email, owner.password, '10.88.1.7');
    expect((await at(b, ownerOnB, '/api/me')).json<{ user: { company_name: string } }>().user.company_name).toBe('Cache Two Instances Pvt Ltd');
    const renamed = await a.app.inject({
      method: 'PUT',
      url: '/api/settings/company',
      headers: { cookie: ownerJar.header },
      payload: { name: 'Cache Renamed Pvt Ltd', slug: 'cache-renamed', brand_color: '#047857' },
      remoteAddress: '10.88.1.8',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await at(a, ownerJar, '/api/me')).json<{ user: { company_name: string } }>().user.company_name).toBe('Cache Renamed Pvt Ltd');
    await waitFor(async () => (await at(b, ownerOnB, '/api/me')).json<{ user: { company_name: string } }>().user.company_name === 'Cache Renamed Pvt Ltd', {
      what: 'the new company name on instance B',
    });

    // Suspension through A by a platform admin: B refuses the session at once.
    const adminJar = await signIn(a.app, admin.email, admin.password, '10.88.1.5');
    expect((await at(b, second, '/api/me')).statusCode).toBe(200);
    const suspended = await a.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/suspend`, headers: { cookie: adminJar.header }, payload: {}, remoteAddress: '10.88.1.6' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await waitFor(async () => (await at(b, second, '/api/me')).statusCode === 401, { what: 'the suspended account refused on instance B' });
  });
});
