import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';

// Issue 33 D: auth imported the privacy feature (which imports auth back), the privacy files
// imported one another, and session.ts and session-cache.ts imported each other.

const serverDir = path.join(projectRoot, 'server');
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Every server file with the server files it imports by relative path (type imports included). */
function serverImports(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(serverDir);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps = new Set<string>();
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? '';
      const base = path.resolve(path.dirname(file), spec).replace(/\.(js|ts|tsx)$/, '');
      const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
      if (target?.startsWith(serverDir + path.sep)) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** The groups of files that reach one another (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(dep) ?? 0));
      } else if (onStack.has(dep)) low.set(file, Math.min(low.get(file) ?? 0, index.get(dep) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(path.relative(projectRoot, member));
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('server imports', () => {
  const graph = serverImports();

  it('form no circles', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('keep auth from importing any feature: features listen to its sign-in event instead', () => {
    const featuresDir = path.join(serverDir, 'features') + path.sep;
    const authDir = path.join(serverDir, 'auth') + path.sep;
    const offending = [...graph].flatMap(([file, deps]) =>
      file.startsWith(authDir) ? deps.filter((dep) => dep.startsWith(featuresDir)).map((dep) => `${path.relative(projectRoot, file)} -> ${path.relative(projectRoot, dep)}`) : [],
    );
    expect(offending).toEqual([]);
  });
});
