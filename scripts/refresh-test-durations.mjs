#!/usr/bin/env node
// Refreshes tests/durations.json, the table tests/support/sequencer.ts orders test files by
// (longest first), from the default reporter's output of a run:
//   npx vitest run 2>&1 | tee .tmp/vitest-run.log
//   node scripts/refresh-test-durations.mjs .tmp/vitest-run.log     (or pipe the output into it)
// Only the ranking matters, so a run on a loaded machine does. Files the run skipped keep their
// old entry; a failed file's time (often a timeout) is used only when it has none; entries whose
// file is gone are dropped.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tablePath = path.join(root, 'tests/durations.json');
const logPath = process.argv[2];
const log = readFileSync(logPath && logPath !== '-' ? logPath : 0, 'utf8');

// " ✓  browser  tests/browser/x.test.ts (3 tests) 12345ms", colours stripped; ❯/× mark a failed file.
const line = /^\s*(✓|❯|×)\s+(\S+)\s+(\S+\.test\.tsx?)\s+\([^)]*\)\s+([\d.]+)(ms|s)\s*$/;
// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;

const previous = existsSync(tablePath) ? JSON.parse(readFileSync(tablePath, 'utf8')) : {};
const table = { ...previous };
let measured = 0;
for (const text of log.replace(ansi, '').split('\n')) {
  const match = line.exec(text);
  if (!match) continue;
  const [, mark, project, file, amount, unit] = match;
  const key = `${project}:${file}`;
  if (mark !== '✓' && key in previous) continue;
  // Rounded to 0.1 s so a refresh does not rewrite every line for noise.
  table[key] = Math.round((Number(amount) * (unit === 's' ? 1000 : 1)) / 100) * 100;
  measured += 1;
}
if (measured === 0) {
  console.error('No per-file lines found: pass the output of `npx vitest run` (default reporter).');
  process.exit(1);
}
const kept = Object.keys(table)
  .filter((key) => existsSync(path.join(root, key.slice(key.indexOf(':') + 1))))
  .sort();
writeFileSync(tablePath, `${JSON.stringify(Object.fromEntries(kept.map((key) => [key, table[key]])), null, 2)}\n`);
console.log(`tests/durations.json: ${measured} files measured, ${kept.length} entries (${Object.keys(table).length - kept.length} dropped: file gone)`);
