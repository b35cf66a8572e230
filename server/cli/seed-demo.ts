import { parseArgs } from 'node:util';
import { seedDemo } from '../dev/seed-demo-data.ts';
import { openForCli } from './open-for-cli.ts';

async function main() {
  const { values } = parseArgs({ options: { force: { type: 'boolean' } } });
  const cli = await openForCli();
  try {
    const result = await seedDemo(cli.app.auth, cli.database, { force: Boolean(values.force) });
    console.log('\nDemo data created. Sign in at /auth with any of these (password for all: ' + result.password + '):');
    for (const account of result.accounts) console.log(`  ${account.role.padEnd(9)} ${account.email}`);
  } finally {
    await cli.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
