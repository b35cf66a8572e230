import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The path of vite's command-line script, as its package.json names it (`bin`). Vite's exports do
 * not include `vite/bin/vite.js`, so resolving that path fails (it stopped `npm start` building).
 */
export function viteBin() {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('vite/package.json');
  const { bin } = require(manifest);
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin.vite);
}
