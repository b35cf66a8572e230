/**
 * npm run bench:notifications: an admin's notification to 100,000 people (BENCH_USERS), through
 * the real route (POST /api/admin/notifications: batch row, one INSERT … SELECT, count, audit
 * entry, live event, one transaction), on PGlite and on PostgreSQL (BENCH_DATABASE_URL, or a
 * throwaway cluster from the installed binaries).
 *
 * Baselines in the same run and database: the same rows written by a bare INSERT … SELECT into a
 * table with no index, key or check (the floor for writing that many rows there), and the same
 * rows written one INSERT at a time (measured on 2,000 rows, scaled up): what one statement saves.
 * Prints a table; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import type { NotificationBatch } from '../shared/schemas/notifications.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ROW_BY_ROW_SAMPLE = 2_000;

type Row = readonly [name: string, ms: number, note: string];

const elapsed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/** USERS people straight into the tables (no password hashing): 40% employers, 60% candidates, 1% suspended. */
async function seedPeople(database: Database): Promise<void> {
  const { db } = database;
  await sql`
    INSERT INTO auth_users (id, name, email, "emailVerified")
    SELECT 'bench-' || g, 'Bench Person ' || g, 'bench' || g || '@bench.workcred.in', true FROM generate_series(1, ${USERS}::int) AS g`.execute(db);
  await sql`
    INSERT INTO user_profiles (id, role, full_name, email, suspended_at)
    SELECT 'bench-' || g, CASE WHEN g % 5 < 2 THEN 'employer' ELSE 'candidate' END, 'Bench Person ' || g, 'bench' || g || '@bench.workcred.in',
           CASE WHEN g % 100 = 0 THEN now() END
    FROM generate_series(1, ${USERS}::int) AS g`.execute(db);
  await sql`ANALYZE user_profiles`.execute(db);
}

async function measure(label: string, database: Database): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-notify-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  const { db } = database;
  try {
    await app.ready();
    const admin = await createFactories(app.auth, database).user({ role: 'admin' });
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: admin.email, password: admin.password } });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const seedMs = await elapsed(() => seedPeople(database));
    console.log(`  ${label}: ${USERS.toLocaleString('en-IN')} people seeded in ${Math.round(seedMs)} ms`);

    // Baseline 1: the floor. The same rows, the same SELECT, into a bare table.
    await sql`CREATE TABLE bench_notifications_floor (recipient_id text, type text, title text, message text, batch_id uuid, created_at timestamptz)`.execute(db);
    let floorRows = 0;
    const floorMs = await elapsed(async () => {
      const result = await sql`
        INSERT INTO bench_notifications_floor (recipient_id, type, title, message, batch_id, created_at)
        SELECT id, 'banner', 'Scheduled maintenance', 'WorkCred is down from 2 to 3 AM IST.', gen_random_uuid(), now()
        FROM user_profiles WHERE suspended_at IS NULL`.execute(db);
      floorRows = Number(result.numAffectedRows ?? 0n);
    });
    await sql`DROP TABLE bench_notifications_floor`.execute(db);

    // Baseline 2: one INSERT per recipient (in one transaction), on a sample, scaled to the same rows.
    const sample = await db.selectFrom('user_profiles').select('id').where('suspended_at', 'is', null).limit(ROW_BY_ROW_SAMPLE).execute();
    const rowByRowSampleMs = await elapsed(() =>
      db.transaction().execute(async (trx) => {
        for (const { id } of sample) {
          await trx.insertInto('notifications').values({ recipient_id: id, type: 'toast', title: 'Row by row', message: 'One INSERT each' }).execute();
        }
        // Measured, then undone: these rows are not part of what is measured next.
        throw new RollbackSample();
      }).catch((error: unknown) => {
        if (!(error instanceof RollbackSample)) throw error;
      }),
    );
    const rowByRowMs = (rowByRowSampleMs / sample.length) * floorRows;

    const send = async (group: 'all' | 'employers' | 'candidates') => {
      let batch: NotificationBatch | undefined;
      const ms = await elapsed(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/admin/notifications',
          headers: { cookie },
          payload: { title: 'Scheduled maintenance', message: 'WorkCred is down from 2 to 3 AM IST.', recipient_group: group, type: 'banner' },
        });
        if (response.statusCode !== 201) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
        batch = response.json<NotificationBatch>();
      });
      return { ms, recipients: batch?.recipients ?? 0 };
    };
    const all = await send('all');
    const employers = await send('employers');
    const allAgain = await send('all');

    // Reading one's own stays quick with 200,000+ rows in the table.
    const reader = await db.selectFrom('user_profiles').select('id').where('id', '=', 'bench-7').executeTakeFirstOrThrow();
    const readMs = await elapsed(async () => {
      for (let i = 0; i < 50; i += 1) {
        await sql`SELECT id FROM notifications WHERE recipient_id = ${reader.id} AND read_at IS NULL ORDER BY created_at DESC LIMIT 20`.execute(db);
      }
    });

    const per = (ms: number, rows: number) => `${((ms / rows) * 1000).toFixed(1)} µs/row`;
    return [
      [`bare INSERT … SELECT, no index/key/check (baseline), ${label}`, floorMs, `${floorRows.toLocaleString('en-IN')} rows, ${per(floorMs, floorRows)}, ×1`],
      [`one INSERT per recipient (${ROW_BY_ROW_SAMPLE} measured, scaled), ${label}`, rowByRowMs, `${floorRows.toLocaleString('en-IN')} rows, ×${(rowByRowMs / floorMs).toFixed(1)} of baseline`],
      [`POST /api/admin/notifications "all", ${label}`, all.ms, `${all.recipients.toLocaleString('en-IN')} recipients, ${per(all.ms, all.recipients)}, ×${(all.ms / floorMs).toFixed(1)} of baseline`],
      [`POST … "employers", ${label}`, employers.ms, `${employers.recipients.toLocaleString('en-IN')} recipients, ${per(employers.ms, employers.recipients)}`],
      [`POST … "all" again (table now larger), ${label}`, allAgain.ms, `${allAgain.recipients.toLocaleString('en-IN')} recipients, ×${(allAgain.ms / floorMs).toFixed(1)} of baseline`],
      [`a recipient's unread page afterwards, ${label}`, readMs / 50, 'ms per query (mean of 50)'],
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

class RollbackSample extends Error {}

async function main() {
  const rows: Row[] = [];
  const dbDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-notify-db-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: path.join(dbDir, 'db') });
  try {
    rows.push(...(await measure('PGlite', pglite)));
  } finally {
    await pglite.close();
    rmSync(dbDir, { recursive: true, force: true });
  }

  rows.push(...((await withBenchPostgres((postgres) => measure('PostgreSQL', postgres))) ?? []));

  console.log(`\nNotification to ${USERS.toLocaleString('en-IN')} people (1% suspended, 40% employers):`);
  for (const [name, ms, note] of rows) console.log(`  ${name.padEnd(66)} ${ms.toFixed(ms < 10 ? 2 : 0).padStart(8)} ms   ${note}`);
}

await main();
