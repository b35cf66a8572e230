import { parseArgs } from 'node:util';
import { authSecretFingerprint } from '../backup/manifest.ts';
import { runRestore } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';

const usage = `Usage:
  npm run restore -- <dir> [--force]
    Restores a backup made by npm run backup into the configured database and DATA_DIR.
    Checks the manifest, its migration level and every file's sha256 before touching anything.
    Refuses a database with users or a file store with files unless --force (the embedded
    database and the files are then kept aside as <name>.replaced-<time>).
    Embedded database: stop the server first. PostgreSQL: restore into a new database (createdb).`;

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' }, help: { type: 'boolean' } } });
  const [dir] = positionals;
  if (values.help || !dir || positionals.length > 1) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const startedAt = performance.now();
  const { manifest, keptAside } = await runRestore({ config: loadConfig(), dir, force: Boolean(values.force), env: process.env });
  console.log(`Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, migration ${manifest.migration}) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
  console.log(manifest.files.copied ? `  files: ${manifest.files.count} restored and checked` : `  files: not in the backup (${manifest.files.driver}); the store must come from its own copy`);
  for (const kept of keptAside) console.log(`  kept aside: ${kept}`);
  // Read again: the restore may have brought back DATA_DIR/auth-secret.
  if (authSecretFingerprint(loadConfig().AUTH_SECRET) !== manifest.authSecretFingerprint) {
    console.warn('  warning: AUTH_SECRET differs from the one the backup was made with: sessions end, and two-step verification codes and DigiLocker links made before cannot be read. Set AUTH_SECRET to the original.');
  }
  console.log('Start the server: it applies any newer migrations.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
