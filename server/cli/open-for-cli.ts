import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

/**
 * The same configuration and database the server uses, for a one-off command. On the embedded
 * database this takes the data-directory lock, so stop the server first.
 */
export async function openForCli() {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') },
  );
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    config,
    database,
    app,
    async close() {
      await app.outbox.idle();
      await app.close();
      await database.close();
    },
  };
}
