import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from '../db/database.ts';
import { acquireLockFile, DataDirLockedError } from '../db/lock-file.ts';
import { BackupError } from './manifest.ts';

/**
 * The embedded database is one process's (server/db/lock-file.ts): a backup or restore takes the
 * same lock as the server, so it runs with the server stopped, and says so when it is not.
 */
export function lockEmbedded(dataDir: string, doing: 'back up' | 'restore'): () => void {
  try {
    return acquireLockFile(path.join(dataDir, 'db.lock'), `The embedded database in ${path.join(dataDir, 'db')}`);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(`Stop the WorkCred server first: cannot ${doing} the embedded database while it runs. ${error.message}`);
    }
    throw error;
  }
}

async function migrationOf(pglite: PGlite): Promise<string | null> {
  const exists = await pglite.query<{ found: boolean }>("SELECT to_regclass('public.schema_migrations') IS NOT NULL AS found");
  if (!exists.rows[0]?.found) return null;
  return (await pglite.query<{ version: string | null }>('SELECT max(version) AS version FROM schema_migrations')).rows[0]?.version ?? null;
}

/** PGlite's own dump of its data directory (a gzipped tar), taken with the lock held. Answers the migration level. */
export async function dumpPglite(options: { dataDir: string; file: string }): Promise<string> {
  const dbDir = path.join(options.dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${dbDir} to back up (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
  const pglite = await createPglite({ dataDir: dbDir });
  try {
    const migration = await migrationOf(pglite);
    if (!migration) throw new BackupError(`The embedded database in ${dbDir} has never been migrated: there is nothing to back up.`);
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(options.file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return migration;
  } finally {
    await pglite.close();
  }
}

/**
 * Loads the dump into a new data directory (the caller swaps it in) and reads its migration level
 * back, so a dump that does not load fails here, before anything is replaced.
 */
export async function loadPglite(options: { file: string; stagingDir: string }): Promise<string | null> {
  await rm(options.stagingDir, { recursive: true, force: true });
  const blob = new Blob([await readFile(options.file)]);
  let pglite: PGlite;
  try {
    pglite = await createPglite({ dataDir: options.stagingDir, loadDataDir: blob });
  } catch (error) {
    await rm(options.stagingDir, { recursive: true, force: true });
    throw new BackupError(`The embedded database in the backup did not load (made by another PGlite version?): ${(error as Error).message}`);
  }
  try {
    return await migrationOf(pglite);
  } finally {
    await pglite.close();
  }
}
