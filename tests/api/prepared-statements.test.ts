import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { openDatabase } from '../../server/db/database.ts';
import { PREPARE_MARK } from '../../server/db/prepared-statements.ts';
import { createDevelopmentEpfoProvider, developmentUanFor } from '../../server/features/verification/sources/epfo/development.ts';
import { createPostgresTestDatabase, laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 34 (Speed): on PostgreSQL the statements a crowd of consents runs are prepared once per
 * connection (server/db/prepared-statements.ts). PostgreSQL moves a prepared statement to a generic
 * plan after five runs; this database forces that plan from the first, on one connection, so every
 * marked statement has to work without its parameters' values (a partial index's predicate given
 * as parameters, for one, cannot be matched then). Only marked statements are prepared.
 */
describe.skipIf(testDbKind !== 'postgres' || laneUnavailable)('prepared statements under a generic plan (postgres)', () => {
  let t: TestApp;
  let drop: () => Promise<void> = async () => undefined;
  const now = new Date('2026-11-27T06:00:00Z');

  beforeAll(async () => {
    const created = await createPostgresTestDatabase();
    drop = created.drop;
    const url = `${created.url}${created.url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c plan_cache_mode=force_generic_plan')}`;
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    t = await createTestApp({}, { database, clock: () => now, uanProvider: createDevelopmentEpfoProvider({ nodeEnv: 'test', now: () => now }) });
  });
  afterAll(async () => {
    await t?.close();
    await drop();
  });

  it('consents, decides the EPFO lookups and lists the checks with the statements prepared, and prepares nothing else', async () => {
    const company = await t.factories.company({ name: 'Konkan Freight Pvt Ltd' });
    const job = await t.factories.job(company.id);
    let n = 0;
    for (const [name, applies] of [['Ritika Bose', true], ['Imran Sheikh', false]] as const) {
      const user = await t.factories.user({ role: 'candidate', fullName: name });
      await t.factories.candidateProfile(user.id, { uan: developmentUanFor('confirmed', 7100 + ++n), current_employer: 'Infosys Ltd' });
      if (applies) await t.factories.application(job.id, user.id);
      const jar = await signIn(t.app, user.email, user.password, `10.72.0.${n}`);
      const consent = await t.app.inject({ method: 'POST', url: '/api/verification/checks/uan/consent', headers: { cookie: jar.header }, payload: {}, remoteAddress: `10.72.1.${n}` });
      expect(consent.statusCode, consent.body).toBe(200);
      await waitFor(
        async () => {
          const list = await t.app.inject({ method: 'GET', url: '/api/verification/checks', headers: { cookie: jar.header }, remoteAddress: `10.72.1.${n}` });
          return list.json<CandidateCheck[]>().find((check) => check.subject === 'uan')?.epfo?.state === 'decided';
        },
        { what: `${name}'s lookup decided` },
      );
    }
    // The pool's one connection: what it has prepared.
    const prepared = (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(t.database.db)).rows.map((row) => row.statement);
    for (const part of ['with "consent" as (insert into "verification_consents"', '"u"."mobile_verified"', 'INSERT INTO rate_limit_counts', 'insert into "admin_audit_logs"', 'update "epfo_lookups"', 'WITH due AS']) {
      expect(prepared.some((statement) => statement.includes(part)), part).toBe(true);
    }
    expect(prepared.filter((statement) => !statement.endsWith(PREPARE_MARK))).toEqual([]);
  });
});
