// Builds the server to JavaScript (dist-server/server.js), so `npm start` runs no TypeScript
// compiler at run time (issue 14, decision records 0012, 0021 and 0022). Our modules and the
// packages are bundled into one file, and what loads on demand into chunks/ (the options, and the
// packages kept out, are in server-build-options.mjs). Files the server reads at run time
// (migrations, the PDF worker, the built web app) are found from the project's root
// (server/paths.ts), not beside it.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBuildOptions } from './server-build-options.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = performance.now();
// Chunks are named by their content: a new build's would sit beside the last one's.
rmSync(path.join(rootDir, 'dist-server'), { recursive: true, force: true });
await build({
  ...serverBuildOptions(rootDir),
  entryPoints: [path.join(rootDir, 'server/server.ts')],
  outdir: path.join(rootDir, 'dist-server'),
  entryNames: '[name]',
  // What the server imports only when needed (the PDF makers, await import(...)) goes in chunks of
  // its own, with the packages it imports: bundled into one file, every package loaded at start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  // Stack traces name our TypeScript files and lines.
  sourcesContent: false,
});
if (process.argv.includes('--verbose')) console.log(`Built the server in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
