import { parseArgs } from 'node:util';
import { runBackup } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';

const usage = `Usage:
  npm run backup -- <dir> [--database-only]
    Backs up the database and the local file store into <dir> (new or empty), with a manifest.
    PostgreSQL (DATABASE_URL): pg_dump --format=custom, the server may keep running.
    Embedded database: PGlite's dump of DATA_DIR/db; stop the server first.
    S3 file store: not copied (bucket versioning and replication, deploy/README.md): --database-only.`;

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'database-only': { type: 'boolean' }, help: { type: 'boolean' } } });
  const [dir] = positionals;
  if (values.help || !dir || positionals.length > 1) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const startedAt = performance.now();
  const manifest = await runBackup({ config: loadConfig(), dir, databaseOnly: Boolean(values['database-only']), env: process.env });
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(`Backed up into ${dir} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s:`);
  console.log(`  database  ${manifest.database.kind}, migration ${manifest.migration}, ${manifest.database.file} (${mb(manifest.database.bytes)} MB)`);
  console.log(
    manifest.files.copied
      ? `  files     ${manifest.files.count} (${mb(manifest.files.bytes)} MB), each with its sha256 in manifest.json`
      : `  files     not copied (${manifest.files.driver}): protect the store itself (deploy/README.md)`,
  );
  if (manifest.authSecretFile) console.log('  the generated AUTH_SECRET (DATA_DIR/auth-secret) is in the backup: keep the backup as private as the database');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
