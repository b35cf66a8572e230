/**
 * One database's route table (routes.ts), measured in this process alone and printed as JSON on
 * its last line: `node --import tsx bench/route-table-process.ts postgres|pglite <seconds>`.
 * PostgreSQL is BENCH_DATABASE_URL's server or a throwaway cluster; without one it prints null.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { routeTable } from './routes.ts';

const [kind, seconds] = process.argv.slice(2);
const duration = Number(seconds);
if ((kind !== 'postgres' && kind !== 'pglite') || !(duration > 0)) throw new Error('usage: route-table-process.ts postgres|pglite <seconds>');

let table: Awaited<ReturnType<typeof routeTable>> | undefined;
if (kind === 'postgres') {
  table = await withBenchPostgres((database) => routeTable(database, duration));
} else {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-pglite-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir });
  try {
    table = await routeTable(pglite, duration);
  } finally {
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
process.stdout.write(`${JSON.stringify(table ?? null)}\n`);
