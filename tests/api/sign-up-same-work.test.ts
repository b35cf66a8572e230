import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPasswordHasher } from '../../server/auth/test-password-hasher.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PASSWORD = 'Saffron-Kettle-Monsoon-7';

/**
 * Issue 33 A8 (ASVS 6.3.8): sign-up answered a known address about 12 ms sooner than a new one,
 * which queued its confirmation email while the known one queued nothing. Both now hash the
 * password and queue one email (the known address's owner is told someone tried), so they take the
 * same time; bench/sign-up-timing.ts measures it (tests never assert timing).
 */
describe.skipIf(laneUnavailable)('sign-up does the same work for a known and an unknown address', () => {
  let t: TestApp;
  const hash = vi.spyOn(testPasswordHasher, 'hash');
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    hash.mockRestore();
    await t?.close();
  });

  const outboxTo = (email: string) => t.database.db.selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', email).execute();

  for (const route of ['/api/auth/sign-up/email', '/api/employer-signup'] as const) {
    it(`hashes the password and queues one email either way, on ${route}`, async () => {
      const known = await t.factories.user({ password: PASSWORD });
      const fresh = `fresh.${route.length}@kaveri-tech.in`;
      const body = (email: string) =>
        route === '/api/auth/sign-up/email'
          ? { email, password: PASSWORD, name: 'Someone Else' }
          : { email, password: PASSWORD, full_name: 'Someone Else', company_name: `Kaveri Tech ${route.length}` };
      const before = await outboxTo(known.email);

      hash.mockClear();
      const forFresh = await t.app.inject({ method: 'POST', url: route, payload: body(fresh), remoteAddress: '10.38.0.1' });
      expect(forFresh.statusCode, forFresh.body).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
      expect(await outboxTo(fresh)).toEqual([expect.objectContaining({ subject: 'Confirm your WorkCred account' })]);

      hash.mockClear();
      const forKnown = await t.app.inject({ method: 'POST', url: route, payload: body(known.email), remoteAddress: '10.38.0.2' });
      expect(forKnown.statusCode, forKnown.body).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
      const after = await outboxTo(known.email);
      expect(after).toHaveLength(before.length + 1);
      const sent = after.filter((message) => message.subject === 'You already have a WorkCred account');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body_text).toContain(`${t.config.PUBLIC_URL}/auth`);
      // The decoy rows a known address writes (a new sign-up's, rolled back) leave nothing behind.
      expect(await t.database.db.selectFrom('auth_users').select('id').where('email', 'like', '%@decoy.invalid').execute()).toEqual([]);
      // The caller cannot tell them apart.
      expect(Object.keys(forKnown.json()).sort()).toEqual(Object.keys(forFresh.json()).sort());
    });
  }
});
