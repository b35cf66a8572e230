import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root (the directory holding package.json), found by walking up from this module,
 * so files read at run time (migrations, the PDF worker, the built web app) are found the same way
 * from the TypeScript sources (tsx, tests) and from the compiled bundle in dist-server/.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const serverSourceDir = path.join(projectRoot, 'server');
