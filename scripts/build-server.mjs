// Builds the server to JavaScript (dist-server/server.js), so `npm start` runs no TypeScript
// compiler at run time (issue 14, decision records 0012 and 0021). Our own modules are bundled
// into one file, and those loaded on demand into chunks/; packages stay in node_modules. Files the server reads at run time (migrations, the PDF
// worker, the built web app) are found from the project's root (server/paths.ts), not beside it.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = performance.now();
// Chunks are named by their content: a new build's would sit beside the last one's.
rmSync(path.join(rootDir, 'dist-server'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(rootDir, 'server/server.ts')],
  outdir: path.join(rootDir, 'dist-server'),
  entryNames: '[name]',
  // What the server imports only when needed (the PDF makers, await import(...)) goes in chunks of
  // its own, with the packages it imports: bundled into one file, every package loaded at start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
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
