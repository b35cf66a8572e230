import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireLockFile } from './lock-file.ts';
import { migrate } from './migrate.ts';
import { prepareMarkedStatements } from './prepared-statements.ts';
import { openReadReplica, type ReadReplica, type ReadReplicaOptions } from './read-replica.ts';
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
  /** The hot standby anonymous public reads may use (DATABASE_REPLICA_URL; decision record 0031). */
  replica?: ReadReplica;
  /**
   * Where an anonymous public read goes: the standby while it is up and close enough behind (and,
   * given `since`, holds every change heard by then), else the primary. Go through
   * server/http/public-reads.ts, which also decides whether the request may use it at all.
   */
  publicReads(since?: number): Kysely<DB>;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function. `onRestored` runs when the LISTEN
   * connection came back after it dropped (a restart, a failover): what was notified meanwhile was
   * missed, so the caller catches up (forgets its cache, kicks its worker, has pages refetch).
   */
  listen(channel: string, onPayload: Listener, onRestored?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** DATABASE_REPLICA_URL and REPLICA_MAX_LAG_SECONDS (tests also set how often the standby is checked). */
export type ReplicaSettings = { url: string } & Omit<ReadReplicaOptions, 'primaryUrl' | 'replicaUrl'>;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; replica?: ReplicaSettings }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; pglite: PGlite };

// Return timestamps as Date and bigint/numeric as string, the same on both drivers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => value);
// A calendar date (joining date, last working day) has no time zone: keep it 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.kind === 'postgres' ? openPostgres(options.url, options.poolSize, options.replica) : await openPglite(options);
  try {
    await migrate(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(url: string, poolSize = 10, replicaSettings?: ReplicaSettings): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client dying (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // A client checked out when the server goes away (mid-transaction, between two queries) emits
  // 'error' with no pool listener attached: without one of its own that crashes the process. Its
  // next query fails instead, and the pool drops it on release (it is no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareMarkedStatements(client);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let listenClient: pg.Client | undefined;
  let closed = false;
  const listeners = new Map<string, Set<Listener>>();
  const onRestore = new Set<() => void>();
  // NOTIFY is never delivered on a standby: LISTEN, like every write, stays on the primary.
  const replica = replicaSettings ? openReadReplica({ ...replicaSettings, primaryUrl: url, replicaUrl: replicaSettings.url }) : undefined;

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    client.on('error', () => {
      // Reconnect and re-LISTEN after a server restart; events raised meanwhile are caught up by clients.
      listenClient = undefined;
      reconnectListener();
    });
    try {
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }
  // Every second until it succeeds: a failover takes several seconds, during which the database
  // address refuses connections or reaches a standby that cannot LISTEN (deploy/README.md).
  function reconnectListener() {
    setTimeout(() => {
      if (closed) return;
      ensureListener().then(() => {
        for (const restored of onRestore) restored();
      }, reconnectListener);
    }, 1000).unref();
  }
  async function ensureListener(): Promise<pg.Client> {
    listenClient ??= await connectListener();
    return listenClient;
  }

  return {
    kind: 'postgres',
    db,
    pool,
    ...(replica ? { replica } : {}),
    publicReads: (since) => replica?.readsSince(since) ?? db,
    async listen(channel, onPayload, onRestored) {
      const set = listeners.get(channel) ?? new Set();
      const isNew = !listeners.has(channel);
      listeners.set(channel, set);
      set.add(onPayload);
      if (onRestored) onRestore.add(onRestored);
      const client = await ensureListener();
      if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (onRestored) onRestore.delete(onRestored);
      };
    },
    async close() {
      closed = true;
      await listenClient?.end().catch(() => undefined);
      listenClient = undefined;
      await replica?.close();
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
    // One process, one database: there is no standby (DATABASE_REPLICA_URL needs DATABASE_URL).
    publicReads: () => db,
    // PGlite's node-postgres connection hands each protocol message (parse, bind, execute) to PGlite
    // on its own, so a LISTEN run straight on PGlite between two of them drops that query's portal
    // ("portal does not exist", then the connection breaks). Holding the pool's one client while
    // (UN)LISTEN runs keeps every pool query out of the way.
    async listen(channel, onPayload) {
      const alone = async <T>(run: () => Promise<T>): Promise<T> => {
        const client = await pool.connect();
        try {
          return await run();
        } finally {
          client.release();
        }
      };
      const unsubscribe = await alone(() => pglite.listen(channel, onPayload));
      return async () => alone(() => unsubscribe());
    },
    async close() {
      await db.destroy();
      if (ownsPglite) await pglite.close();
      release();
    },
  };
}
