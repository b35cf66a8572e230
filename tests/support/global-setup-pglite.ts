import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../../server/db/database.ts';

/** One per Vitest process, removed when it ends: two runs at once (a local run beside CI's) do not share it. */
export const TEMPLATE_PATH = path.resolve(`.tmp/pglite-template-${process.pid}.tar`);

/**
 * initdb in WASM takes seconds; do it and the migrations once, then every test file starts from a
 * copy of this snapshot in memory (a clean database per file in a fraction of the time). The
 * archive is not compressed: a new instance loads 45 MB of tar in about 0.45 s, against 1.0-1.7 s
 * to unzip and load the gzip of it, once per test file.
 */
export default async function setup(project: TestProject) {
  const pglite = await createPglite();
  const database = await openDatabase({ kind: 'pglite', pglite });
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  await pglite.close();
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', TEMPLATE_PATH);
  return () => rmSync(TEMPLATE_PATH, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
    postgresTemplate: string;
  }
}
