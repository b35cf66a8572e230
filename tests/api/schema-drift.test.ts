import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Our SQL migrations own better-auth's tables; this fails when a better-auth upgrade or a new plugin needs more. */
describe.skipIf(laneUnavailable)('better-auth schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('matches what better-auth expects: nothing to create, nothing to add', async () => {
    const plan = await getMigrations(t.app.auth.options, { throwOnUnsafe: false });
    expect(plan.toBeCreated.map((c) => c.table)).toEqual([]);
    expect(plan.toBeAdded.map((a) => `${a.table}: ${Object.keys(a.fields).join(', ')}`)).toEqual([]);
  });
});
