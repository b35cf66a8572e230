import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireLockFile } from './lock-file.ts';
import { migrate } from './migrate.ts';
import type { DB } from './schema.ts';

export type Listener = (payload: string) => void;

/**
 * The embedded database's buffer pool. PGlite's default, PostgreSQL's 128 MB, is all resident from
 * the start (it lives in the WebAssembly heap): a restarted server sat at about 430 MB. 32 MB holds
 * a small company's working set, and the operating system still caches the data files beneath it.
 * Measured on a restart: 296 MB → 179 MB for the database alone (issue 14, item 5).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Every embedded database opens through here, so it has the extensions the migrations create
 * (PostgreSQL ships them in contrib; PGlite loads them) and its settings. PGlite itself is loaded
 * only when an embedded database is opened: a server on PostgreSQL starts without it.
 */
export async function createPglite(options: Omit<PGliteOptions, 'extensions' | 'startParams'> = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create({
    ...options,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Kysely<DB>;
  /** The pg-compatible pool Kysely and better-auth share (size 1 on PGlite). */
  pool: pg.Pool;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; pglite: PGlite };

// Return timestamps as Date and bigint/numeric as string, the same on both drivers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => value);
// A calendar date (joining date, last working day) has no time zone: keep it 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : await openPglite(options);
  try {
    await migrate(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client dying (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // A client checked out when the server goes away (mid-transaction, between two queries) emits
  // 'error' with no pool listener attached: without one of its own that crashes the process. Its
  // next query fails instead, and the pool drops it on release (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let listenClient: pg.Client | undefined;
  const listeners = new Map<string, Set<Listener>>();

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    client.on('error', () => {
      // Reconnect and re-LISTEN after a server restart; events raised meanwhile are caught up by clients.
      listenClient = undefined;
      setTimeout(() => void ensureListener().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return client;
  }
  async function ensureListener(): Promise<pg.Client> {
    listenClient ??= await connectListener();
    return listenClient;
  }

  return {
    kind: 'postgres',
    db,
    pool,
    async listen(channel, onPayload) {
      const set = listeners.get(channel) ?? new Set();
      const isNew = !listeners.has(channel);
      listeners.set(channel, set);
      set.add(onPayload);
      const client = await ensureListener();
      if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      await listenClient?.end().catch(() => undefined);
      listenClient = undefined;
      await db.destroy();
    },
  };
}

async function openPglite(options: { dataDir: string } | { pglite: PGlite }): Promise<Database> {
  let release = () => {};
  let pglite: PGlite;
  let ownsPglite = false;
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireLockFile(path.join(options.dataDir, '..', 'db.lock'), `The embedded database in ${options.dataDir}`);
    try {
      pglite = await createPglite({ dataDir: options.dataDir });
    } catch (error) {
      release();
      throw error;
    }
    ownsPglite = true;
  }
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig);
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'pglite',
    db,
    pool,
    async listen(channel, onPayload) {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async close() {
      await db.destroy();
      if (ownsPglite) await pglite.close();
      release();
    },
  };
}
