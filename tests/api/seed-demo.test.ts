import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, RealUsersPresentError, seedDemo } from '../../server/dev/seed-demo-data.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

describe.skipIf(laneUnavailable)('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('creates companies, employers, candidates, jobs and applications whose sign-ins work', async () => {
    const result = await seedDemo(t.app.auth, t.database);
    expect(result.accounts).toHaveLength(DEMO_ACCOUNTS.length);
    const counts = await t.database.db
      .selectNoFrom((eb) => [
        eb.selectFrom('companies').select(eb.fn.countAll<number>().as('n')).as('companies'),
        eb.selectFrom('job_postings').select(eb.fn.countAll<number>().as('n')).as('jobs'),
        eb.selectFrom('job_applications').select(eb.fn.countAll<number>().as('n')).as('applications'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(counts.companies)).toBe(2);
    expect(Number(counts.jobs)).toBe(6);
    expect(Number(counts.applications)).toBeGreaterThan(0);
    const admin = await signIn(t.app, 'admin@demo.workcred.in', DEMO_PASSWORD, '10.20.0.1');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: admin.header } });
    expect(me.json()).toMatchObject({ is_admin: true, user: { role: 'admin' } });
  });

  it('refuses to run again, and refuses a database with real users unless forced', async () => {
    await expect(seedDemo(t.app.auth, t.database)).rejects.toBeInstanceOf(RealUsersPresentError);
    await t.factories.user({ email: 'real.person@real-corp.in' });
    await expect(seedDemo(t.app.auth, t.database)).rejects.toThrow(/--force/);
  });
});
