import { parseArgs } from 'node:util';
import { seedDemo } from '../dev/seed-demo-data.ts';
import { openForCli } from './open-for-cli.ts';

async function main() {
  // The summary at the end is what a person needs; the request-level logs would bury it.
  process.env.LOG_LEVEL ??= 'warn';
  const { values } = parseArgs({ options: { force: { type: 'boolean' } } });
  const cli = await openForCli();
  try {
    const startedAt = performance.now();
    const result = await seedDemo(cli.app, { force: Boolean(values.force) });
    console.log('\nDemo data created. Sign in at /auth with any of these (password for all: ' + result.password + '):');
    for (const account of result.accounts) console.log(`  ${account.role.padEnd(9)} ${account.email}`);
    console.log(`(seeded in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; the README's Demo data section says what to look at as each person)`);
  } finally {
    await cli.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
