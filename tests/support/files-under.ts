import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under a directory, relative to it and sorted (partials included): what "nothing stored" checks. */
export function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}
