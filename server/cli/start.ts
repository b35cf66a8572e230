import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`: builds the web app quietly (warnings and errors only; the full output buried the
 * line saying where the app runs), then runs the server in this same process, so the one signal
 * npm forwards stops everything. The build runs in a child process so its memory is given back
 * before the server starts. WORKCRED_SKIP_BUILD=1 reuses an existing build (the start-up tests).
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

if (process.env.WORKCRED_SKIP_BUILD !== '1') {
  const startedAt = performance.now();
  const viteBin = createRequire(import.meta.url).resolve('vite/bin/vite.js');
  const build = spawnSync(process.execPath, [viteBin, 'build', '--config', path.join(rootDir, 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('Building the web app failed (see above).');
    process.exit(build.status ?? 1);
  }
  console.log(`Built the web app in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
}

await import('../server.ts');
