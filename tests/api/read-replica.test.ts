import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicJobDetail } from '../../shared/schemas/job-detail.ts';
import type { PublicJobsPage } from '../../shared/schemas/public-jobs.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database, type ReplicaSettings } from '../../server/db/database.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { READ_YOUR_WRITES_COOKIE } from '../../server/http/public-reads.ts';
import { startFakeJsonServer, type FakeJsonServer } from '../support/fake-json-server.ts';
import { attrs, CLIENT, exportedSpans, SERVER } from '../support/otlp-spans.ts';
import { replicaBinariesPresent, startReplicaCluster, type ReplicaCluster } from '../support/replica-cluster.ts';
import { testDbKind } from '../support/test-database.ts';
import { signIn } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 37 §2 (decision record 0031): anonymous public reads go to a hot standby, signed-in reads
 * and a person's reads just after a write stay on the primary, and a standby that lags or is down
 * is skipped, with no 5xx. Against a real primary and streaming standby of its own; pausing the
 * standby's replay shows which server answered. PostgreSQL lane only.
 */
const wanted = testDbKind === 'postgres';
if (wanted && !replicaBinariesPresent() && process.env.CI === 'true') throw new Error('The read replica tests need the PostgreSQL binaries (initdb, pg_basebackup) in CI.');

interface Instance {
  app: FastifyInstance;
  database: Database;
}

const METRICS = 'replica-metrics-token-0123456789abcdef';

describe.runIf(wanted && replicaBinariesPresent())('public reads from a read replica', { timeout: 120_000 }, () => {
  let cluster: ReplicaCluster;
  /** Receives instance a's traces (OTLP JSON). */
  let collector: FakeJsonServer;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-replica-test-'));
  const instances: Instance[] = [];
  /** Cache off, lag allowed 60 s: which server answered shows in the answer. */
  let a: Instance;
  /** The public answers cache on (60 s): the cache trap. */
  let cached: Instance;
  /** Lag allowed 1 s. */
  let strict: Instance;
  /** Checked only when the test asks: a standby that fails in the middle of a read. */
  let unchecked: Instance;
  let job: { id: string };
  let slug: string;
  let employerCookies: string;
  let ip = 0;

  async function start(env: Record<string, string>, replica: Omit<ReplicaSettings, 'url'>): Promise<Instance> {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', PUBLIC_CACHE_SECONDS: '0', COMPANY_CACHE_SECONDS: '0', ...env });
    const database = await openDatabase({ kind: 'postgres', url: cluster.primaryUrl, poolSize: 3, replica: { url: cluster.standbyUrl, ...replica } });
    const app = await buildApp({ config, database });
    await app.ready();
    const instance = { app, database };
    instances.push(instance);
    return instance;
  }
  const get = (instance: Instance, url: string, cookie?: string) =>
    instance.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: `10.37.${ip >> 8}.${++ip & 255}` });
  const titleOn = async (instance: Instance, cookie?: string) => {
    const answer = await get(instance, `/api/public/jobs/${job.id}`, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<PublicJobDetail>().title;
  };
  const retitle = (title: string) => a.database.db.updateTable('job_postings').set({ title }).where('id', '=', job.id).execute();
  /** Each test starts from a title of its own, replayed on the standby. */
  const startFrom = async (title: string) => {
    await retitle(title);
    await waitFor(async () => (await titleOn(a)) === title, { what: `the standby to replay "${title}"` });
  };
  const replayPaused = async (paused: boolean) => {
    await cluster.onStandby(paused ? 'SELECT pg_wal_replay_pause()' : 'SELECT pg_wal_replay_resume()');
    await waitFor(async () => (await cluster.onStandby('SELECT pg_get_wal_replay_pause_state() AS state'))[0]?.state === (paused ? 'paused' : 'not paused'), {
      what: `replay ${paused ? 'paused' : 'resumed'}`,
    });
  };
  const replicaOf = (instance: Instance) => instance.database.replica!;

  beforeAll(async () => {
    const started = await startReplicaCluster();
    if ('error' in started) throw new Error(started.error);
    cluster = started;
    collector = await startFakeJsonServer(() => ({ status: 200, body: {} }));
    a = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '20' }, { maxLagSeconds: 60 });
    cached = await start({ PUBLIC_CACHE_SECONDS: '60' }, { maxLagSeconds: 60 });
    strict = await start({}, { maxLagSeconds: 1 });
    unchecked = await start({ METRICS_TOKEN: METRICS }, { maxLagSeconds: 60, checkEveryMs: 3_600_000 });
    const factories = createFactories(a.app.auth, a.database);
    const company = await factories.company({ name: 'Kaveri Looms' });
    slug = (await a.database.db.selectFrom('companies').select('slug').where('id', '=', company.id).executeTakeFirstOrThrow()).slug;
    job = await factories.job(company.id, { title: 'Warp Setter' });
    const employer = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    employerCookies = (await signIn(a.app, employer.email, employer.password, '10.37.250.1')).header;
    // The standby has replayed the schema and the job.
    for (const instance of [a, cached, strict]) await waitFor(() => replicaOf(instance).status().usable, { what: 'a usable replica', timeoutMs: 20_000 });
    await waitFor(async () => (await titleOn(a)) === 'Warp Setter', { what: 'the job on the replica', timeoutMs: 20_000 });
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    cluster?.destroy();
    await collector?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers anonymous public reads from the replica; a signed-in reader, or one who just wrote, from the primary', async () => {
    await startFrom('Warp Setter');
    await replayPaused(true);
    try {
      const edited = await a.app.inject({ method: 'PATCH', url: `/api/jobs/${job.id}`, headers: { cookie: employerCookies }, payload: { title: 'Senior Warp Setter' }, remoteAddress: '10.37.250.2' });
      expect(edited.statusCode, edited.body).toBe(200);
      // The write's answer marks this browser's next reads for the primary, for the lag allowed and a margin.
      expect(String(edited.headers['set-cookie'])).toContain(`${READ_YOUR_WRITES_COOKIE}=1; Path=/; Max-Age=62; HttpOnly; SameSite=Lax`);
      const added = await a.database.db
        .insertInto('job_postings')
        .values({ company_id: (await a.database.db.selectFrom('job_postings').select('company_id').where('id', '=', job.id).executeTakeFirstOrThrow()).company_id, title: 'Dobby Operator', description: 'Runs the dobby looms on the day shift.', location: 'Mysuru' })
        .returning('id')
        .executeTakeFirstOrThrow();

      // Anonymous: the standby, which has not replayed the edit (job page, board, company page, sitemap).
      expect(await titleOn(a)).toBe('Warp Setter');
      expect((await get(a, '/api/public/jobs?q=Warp')).json<PublicJobsPage>().jobs.map((j) => j.title)).toEqual(['Warp Setter']);
      expect((await get(a, `/api/public/companies/${slug}`)).json<{ jobs: { title: string }[] }>().jobs.map((j) => j.title)).toEqual(['Warp Setter']);
      expect((await get(a, '/sitemap.xml')).body).not.toContain(added.id);

      // Signed in (the session cookie alone): the primary.
      const sessionOnly = employerCookies.split('; ').filter((c) => !c.startsWith(`${READ_YOUR_WRITES_COOKIE}=`)).join('; ');
      expect(sessionOnly).toMatch(/session_token=/);
      expect(await titleOn(a, sessionOnly)).toBe('Senior Warp Setter');
      // Signed out, but just wrote (the marker alone): the primary.
      expect(await titleOn(a, `${READ_YOUR_WRITES_COOKIE}=1`)).toBe('Senior Warp Setter');
      expect((await get(a, '/sitemap.xml', `${READ_YOUR_WRITES_COOKIE}=1`)).body).toContain(added.id);
      expect((await get(a, `/api/public/companies/${slug}`, `${READ_YOUR_WRITES_COOKIE}=1`)).json<{ jobs: unknown[] }>().jobs).toHaveLength(2);

      // The standby takes no write (read-only), whatever reaches it.
      const replica = a.database.publicReads();
      expect(replica).not.toBe(a.database.db);
      await expect(replica.updateTable('job_postings').set({ title: 'Nope' }).where('id', '=', job.id).execute()).rejects.toMatchObject({ code: '25006' });
    } finally {
      await replayPaused(false);
    }
    await waitFor(async () => (await titleOn(a)) === 'Senior Warp Setter', { what: 'the replayed edit' });
  });

  it("traces the replica's statements too, each marked with the server that ran it", async () => {
    const rolesOf = async (cookie?: string) => {
      const answer = await get(a, `/api/public/jobs/${job.id}`, cookie);
      expect(answer.statusCode).toBe(200);
      // This read's span, by its request id (spans of earlier reads may still be arriving).
      const requestId = answer.headers['x-request-id'];
      const span = await waitFor(() => exportedSpans(collector).find((one) => one.kind === SERVER && attrs(one.attributes)['workcred.request.id'] === requestId), { what: 'the read span' });
      return waitFor(
        () => {
          const roles = exportedSpans(collector)
            .filter((child) => child.kind === CLIENT && child.traceId === span.traceId)
            .map((child) => attrs(child.attributes)['workcred.db.role']);
          return roles.length > 0 && [...new Set(roles)].sort();
        },
        { what: "the read's statements" },
      );
    };
    expect(await rolesOf()).toContain('replica');
    expect(await rolesOf(employerCookies)).toEqual(['primary']);
  });

  it('skips a replica that lags more than REPLICA_MAX_LAG_SECONDS', async () => {
    await startFrom('Warp Setter (Lag)');
    await waitFor(() => replicaOf(strict).status().usable, { what: 'the strict instance using its replica' });
    await replayPaused(true);
    try {
      await retitle('Lead Warp Setter');
      // Within the minute allowed, instance a still reads the standby: replay is paused...
      expect(await titleOn(a)).toBe('Warp Setter (Lag)');
      // ...and past the second allowed, the strict instance reads the primary.
      await waitFor(() => replicaOf(strict).status().reason === 'lagging', { what: 'the replica judged lagging' });
      expect(replicaOf(strict).status().lagSeconds).toBeGreaterThan(1);
      expect(await titleOn(strict)).toBe('Lead Warp Setter');
      expect(await titleOn(a)).toBe('Warp Setter (Lag)');
    } finally {
      await replayPaused(false);
    }
    await waitFor(() => replicaOf(strict).status().usable, { what: 'the replica back in use once it caught up' });
  });

  it('reloads a forgotten cached answer from the primary until the replica holds the change (no stale answer cached)', async () => {
    await startFrom('Warp Setter (Cached)');
    await waitFor(async () => (await titleOn(cached)) === 'Warp Setter (Cached)', { what: 'the cached instance on the current title' });
    expect((await get(cached, '/api/public/jobs?q=Warp')).json<PublicJobsPage>().jobs[0]?.title).toBe('Warp Setter (Cached)');
    await replayPaused(true);
    try {
      await retitle('Chief Warp Setter');
      // The change is heard (LISTEN on the primary) and the answers forgotten; the reload cannot come
      // from the paused standby, or its old answer would be kept for the cache's 60 s.
      await waitFor(async () => (await titleOn(cached)) === 'Chief Warp Setter', { what: 'the edit on the cached instance' });
      expect((await get(cached, '/api/public/jobs?q=Warp')).json<PublicJobsPage>().jobs[0]?.title).toBe('Chief Warp Setter');
      expect(await titleOn(a)).toBe('Warp Setter (Cached)');
    } finally {
      await replayPaused(false);
    }
  });

  it('falls back to the primary when the replica goes away, in the middle of a read and after, with no 5xx', async () => {
    await startFrom('Warp Setter (Down)');
    await waitFor(async () => (await replicaOf(unchecked).check()).usable, { what: 'the unchecked instance using its replica' });
    cluster.stopStandby();
    // Not checked since: the read goes to the stopped standby, fails, and runs again on the primary.
    expect(replicaOf(unchecked).status().usable).toBe(true);
    expect(await titleOn(unchecked)).toBe('Warp Setter (Down)');
    expect(replicaOf(unchecked).status()).toMatchObject({ usable: false, reason: 'a read failed', failedReads: 1 });
    // And /metrics says so (issue 37 §4).
    const scraped = (await unchecked.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS}` } })).body;
    expect(scraped).toMatch(/^workcred_replica_usable 0$/m);
    expect(scraped).toMatch(/^workcred_replica_failed_reads_total 1$/m);
    // Checked every second: judged down, and every public read answered by the primary meanwhile.
    await retitle('Head Warp Setter');
    await waitFor(
      async () => {
        for (const url of [`/api/public/jobs/${job.id}`, '/api/public/jobs?q=Warp', `/api/public/companies/${slug}`, '/api/public/companies', '/sitemap.xml']) {
          const answer = await get(a, url);
          expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
        }
        return replicaOf(a).status().reason?.startsWith('down');
      },
      { what: 'the replica judged down', timeoutMs: 10_000 },
    );
    expect(await titleOn(a)).toBe('Head Warp Setter');
    expect(await titleOn(unchecked)).toBe('Head Warp Setter');
  });
});
