import { parseArgs } from 'node:util';
import { ensureAdmin } from '../auth/ensure-admin.ts';
import { openForCli } from './open-for-cli.ts';

const usage = `Usage:
  npm run admin -- create --email E --password P --name N
    Creates the account (email confirmed) with the admin role, or promotes an existing
    account to admin (its password is left as it is).`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || positionals[0] !== 'create' || !values.email) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const cli = await openForCli();
  try {
    const outcome = await ensureAdmin(cli.app.auth, cli.database, { email: values.email, password: values.password, name: values.name ?? 'WorkCred Admin' });
    console.log(`Admin ${outcome}: ${values.email.toLowerCase()}`);
  } finally {
    await cli.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
