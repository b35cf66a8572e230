import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupError } from './manifest.ts';

export interface ToolOptions {
  /** PG_BIN from the configuration. */
  pgBin?: string | undefined;
  /** The environment pg_dump and pg_restore run in, and whose PATH is searched (the CLI passes its own). */
  env?: NodeJS.ProcessEnv | undefined;
}

/**
 * pg_dump / pg_restore: from PG_BIN when set, else the first on PATH, else the newest Debian
 * install (/usr/lib/postgresql/<major>/bin). Their major version must be at least the server's.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore', options: ToolOptions): string {
  if (options.pgBin) {
    const candidate = path.join(options.pgBin, name);
    if (existsSync(candidate)) return candidate;
    throw new BackupError(`${name} was not found in PG_BIN (${options.pgBin}). Point PG_BIN at the directory holding PostgreSQL's client programs.`);
  }
  for (const dir of (options.env?.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  const debian = '/usr/lib/postgresql';
  const majors = existsSync(debian) ? readdirSync(debian).filter((dir) => /^\d+$/.test(dir)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) {
    const candidate = path.join(debian, major, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new BackupError(
    `${name} was not found on PATH or in /usr/lib/postgresql/*/bin. Install PostgreSQL's client programs ` +
      `(Debian: apt-get install postgresql-client-15) or set PG_BIN to the directory holding them.`,
  );
}

/** The URL without its password, and the password for PGPASSWORD: a password in argv is visible to every user of the machine. */
function connection(url: string, baseEnv: NodeJS.ProcessEnv = {}): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...baseEnv, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error) => reject(new BackupError(`${path.basename(tool)} could not be started: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** pg_dump --format=custom: one consistent snapshot, compressed, restorable object by object. */
export async function dumpPostgres(options: { url: string; file: string } & ToolOptions): Promise<void> {
  const tool = findPgTool('pg_dump', options);
  const { dbname, env } = connection(options.url, options.env);
  await run(tool, ['--format=custom', '--no-password', `--file=${options.file}`, `--dbname=${dbname}`], env);
}

/**
 * pg_restore in one transaction: a failure part-way leaves the database as it was. --clean
 * --if-exists drops the dump's objects first, so a database the server has already migrated (but
 * holds no users) takes the restore too.
 */
export async function restorePostgres(options: { url: string; file: string } & ToolOptions): Promise<void> {
  const tool = findPgTool('pg_restore', options);
  const { dbname, env } = connection(options.url, options.env);
  await run(tool, ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--no-password', `--dbname=${dbname}`, options.file], env);
}

/** What the database holds now: its migration level (null: never migrated) and whether it has any users. */
export async function postgresState(url: string): Promise<{ migration: string | null; hasUsers: boolean }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Could not connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('schema_migrations', 'auth_users')",
    );
    const has = new Set(tables.rows.map((row) => row.name));
    const migration = has.has('schema_migrations')
      ? ((await client.query<{ version: string | null }>('SELECT max(version) AS version FROM schema_migrations')).rows[0]?.version ?? null)
      : null;
    const hasUsers = has.has('auth_users') ? (await client.query('SELECT 1 FROM auth_users LIMIT 1')).rowCount === 1 : false;
    return { migration, hasUsers };
  } finally {
    await client.end();
  }
}
