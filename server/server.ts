import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/database.ts';
import { buildApp } from './app.ts';
import { ensureAdmin } from './auth/ensure-admin.ts';
import path from 'node:path';

/** Starts WorkCred: validate config, open and migrate the database, listen, and close cleanly. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          ...(config.DATABASE_REPLICA_URL ? { replica: { url: config.DATABASE_REPLICA_URL, maxLagSeconds: config.REPLICA_MAX_LAG_SECONDS } } : {}),
        }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') },
  );
  const app = await buildApp({ config, database });

  if (config.ADMIN_EMAIL) {
    const outcome = await ensureAdmin(app.auth, database, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, name: config.ADMIN_NAME });
    app.log.info({ email: config.ADMIN_EMAIL }, `admin account ${outcome}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), (config.SHUTDOWN_DRAIN_SECONDS + 15) * 1000);
    force.unref();
    try {
      // Out of the load balancer's rotation first (/api/ready answers 503), still serving what
      // reaches us; then stop listening, finish what is in flight and close live sockets (1012:
      // the pages reconnect to another instance and catch up).
      app.lifecycle.draining = true;
      if (config.SHUTDOWN_DRAIN_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const admins = await database.db.selectFrom('user_profiles').select('id').where('role', '=', 'admin').executeTakeFirst();
  const ms = Math.round(performance.now() - startedAt);
  console.log(`\nWorkCred is running at ${config.PUBLIC_URL} (database: ${database.kind}, started in ${ms} ms)`);
  if (!admins) {
    console.log('No admin account exists yet. Create the first one with:\n  npm run admin -- create --email you@company.in --password "a long passphrase" --name "Your Name"\n(or set ADMIN_EMAIL and ADMIN_PASSWORD and restart).');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || (error instanceof Error && error.name === 'DataDirLockedError')) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
