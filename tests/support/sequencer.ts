import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** `project:relative/path.test.ts` → milliseconds, from a measured run (scripts/refresh-test-durations.mjs). */
export type Durations = Record<string, number>;

export const DURATIONS_FILE = 'tests/durations.json';
/** When a lane has no measured file at all. */
const FALLBACK_ESTIMATE_MS = 5_000;

export interface FileKey {
  groupOrder: number;
  project: string;
  /** Relative to the root, with forward slashes. */
  file: string;
}

export function durationKey(project: string, file: string): string {
  return `${project}:${file}`;
}

/** A file the table does not know yet (new since the last refresh) counts as the lane's median file. */
export function defaultEstimates(durations: Durations): Map<string, number> {
  const byProject = new Map<string, number[]>();
  for (const [key, ms] of Object.entries(durations)) {
    const project = key.slice(0, key.indexOf(':'));
    byProject.set(project, [...(byProject.get(project) ?? []), ms]);
  }
  const medians = new Map<string, number>();
  for (const [project, values] of byProject) {
    const sorted = values.sort((a, b) => a - b);
    medians.set(project, sorted[Math.floor(sorted.length / 2)] ?? FALLBACK_ESTIMATE_MS);
  }
  return medians;
}

/**
 * Longest processing time first: a lane's workers take the next file as they free up, so starting
 * its long files first leaves short ones for the end and the workers finish together. Vitest
 * orders by its local cache, which a fresh CI clone lacks, and then by file size: the 87-line
 * role-screens file (about 90 s) started last and ran alone at the end of the browser lane.
 * Groups (sequence.groupOrder) keep their order, and a lane's files stay together: a non-isolated
 * worker is reused only when the next queued file belongs to the same project.
 */
export function sortLongestFirst<T>(items: readonly T[], keyOf: (item: T) => FileKey, durations: Durations): T[] {
  const medians = defaultEstimates(durations);
  const estimate = ({ project, file }: FileKey) => durations[durationKey(project, file)] ?? medians.get(project) ?? FALLBACK_ESTIMATE_MS;
  return items
    .map((item) => ({ item, key: keyOf(item) }))
    .map((entry) => ({ ...entry, ms: estimate(entry.key) }))
    .sort((a, b) => {
      if (a.key.groupOrder !== b.key.groupOrder) return a.key.groupOrder - b.key.groupOrder;
      if (a.key.project !== b.key.project) return a.key.project < b.key.project ? -1 : 1;
      if (a.ms !== b.ms) return b.ms - a.ms;
      return a.key.file < b.key.file ? -1 : a.key.file > b.key.file ? 1 : 0;
    })
    .map(({ item }) => item);
}

export function readDurations(root: string): Durations {
  try {
    return JSON.parse(readFileSync(path.join(root, DURATIONS_FILE), 'utf8')) as Durations;
  } catch {
    // No table (or a broken one): every file gets the same estimate, ordered by name.
    return {};
  }
}

export function fileKey(spec: TestSpecification, root: string): FileKey {
  return {
    groupOrder: spec.project.config.sequence.groupOrder,
    project: spec.project.name,
    file: path.relative(root, spec.moduleId).split(path.sep).join('/'),
  };
}

/** Vitest's sequencer with the committed duration table in place of its local cache. */
export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return sortLongestFirst(files, (spec) => fileKey(spec, root), readDurations(root));
  }
}
