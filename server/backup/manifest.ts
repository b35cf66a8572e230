import { createHash, createHmac } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { listMigrations } from '../db/migrate.ts';
import { projectRoot } from '../paths.ts';

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const MANIFEST_FILE = 'manifest.json';
/** The database's part of a backup: pg_dump's custom format, or PGlite's data directory as a gzipped tar. */
export const DUMP_FILE = { postgres: 'database.dump', pglite: 'database.tar.gz' } as const;
/** Copies of the local file store's files, under their storage keys. */
export const FILES_DIR = 'files';
/** The development secret (DATA_DIR/auth-secret), when the source had one: MFA data is keyed from it. */
export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * A stored file's key, as assertSafeKey (server/storage/file-storage.ts) allows: no "..", no
 * absolute path. A restore joins these to directories, so a doctored manifest must not reach out.
 */
export const STORAGE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const entryPath = z.string().max(600).refine((value) => value === AUTH_SECRET_FILE || (value.startsWith(`${FILES_DIR}/`) && STORAGE_KEY.test(value.slice(FILES_DIR.length + 1))), 'a file outside the backup');
const fileEntry = z.object({ path: entryPath, bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type FileEntry = z.infer<typeof fileEntry>;

export const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  appVersion: z.string(),
  /** The newest row of schema_migrations: a restore refuses a backup newer than its own code. */
  migration: z.string(),
  database: z.object({ kind: z.enum(['postgres', 'pglite']), file: z.enum([DUMP_FILE.postgres, DUMP_FILE.pglite]), bytes: z.number().int(), sha256: z.string() }),
  /**
   * The file store. Local: every stored file is copied (copied: true, entries with their sha256).
   * S3: not copied (copied: false): the bucket is protected by versioning and replication
   * (deploy/README.md); so is a local store backed up with --database-only.
   */
  files: z.object({
    driver: z.enum(['local', 's3']),
    copied: z.boolean(),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    entries: z.array(fileEntry),
  }),
  authSecretFile: fileEntry.nullable(),
  /** A keyed hash of AUTH_SECRET (never the secret), so a restore can warn when the target's differs. */
  authSecretFingerprint: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

export function authSecretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('workcred backup fingerprint').digest('hex').slice(0, 16);
}

/** The migration this code would bring a database to. */
export function latestMigration(): string {
  return listMigrations().at(-1)?.version ?? '';
}

/** Refuses a backup made by newer code (a migration this code does not have). */
export function assertMigrationKnown(migration: string): void {
  const known = listMigrations().map((m) => m.version);
  if (!known.includes(migration)) {
    throw new BackupError(
      `The backup is at migration ${migration}, which this version of WorkCred does not have (its newest is ${latestMigration()}). ` +
        'Restore it with the version that made it (or a newer one): nothing was restored.',
    );
  }
}

export async function sha256OfFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupError(`${dir} holds no ${MANIFEST_FILE}: it is not a WorkCred backup.`);
    throw error;
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not a manifest this version understands: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/** Checks one file of the backup against its manifest entry, naming it when it differs. */
export async function verifyEntry(dir: string, entry: FileEntry): Promise<void> {
  const file = path.join(dir, ...entry.path.split('/'));
  const actual = await sha256OfFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupError(`The backup is missing ${entry.path} (listed in its manifest): nothing was restored.`);
    throw error;
  });
  if (actual.sha256 !== entry.sha256 || actual.bytes !== entry.bytes) {
    throw new BackupError(`${entry.path} in the backup does not match its manifest (sha256 or size differs): the backup is damaged or was changed. Nothing was restored.`);
  }
}
