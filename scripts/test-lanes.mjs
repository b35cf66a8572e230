// Runs every test lane: the unit and API lanes (PGlite and PostgreSQL) in one Vitest process and
// the browser lane in another, at the same time. The browser lane alone keeps about one core of
// two busy (Chromium and the server wait on each other), so running it after the API lanes left
// a core idle for most of the run. Each lane's output is printed whole when it ends, the first
// to end first. Extra arguments go to both (for example a file filter).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import path from 'node:path';

const vitest = path.resolve('node_modules/vitest/vitest.mjs');
const extra = process.argv.slice(2);
const lanes = [
  { name: 'unit and API lanes', args: ['--project', 'unit', '--project', 'api-pglite', '--project', 'api-postgres'] },
  { name: 'browser lane', args: ['--project', 'browser'] },
];

function run({ name, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [vitest, 'run', '--passWithNoTests', ...args, ...extra], { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n===== ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s =====\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(lanes.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
