import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { createDevelopmentEpfoProvider, developmentUanFor } from '../../server/features/verification/sources/epfo/development.ts';
import type { EpfoHistoryProvider } from '../../server/features/verification/sources/epfo/provider.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { signIn } from '../support/test-app.ts';
import { startTwoInstances, type Instance } from '../support/two-instances.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 34: an instance with EPFO_LOOKUP_SLOTS=0 serves the consent and the pages but never asks
 * the provider; an instance with slots hears the queued lookup (pg_notify) and decides it. So the
 * instances serving pages spend nothing on the providers' answers (the bench's "lookups on another
 * instance").
 */
describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('EPFO lookups asked by another instance (EPFO_LOOKUP_SLOTS=0)', () => {
  let two: Awaited<ReturnType<typeof startTwoInstances>>;
  let pages: Instance;
  const asked: Record<'pages' | 'lookups', string[]> = { pages: [], lookups: [] };

  const providerOf = (name: 'pages' | 'lookups'): EpfoHistoryProvider => {
    const inner = createDevelopmentEpfoProvider({ nodeEnv: 'test', now: () => new Date() });
    return { ...inner, history: (uan, options) => (asked[name].push(uan), inner.history(uan, options)) };
  };

  beforeAll(async () => {
    two = await startTwoInstances({}, { uanProviders: [providerOf('pages'), providerOf('lookups')], envs: [{ EPFO_LOOKUP_SLOTS: '0' }, {}] });
    [pages] = two.instances;
  });
  afterAll(async () => two?.close());

  it('queues the lookup on the instance without slots, and the other instance asks the provider and decides the check', async () => {
    const factories = createFactories(pages.app.auth, pages.database);
    const people = [];
    for (let n = 0; n < 3; n += 1) {
      const user = await factories.user({ role: 'candidate', fullName: 'Priya Sharma' });
      const uan = developmentUanFor('confirmed', 9300 + n);
      await factories.candidateProfile(user.id, { uan, current_employer: 'Infosys Ltd' });
      people.push({ uan, jar: await signIn(pages.app, user.email, user.password, `10.36.0.${n + 1}`) });
    }
    for (const [index, person] of people.entries()) {
      const response = await pages.app.inject({ method: 'POST', url: '/api/verification/checks/uan/consent', payload: {}, headers: { cookie: person.jar.header }, remoteAddress: `10.36.1.${index}` });
      expect(response.statusCode, response.body).toBe(200);
    }
    // Nobody drives a worker by hand: the other instance is woken by the notification.
    for (const [index, person] of people.entries()) {
      await waitFor(
        async () => {
          const checks = (await pages.app.inject({ url: '/api/verification/checks', headers: { cookie: person.jar.header }, remoteAddress: `10.36.2.${index}` })).json<CandidateCheck[]>();
          const uan = checks.find((check) => check.subject === 'uan');
          return uan?.status === 'verified' && uan.epfo?.state === 'decided';
        },
        { what: `candidate ${index + 1}'s UAN check decided by the instance with slots` },
      );
    }
    expect(asked.pages).toEqual([]);
    expect(asked.lookups.sort()).toEqual(people.map((person) => person.uan).sort());
  });
});
