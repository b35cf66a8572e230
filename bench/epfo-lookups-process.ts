/**
 * The EPFO bench's second instance (bench/epfo.ts, "lookups on another instance"): the same app,
 * on the same PostgreSQL, with the Surepass client pointed at the bench's fake. The instance
 * serving pages runs with EPFO_LOOKUP_SLOTS=0, so this one hears each queued lookup
 * (pg_notify), asks the provider and decides the check, as a deployment's worker instance would.
 * `node --import tsx bench/epfo-lookups-process.ts <database URL> <fake URL>`; it says 'ready'
 * over IPC and stops on 'stop'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { createSurepassProvider } from '../server/features/verification/sources/epfo/surepass.ts';
import { SUREPASS_TOKEN } from '../tests/support/fake-surepass.ts';

const [url, fakeUrl] = process.argv.slice(2);
if (!url || !fakeUrl) throw new Error('usage: epfo-lookups-process.ts <database URL> <fake URL>');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-epfo-lookups-'));
const database = await openDatabase({ kind: 'postgres', url });
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database, uanProvider: createSurepassProvider({ url: fakeUrl, token: SUREPASS_TOKEN }) });
await app.ready();
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
process.send?.({ type: 'ready' });
