// `npm start`: builds the web app and the server quietly (warnings and errors only; the full
// output buried the line saying where the app runs), then runs the compiled server in this same
// process, so the one signal npm forwards stops everything. Plain JavaScript: no TypeScript
// compiler runs at start (issue 14). The builds run in child processes so their memory is given
// back before the server starts. WORKCRED_SKIP_BUILD=1 reuses an existing build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { viteBin as findViteBin } from './vite-bin.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverBundle = path.join(rootDir, 'dist-server', 'server.js');

function run(args, failure) {
  const result = spawnSync(process.execPath, args, { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(failure);
    process.exit(result.status ?? 1);
  }
}

if (process.env.WORKCRED_SKIP_BUILD !== '1') {
  const startedAt = performance.now();
  const viteBin = findViteBin();
  run([viteBin, 'build', '--config', path.join(rootDir, 'vite.config.ts'), '--logLevel', 'warn'], 'Building the web app failed (see above).');
  // The server's renderer of the public pages (web/prerender.tsx), into the web app's build.
  run([viteBin, 'build', '--config', path.join(rootDir, 'vite.config.ts'), '--ssr', 'prerender.tsx', '--logLevel', 'warn'], 'Building the page renderer failed (see above).');
  run([path.join(rootDir, 'scripts', 'build-server.mjs')], 'Building the server failed (see above).');
  console.log(`Built the web app in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
} else if (!existsSync(serverBundle)) {
  run([path.join(rootDir, 'scripts', 'build-server.mjs')], 'Building the server failed (see above).');
}

// Node 22.1 and later keep V8's compiled code for the bundle between starts (in the system's
// temporary directory); Node 20 has no such cache, and starts the same without it.
module.enableCompileCache?.();
await import(pathToFileURL(serverBundle).href);
