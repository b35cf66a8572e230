import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createPostgresTestDatabase } from './test-database.ts';
import type { EpfoHistoryProvider } from '../../server/features/verification/sources/epfo/provider.ts';

export interface Instance {
  app: FastifyInstance;
  database: Database;
}

/**
 * Two app instances on one throwaway PostgreSQL database, as behind a load balancer: each with its
 * own pool and LISTEN connection, and its own clock if given (instances' clocks drift apart).
 * `close()` stops both and drops the database.
 */
export async function startTwoInstances(
  env: Record<string, string> = {},
  options: {
    clocks?: [() => Date, () => Date];
    /** How each instance reaches the database (B through a slow link, say). */
    urlOf?: (url: string, index: number) => string;
    /** Each instance's EPFO provider (issue 34: one taken down and brought back). */
    uanProviders?: [EpfoHistoryProvider | null, EpfoHistoryProvider | null];
    /** Settings of each instance's own, on top of `env` (one that only serves pages, say). */
    envs?: [Record<string, string>, Record<string, string>];
  } = {},
): Promise<{ instances: [Instance, Instance]; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-two-'));
  const created = await createPostgresTestDatabase();
  const instances: Instance[] = [];
  for (let i = 0; i < 2; i += 1) {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', ...env, ...options.envs?.[i] });
    const database = await openDatabase({ kind: 'postgres', url: options.urlOf?.(created.url, i) ?? created.url, poolSize: 3 });
    const uanProvider = options.uanProviders?.[i];
    const app = await buildApp({ config, database, clock: options.clocks?.[i], ...(uanProvider !== undefined ? { uanProvider } : {}) });
    await app.ready();
    instances.push({ app, database });
  }
  return {
    instances: instances as [Instance, Instance],
    async close() {
      for (const { app, database } of instances) {
        await app.close();
        await database.close();
      }
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block: starts two instances before its tests and stops them after. The returned
 * function gives instances A and B, inside a test.
 */
export function twoInstancesPerSuite(env: Record<string, string> = {}): () => [Instance, Instance] {
  let two: Awaited<ReturnType<typeof startTwoInstances>> | undefined;
  beforeAll(async () => {
    two = await startTwoInstances(env);
  });
  afterAll(async () => two?.close());
  return () => {
    if (!two) throw new Error('The two instances did not start.');
    return two.instances;
  };
}
