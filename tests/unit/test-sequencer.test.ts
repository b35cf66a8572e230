import { describe, expect, it } from 'vitest';
import { defaultEstimates, sortLongestFirst, type FileKey } from '../support/sequencer.ts';

const key = (project: string, file: string, groupOrder = 0): FileKey => ({ project, file, groupOrder });

describe('test sequencer (longest file first, by tests/durations.json)', () => {
  const durations = {
    'browser:tests/browser/long-small.test.ts': 92_000,
    'browser:tests/browser/short.test.ts': 20_000,
    'browser:tests/browser/medium.test.ts': 50_000,
    'api-pglite:tests/api/a.test.ts': 10_000,
    'api-pglite:tests/api/b.test.ts': 40_000,
    'api-postgres:tests/api/a.test.ts': 30_000,
    'api-postgres:tests/api/b.test.ts': 5_000,
  };

  // The CI run of issue 33 took 1301 s: by file size, an 87-line 90 s browser file started last.
  it('starts each lane with its longest files, whatever their size', () => {
    const files = [key('browser', 'tests/browser/short.test.ts', 1), key('browser', 'tests/browser/medium.test.ts', 1), key('browser', 'tests/browser/long-small.test.ts', 1)];
    expect(sortLongestFirst(files, (f) => f, durations).map((f) => f.file)).toEqual(['tests/browser/long-small.test.ts', 'tests/browser/medium.test.ts', 'tests/browser/short.test.ts']);
  });

  it('keeps the group order first and a project’s files together (so a shared worker is reused)', () => {
    const files = [
      key('browser', 'tests/browser/long-small.test.ts', 1),
      key('api-postgres', 'tests/api/b.test.ts'),
      key('api-pglite', 'tests/api/a.test.ts'),
      key('api-postgres', 'tests/api/a.test.ts'),
      key('api-pglite', 'tests/api/b.test.ts'),
    ];
    expect(sortLongestFirst(files, (f) => f, durations).map((f) => `${f.project}:${f.file}`)).toEqual([
      'api-pglite:tests/api/b.test.ts',
      'api-pglite:tests/api/a.test.ts',
      'api-postgres:tests/api/a.test.ts',
      'api-postgres:tests/api/b.test.ts',
      'browser:tests/browser/long-small.test.ts',
    ]);
  });

  it('gives a file the table does not know its lane’s median time', () => {
    expect(defaultEstimates(durations).get('browser')).toBe(50_000);
    const files = [key('browser', 'tests/browser/short.test.ts', 1), key('browser', 'tests/browser/new.test.ts', 1), key('browser', 'tests/browser/long-small.test.ts', 1)];
    expect(sortLongestFirst(files, (f) => f, durations).map((f) => f.file)).toEqual(['tests/browser/long-small.test.ts', 'tests/browser/new.test.ts', 'tests/browser/short.test.ts']);
  });

  it('orders by name when there is no table at all', () => {
    const files = [key('unit', 'tests/unit/b.test.ts'), key('unit', 'tests/unit/a.test.ts')];
    expect(sortLongestFirst(files, (f) => f, {}).map((f) => f.file)).toEqual(['tests/unit/a.test.ts', 'tests/unit/b.test.ts']);
  });
});
