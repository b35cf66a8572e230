import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runBackup } from '../../server/backup/backup.ts';
import { authSecretFingerprint, latestMigration, type Manifest } from '../../server/backup/manifest.ts';
import { findPgTool } from '../../server/backup/postgres-dump.ts';
import { runRestore } from '../../server/backup/restore.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createPglite, openDatabase, type Database } from '../../server/db/database.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { withDatabase } from '../support/global-setup-postgres.ts';
import { makePdf } from '../support/pdf.ts';
import { filesUnder } from '../support/files-under.ts';
import { createPostgresTestDatabase, laneUnavailable, testDbKind } from '../support/test-database.ts';
import { signIn } from '../support/test-app.ts';
import { PG_BIN } from '../support/throwaway-postgres.ts';

/** pg_dump and pg_restore for the PostgreSQL lane: the lane's own binaries when present. */
const pgBin = existsSync(path.join(PG_BIN, 'pg_dump')) ? PG_BIN : undefined;
const pgToolsMissing = testDbKind === 'postgres' && !laneUnavailable && !toolsFound();
function toolsFound(): boolean {
  try {
    findPgTool('pg_dump', { pgBin, env: process.env });
    findPgTool('pg_restore', { pgBin, env: process.env });
    return true;
  } catch (error) {
    // As the lane itself: with CI=true a missing binary fails, outside CI it is skipped with a warning.
    if (process.env.CI === 'true') throw error;
    console.warn(`[backup-restore] skipped: ${(error as Error).message}`);
    return false;
  }
}

const temporary: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `workcred-backup-${label}-`));
  temporary.push(dir);
  return dir;
};
const databases: string[] = [];

/** A new, empty PostgreSQL database (createdb), as an operator restores into. */
async function createEmptyPostgres(): Promise<string> {
  const name = `workcred_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  return withDatabase(inject('postgresUrl'), name);
}

function configFor(dataDir: string, databaseUrl: string | undefined, extra: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    PUBLIC_CACHE_SECONDS: '0',
    COMPANY_CACHE_SECONDS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(pgBin ? { PG_BIN: pgBin } : {}),
    ...extra,
  });
}

/** An instance as the server runs one: the database at DATABASE_URL, or PGlite in DATA_DIR/db. */
async function startInstance(config: Config, pglite?: PGlite) {
  const database: Database = pglite
    ? await openDatabase({ kind: 'pglite', pglite })
    : await openDatabase(config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 3 } : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await pglite?.close();
    },
  };
}

describe.skipIf(laneUnavailable || pgToolsMissing)(`backup and restore (${testDbKind})`, () => {
  const pdf = makePdf({ text: 'Meera Iyer resume, restored' });
  let sourceConfig: Config;
  let backupDir: string;
  let manifest: Manifest;
  let candidate: { email: string; password: string };
  let documentId: string;

  beforeAll(async () => {
    const dataDir = tempDir('source');
    let pglite: PGlite | undefined;
    if (testDbKind === 'pglite') {
      // The migrated template, on disk where the server keeps it (DATA_DIR/db).
      pglite = await createPglite({ dataDir: path.join(dataDir, 'db'), loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    }
    sourceConfig = configFor(dataDir, testDbKind === 'postgres' ? await createEmptyPostgres() : undefined);
    const source = await startInstance(sourceConfig, pglite);
    try {
      const user = await createFactories(source.app.auth, source.database).user({ role: 'candidate' });
      candidate = user;
      const jar = await signIn(source.app, user.email, user.password);
      const upload = await source.app.inject({
        method: 'PUT',
        url: '/api/candidate/documents/resume',
        payload: pdf,
        headers: { 'content-type': 'application/pdf', cookie: jar.header, 'x-file-name': 'resume.pdf' },
      });
      expect(upload.statusCode, upload.body).toBe(201);
      documentId = (upload.json() as { id: string }).id;
    } finally {
      await source.close();
    }
    backupDir = path.join(tempDir('dir'), 'backup');
    manifest = await runBackup({ config: sourceConfig, dir: backupDir, env: process.env });
  });

  afterAll(async () => {
    if (databases.length > 0 && !laneUnavailable && testDbKind === 'postgres') {
      const admin = new pg.Client({ connectionString: inject('postgresUrl') });
      await admin.connect();
      for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  });

  it('writes a manifest: time, version, migration level, database kind, and each file with its size and sha256', () => {
    expect(manifest).toMatchObject({
      format: 1,
      appVersion: expect.any(String),
      migration: latestMigration(),
      database: { kind: testDbKind, file: testDbKind === 'postgres' ? 'database.dump' : 'database.tar.gz' },
      files: { driver: 'local', copied: true, count: 1, bytes: pdf.length },
    });
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(5 * 60_000);
    expect(manifest.files.entries).toEqual([{ path: expect.stringMatching(/^files\/[\w-]+\/resume_\d+\.pdf$/), bytes: pdf.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'))).toEqual(manifest);
  });

  it("restores into a fresh database and DATA_DIR, and a fresh instance serves the candidate's document, byte for byte", async () => {
    const dataDir = tempDir('target');
    const config = configFor(dataDir, testDbKind === 'postgres' ? await createEmptyPostgres() : undefined);
    const result = await runRestore({ config, dir: backupDir, env: process.env });
    expect(result.keptAside).toEqual([]);
    // The generated AUTH_SECRET came back with the data it keys, so the config read now matches.
    const restoredConfig = configFor(dataDir, config.DATABASE_URL);
    expect(authSecretFingerprint(restoredConfig.AUTH_SECRET)).toBe(manifest.authSecretFingerprint);

    const target = await startInstance(restoredConfig);
    try {
      const jar = await signIn(target.app, candidate.email, candidate.password);
      const file = await target.app.inject({ method: 'GET', url: `/api/documents/${documentId}`, headers: { cookie: jar.header } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(pdf)).toBe(true);
    } finally {
      await target.close();
    }
  });

  it.runIf(testDbKind === 'postgres')('restores into a database a server has already migrated but that has no users (pg_restore --clean)', async () => {
    const { url, drop } = await createPostgresTestDatabase();
    try {
      await runRestore({ config: configFor(tempDir('migrated-target'), url), dir: backupDir, env: process.env });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ email: string }>('SELECT email FROM auth_users');
      await client.end();
      expect(rows).toEqual([{ email: candidate.email }]);
    } finally {
      await drop();
    }
  });

  it('refuses a backup from a newer migration than this code has, and restores nothing', async () => {
    const copy = path.join(tempDir('newer'), 'backup');
    cpSync(backupDir, copy, { recursive: true });
    writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify({ ...manifest, migration: '9999_from_the_future' }));
    const dataDir = tempDir('newer-target');
    const config = configFor(dataDir, sourceConfig.DATABASE_URL);
    await expect(runRestore({ config, dir: copy })).rejects.toThrow(/migration 9999_from_the_future, which this version of WorkCred does not have.*nothing was restored/);
    expect(filesUnder(dataDir)).toEqual(['auth-secret']);
  });

  it('refuses a tampered file by its sha256 before touching anything, naming the file', async () => {
    const copy = path.join(tempDir('tampered'), 'backup');
    cpSync(backupDir, copy, { recursive: true });
    const [entry] = manifest.files.entries;
    writeFileSync(path.join(copy, entry!.path), makePdf({ text: 'Not the original' }));
    const dataDir = tempDir('tampered-target');
    // Checked before the target: even forced over the source itself, nothing is touched.
    await expect(runRestore({ config: configFor(dataDir, sourceConfig.DATABASE_URL), dir: copy, force: true })).rejects.toThrow(
      `${entry!.path} in the backup does not match its manifest (sha256 or size differs)`,
    );
    expect(filesUnder(dataDir)).toEqual(['auth-secret']);
    // A damaged database dump is refused the same way.
    writeFileSync(path.join(copy, manifest.database.file), 'truncated');
    cpSync(path.join(backupDir, entry!.path), path.join(copy, entry!.path));
    await expect(runRestore({ config: configFor(dataDir, sourceConfig.DATABASE_URL), dir: copy })).rejects.toThrow(`${manifest.database.file} in the backup does not match its manifest`);
    // A doctored manifest cannot name a file outside the backup (or write one outside DATA_DIR/files).
    writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify({ ...manifest, files: { ...manifest.files, entries: [{ ...entry!, path: 'files/../../../etc/cron.d/x' }] } }));
    await expect(runRestore({ config: configFor(dataDir, sourceConfig.DATABASE_URL), dir: copy })).rejects.toThrow(/is not a manifest this version understands: a file outside the backup/);
    expect(filesUnder(dataDir)).toEqual(['auth-secret']);
  });

  it('refuses to restore over a database with users and a store with files unless --force, then keeps them aside', async () => {
    await expect(runRestore({ config: sourceConfig, dir: backupDir })).rejects.toThrow(/Refusing to restore over existing data: .*Run again with --force/);
    expect(filesUnder(path.join(sourceConfig.DATA_DIR, 'files'))).toHaveLength(1);
    // With --force it goes ahead, and what it replaced is moved aside, never deleted.
    const { keptAside } = await runRestore({ config: sourceConfig, dir: backupDir, force: true, env: process.env });
    const aside = keptAside.map((kept) => path.basename(kept).replace(/replaced-.*$/, 'replaced-*'));
    expect(aside).toEqual([...(testDbKind === 'pglite' ? ['db.replaced-*'] : []), 'files.replaced-*', 'auth-secret.replaced-*']);
    for (const kept of keptAside) expect(existsSync(kept)).toBe(true);
    expect(filesUnder(path.join(sourceConfig.DATA_DIR, 'files'))).toEqual([manifest.files.entries[0]!.path.slice('files/'.length)]);
  });

  it('refuses an S3 file store without --database-only, pointing at bucket versioning', async () => {
    const config = configFor(tempDir('s3'), sourceConfig.DATABASE_URL, { STORAGE_DRIVER: 's3', S3_BUCKET: 'workcred-docs', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'y' });
    const dir = path.join(tempDir('s3-dir'), 'backup');
    await expect(runBackup({ config, dir })).rejects.toThrow(/S3 bucket workcred-docs: this command does not copy buckets.*--database-only/);
    expect(existsSync(dir)).toBe(false);
  });

  it.runIf(testDbKind === 'pglite')('refuses to back up the embedded database while a server holds it', async () => {
    // A live process (our parent) holding the lock, as a running server does.
    writeFileSync(path.join(sourceConfig.DATA_DIR, 'db.lock'), String(process.ppid));
    try {
      const dir = path.join(tempDir('locked'), 'backup');
      await expect(runBackup({ config: sourceConfig, dir })).rejects.toThrow(/Stop the WorkCred server first: cannot back up the embedded database while it runs/);
      expect(existsSync(dir)).toBe(false);
    } finally {
      rmSync(path.join(sourceConfig.DATA_DIR, 'db.lock'), { force: true });
    }
  });
});
