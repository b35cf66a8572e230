/**
 * One database's EPFO measurements (epfo-measure.ts), in this process alone, printed as JSON on
 * its last line: `node --import tsx bench/epfo-process.ts postgres|postgres-split|pglite '<options as JSON>'`
 * (postgres-split: this instance only queues lookups, a second instance asks the provider).
 * PostgreSQL is BENCH_DATABASE_URL's server or a throwaway cluster; without one it prints null.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { measureEpfo, type EpfoOptions, type EpfoResult } from './epfo-measure.ts';

const [kind, json] = process.argv.slice(2);
if ((kind !== 'postgres' && kind !== 'postgres-split' && kind !== 'pglite') || !json) throw new Error("usage: epfo-process.ts postgres|postgres-split|pglite '<options as JSON>'");
const options = JSON.parse(json) as EpfoOptions;

let result: EpfoResult | undefined;
if (kind === 'postgres' || kind === 'postgres-split') {
  result = await withBenchPostgres((database, url) => measureEpfo(database, options, kind === 'postgres-split' ? url : undefined));
} else {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-epfo-pglite-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir });
  try {
    result = await measureEpfo(pglite, options);
  } finally {
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
process.stdout.write(`${JSON.stringify(result ?? null)}\n`);
