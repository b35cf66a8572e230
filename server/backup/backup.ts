import { chmod, copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { copyFilesOut, hasEntries } from './file-store.ts';
import {
  appVersion,
  AUTH_SECRET_FILE,
  authSecretFingerprint,
  BackupError,
  DUMP_FILE,
  sha256OfFile,
  writeManifest,
  type FileEntry,
  type Manifest,
} from './manifest.ts';
import { dumpPglite, lockEmbedded } from './pglite-dump.ts';
import { dumpPostgres, postgresState } from './postgres-dump.ts';

export interface BackupOptions {
  config: Config;
  /** A new or empty directory; the manifest is written last, so a directory without one is an unfinished backup. */
  dir: string;
  /** Leave the file store out (required for S3, whose bucket is protected by versioning and replication). */
  databaseOnly?: boolean;
  /** The environment of pg_dump (its PATH is searched after PG_BIN); the CLI passes its own. */
  env?: NodeJS.ProcessEnv | undefined;
}

/**
 * Backs up the database (pg_dump on PostgreSQL; PGlite's dump of its data directory, with the
 * server stopped) and then the local file store, into `dir` with a manifest. The dump comes first:
 * a document uploaded meanwhile adds a file no row names (harmless), never a row without its file.
 */
export async function runBackup(options: BackupOptions): Promise<Manifest> {
  const { config, databaseOnly = false } = options;
  const dir = path.resolve(options.dir);
  if (await hasEntries(dir)) throw new BackupError(`${dir} is not empty: back up into a new directory.`);
  if (config.STORAGE_DRIVER === 's3' && !databaseOnly) {
    throw new BackupError(
      `The file store is the S3 bucket ${config.S3_BUCKET ?? ''}: this command does not copy buckets. Protect the bucket with ` +
        'versioning and replication (deploy/README.md, "Backups and restore"), then run again with --database-only to back up the database.',
    );
  }
  const created = !(await stat(dir).then(() => true, () => false));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  try {
    return await backUpInto(dir, config, databaseOnly, options.env);
  } catch (error) {
    // Nothing half-written is left to be mistaken for a backup.
    if (created) await rm(dir, { recursive: true, force: true });
    else for (const name of [DUMP_FILE.pglite, DUMP_FILE.postgres, 'files', AUTH_SECRET_FILE]) await rm(path.join(dir, name), { recursive: true, force: true });
    throw error;
  }
}

async function backUpInto(dir: string, config: Config, databaseOnly: boolean, env: NodeJS.ProcessEnv | undefined): Promise<Manifest> {
  // The manifest's time is the dump's start: the database is as of then (PostgreSQL's snapshot).
  const createdAt = new Date().toISOString();
  if (config.DATABASE_URL) {
    const state = await postgresState(config.DATABASE_URL);
    if (!state.migration) throw new BackupError('The database at DATABASE_URL has never been migrated (no schema_migrations): there is nothing to back up.');
    await dumpPostgres({ url: config.DATABASE_URL, file: path.join(dir, DUMP_FILE.postgres), pgBin: config.PG_BIN, env });
    return copyFilesAndWriteManifest(dir, config, { kind: 'postgres', migration: state.migration, createdAt }, databaseOnly);
  }
  // Held until the files are copied too, so the server cannot start and change them meanwhile.
  const release = lockEmbedded(config.DATA_DIR, 'back up');
  try {
    const migration = await dumpPglite({ dataDir: config.DATA_DIR, file: path.join(dir, DUMP_FILE.pglite) });
    return await copyFilesAndWriteManifest(dir, config, { kind: 'pglite', migration, createdAt }, databaseOnly);
  } finally {
    release();
  }
}

async function copyFilesAndWriteManifest(dir: string, config: Config, database: { kind: 'postgres' | 'pglite'; migration: string; createdAt: string }, databaseOnly: boolean): Promise<Manifest> {
  const copied = config.STORAGE_DRIVER === 'local' && !databaseOnly;
  const entries = copied ? await copyFilesOut(path.join(config.DATA_DIR, 'files'), dir) : [];
  const manifest: Manifest = {
    format: 1,
    createdAt: database.createdAt,
    appVersion: appVersion(),
    migration: database.migration,
    database: { kind: database.kind, file: DUMP_FILE[database.kind], ...(await sha256OfFile(path.join(dir, DUMP_FILE[database.kind]))) },
    files: { driver: config.STORAGE_DRIVER, copied, count: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), entries },
    authSecretFile: await copyAuthSecret(config.DATA_DIR, dir),
    authSecretFingerprint: authSecretFingerprint(config.AUTH_SECRET),
  };
  await writeManifest(dir, manifest);
  return manifest;
}

/** DATA_DIR/auth-secret (generated outside production when AUTH_SECRET is unset): without it, MFA data cannot be read. */
async function copyAuthSecret(dataDir: string, dir: string): Promise<FileEntry | null> {
  const source = path.join(dataDir, AUTH_SECRET_FILE);
  if (!(await stat(source).then((info) => info.isFile(), () => false))) return null;
  const target = path.join(dir, AUTH_SECRET_FILE);
  await copyFile(source, target);
  return { path: AUTH_SECRET_FILE, ...(await sha256OfFile(target)) };
}
