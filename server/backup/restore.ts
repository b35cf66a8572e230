import { existsSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { hasEntries, stageFiles, swapIn } from './file-store.ts';
import { assertMigrationKnown, AUTH_SECRET_FILE, BackupError, readManifest, verifyEntry, type Manifest } from './manifest.ts';
import { loadPglite, lockEmbedded } from './pglite-dump.ts';
import { postgresState, restorePostgres } from './postgres-dump.ts';

export interface RestoreOptions {
  config: Config;
  dir: string;
  /** Replace a database that has users and a file store that has files (kept aside where they are directories). */
  force?: boolean;
  /** The environment of pg_restore (its PATH is searched after PG_BIN); the CLI passes its own. */
  env?: NodeJS.ProcessEnv | undefined;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Directories the restore moved aside (only with force): "<DATA_DIR>/db.replaced-<time>" and the like. */
  keptAside: string[];
}

/**
 * Restores a backup made by runBackup into the configured database and DATA_DIR. Everything is
 * checked before anything is touched: the manifest, its migration level (not newer than this
 * code's), the sha256 of every file, and that the target is empty (or force). Then the files are
 * staged beside the store, the database is restored (pg_restore in one transaction; PGlite into a
 * new directory) and the staged directories are swapped in, so a failure leaves the target as it was.
 */
export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const { config, force = false } = options;
  const dir = path.resolve(options.dir);
  const manifest = await readManifest(dir);
  assertMigrationKnown(manifest.migration);
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This is a backup of the embedded database, but DATABASE_URL is set: unset it to restore into DATA_DIR/db.'
        : 'This is a backup of a PostgreSQL database, but DATABASE_URL is not set: set it to the (new, empty) database to restore into.',
    );
  }
  if (manifest.files.copied && config.STORAGE_DRIVER === 's3') {
    throw new BackupError('The backup holds a local file store, but STORAGE_DRIVER=s3: restore with STORAGE_DRIVER=local (the files go to DATA_DIR/files).');
  }
  await verifyEntry(dir, { path: manifest.database.file, bytes: manifest.database.bytes, sha256: manifest.database.sha256 });
  for (const entry of manifest.files.entries) await verifyEntry(dir, entry);
  if (manifest.authSecretFile) await verifyEntry(dir, manifest.authSecretFile);

  const release = kind === 'pglite' ? lockEmbedded(config.DATA_DIR, 'restore') : () => {};
  try {
    return await restoreChecked(dir, manifest, config, force, options.env);
  } finally {
    release();
  }
}

async function restoreChecked(dir: string, manifest: Manifest, config: Config, force: boolean, env: NodeJS.ProcessEnv | undefined): Promise<RestoreResult> {
  const filesDir = path.join(config.DATA_DIR, 'files');
  const dbDir = path.join(config.DATA_DIR, 'db');
  const refusals: string[] = [];
  if (config.DATABASE_URL) {
    const target = await postgresState(config.DATABASE_URL);
    if (target.migration && target.migration > manifest.migration) {
      throw new BackupError(
        `The database at DATABASE_URL is at migration ${target.migration}, newer than the backup's ${manifest.migration}: ` +
          'restore into a new, empty database (createdb) and point DATABASE_URL at it. Nothing was restored.',
      );
    }
    if (target.hasUsers) refusals.push('the database at DATABASE_URL has users');
  } else if (existsSync(path.join(dbDir, 'PG_VERSION'))) {
    refusals.push(`${dbDir} holds a database`);
  }
  if (manifest.files.copied && (await hasEntries(filesDir))) refusals.push(`${filesDir} holds files`);
  if (refusals.length > 0 && !force) {
    throw new BackupError(`Refusing to restore over existing data: ${refusals.join(' and ')}. Run again with --force to replace it. Nothing was restored.`);
  }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const stagedFiles = `${filesDir}.restoring`;
  const stagedDb = `${dbDir}.restoring`;
  try {
    if (manifest.files.copied) await stageFiles(dir, manifest.files.entries, stagedFiles);
    const databaseFile = path.join(dir, manifest.database.file);
    if (config.DATABASE_URL) {
      await restorePostgres({ url: config.DATABASE_URL, file: databaseFile, pgBin: config.PG_BIN, env });
    } else {
      const loaded = await loadPglite({ file: databaseFile, stagingDir: stagedDb });
      if (loaded !== manifest.migration) throw new BackupError(`The restored database is at migration ${loaded ?? 'none'}, not the manifest's ${manifest.migration}: nothing was restored.`);
    }
  } catch (error) {
    await rm(stagedFiles, { recursive: true, force: true });
    await rm(stagedDb, { recursive: true, force: true });
    throw error;
  }
  const keptAside: string[] = [];
  for (const [staged, target] of [
    ...(config.DATABASE_URL ? [] : [[stagedDb, dbDir] as const]),
    ...(manifest.files.copied ? [[stagedFiles, filesDir] as const] : []),
  ]) {
    const kept = await swapIn(staged, target, stamp);
    if (kept) keptAside.push(kept);
  }
  if (manifest.authSecretFile) {
    const target = path.join(config.DATA_DIR, AUTH_SECRET_FILE);
    // The replaced data's secret goes aside with it (only that data can use it).
    if (keptAside.length > 0 && existsSync(target)) {
      await rename(target, `${target}.replaced-${stamp}`);
      keptAside.push(`${target}.replaced-${stamp}`);
    }
    await copyFile(path.join(dir, AUTH_SECRET_FILE), target);
  }
  return { manifest, keptAside };
}
