// Builds the server to JavaScript (dist-server/server.js), so `npm start` runs no TypeScript
// compiler at run time (issue 14, decision record 0012). Our own modules are bundled into one
// file; packages stay in node_modules. Files the server reads at run time (migrations, the PDF
// worker, the built web app) are found from the project's root (server/paths.ts), not beside it.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = performance.now();
await build({
  entryPoints: [path.join(rootDir, 'server/server.ts')],
  outfile: path.join(rootDir, 'dist-server/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  // Stack traces name our TypeScript files and lines.
  sourcesContent: false,
  logLevel: 'warning',
  tsconfig: path.join(rootDir, 'tsconfig.json'),
});
if (process.argv.includes('--verbose')) console.log(`Built the server in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
