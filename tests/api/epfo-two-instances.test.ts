import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { LOOKUP_LEASE_SECONDS } from '../../server/features/verification/lookups/lookup-worker.ts';
import { createDevelopmentEpfoProvider, developmentUanFor } from '../../server/features/verification/sources/epfo/development.ts';
import type { EpfoHistoryProvider } from '../../server/features/verification/sources/epfo/provider.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { signIn, type CookieJar } from '../support/test-app.ts';
import { startTwoInstances, type Instance } from '../support/two-instances.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 34: a provider outage leaves checks pending, and they complete when it returns, with two
 * instances on one PostgreSQL: each lookup is asked once (FOR UPDATE SKIP LOCKED), and one that an
 * instance claimed and never finished (it died mid-call) is taken by the other when its lease ends.
 */
describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('EPFO lookups across two instances during a provider outage', () => {
  let two: Awaited<ReturnType<typeof startTwoInstances>>;
  let a: Instance;
  let b: Instance;
  let now = new Date('2026-11-27T06:00:00Z');
  let up = false;
  const asked: Record<'a' | 'b', string[]> = { a: [], b: [] };
  let ip = 0;

  /** The development provider, down while `up` is false, recording which instance asked for which UAN. */
  const providerOf = (name: 'a' | 'b'): EpfoHistoryProvider => {
    const inner = createDevelopmentEpfoProvider({ nodeEnv: 'test', now: () => now, available: () => up });
    return { ...inner, history: (uan, options) => (asked[name].push(uan), inner.history(uan, options)) };
  };

  beforeAll(async () => {
    two = await startTwoInstances({}, { clocks: [() => now, () => now], uanProviders: [providerOf('a'), providerOf('b')] });
    [a, b] = two.instances;
  });
  afterAll(async () => two?.close());

  async function candidate(n: number): Promise<{ id: string; jar: CookieJar; uan: string }> {
    const factories = createFactories(a.app.auth, a.database);
    const user = await factories.user({ role: 'candidate', fullName: 'Priya Sharma' });
    const uan = developmentUanFor('confirmed', 9100 + n);
    await factories.candidateProfile(user.id, { uan, current_employer: 'Infosys Ltd' });
    return { id: user.id, uan, jar: await signIn(a.app, user.email, user.password, `10.35.0.${++ip}`) };
  }
  const uanCheck = async (on: Instance, jar: CookieJar) =>
    (await on.app.inject({ url: '/api/verification/checks', headers: { cookie: jar.header }, remoteAddress: `10.35.1.${++ip % 250}` })).json<CandidateCheck[]>().find((check) => check.subject === 'uan');
  const states = async () => (await sql<{ state: string; n: number }>`SELECT state, count(*)::int AS n FROM epfo_lookups GROUP BY state ORDER BY state`.execute(a.database.db)).rows;

  it('keeps every check pending through the outage and decides each exactly once when the provider returns', async () => {
    const people = [];
    for (let n = 0; n < 8; n += 1) people.push(await candidate(n));
    // Half consent through A, half through B, as a load balancer would spread them.
    for (const [index, person] of people.entries()) {
      const on = index % 2 === 0 ? a : b;
      const response = await on.app.inject({ method: 'POST', url: '/api/verification/checks/uan/consent', payload: {}, headers: { cookie: person.jar.header }, remoteAddress: `10.35.2.${index}` });
      expect(response.statusCode, response.body).toBe(200);
    }
    await waitFor(async () => (await states()).some((row) => row.state === 'retrying' && row.n === people.length), { what: 'every lookup waiting for the provider' });
    for (const person of people) expect((await uanCheck(b, person.jar))?.status).toBe('pending');

    // The provider returns; both instances drain at the same moment.
    up = true;
    asked.a.length = 0;
    asked.b.length = 0;
    now = new Date(now.getTime() + 61_000);
    await Promise.all([a.app.epfoLookups.runOnce(), b.app.epfoLookups.runOnce()]);
    await waitFor(async () => (await states()).every((row) => row.state === 'decided'), { what: 'every lookup decided' });
    // Each UAN asked once in all, whichever instance took it.
    const all = [...asked.a, ...asked.b].sort();
    expect(all).toEqual(people.map((person) => person.uan).sort());
    for (const person of people) expect((await uanCheck(a, person.jar))).toMatchObject({ status: 'verified', epfo: { state: 'decided' } });
  });

  it('takes over a lookup an instance claimed and never finished, once its lease ends', async () => {
    up = true;
    const person = await candidate(100);
    // A claims it as if its call were running, then dies: the lease moves its due time ahead.
    await a.app.epfoLookups.stop();
    up = false;
    const consented = await a.app.inject({ method: 'POST', url: '/api/verification/checks/uan/consent', payload: {}, headers: { cookie: person.jar.header }, remoteAddress: '10.35.3.1' });
    expect(consented.statusCode).toBe(200);
    await waitFor(async () => (await uanCheck(b, person.jar))?.epfo?.state === 'retrying', { what: 'B asked and found the provider down' });
    await sql`UPDATE epfo_lookups SET state = 'queued', attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LOOKUP_LEASE_SECONDS * 1000)} WHERE candidate_id = ${person.id}`.execute(a.database.db);
    up = true;

    // Within the lease nothing takes it; after it, B does.
    now = new Date(now.getTime() + (LOOKUP_LEASE_SECONDS - 1) * 1000);
    await b.app.epfoLookups.runOnce();
    expect((await uanCheck(b, person.jar))?.status).toBe('pending');
    now = new Date(now.getTime() + 2000);
    await b.app.epfoLookups.runOnce();
    expect(await uanCheck(b, person.jar)).toMatchObject({ status: 'verified', epfo: { state: 'decided' } });
  });
});
