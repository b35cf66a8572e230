import { describe, expect, it } from 'vitest';
import { createPglite } from '../../server/db/database.ts';

describe('the embedded database', () => {
  it('opens with a 32 MB buffer pool (issue 14: idle memory) and the trigram extension the migrations create', async () => {
    const pglite = await createPglite();
    try {
      expect((await pglite.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]?.shared_buffers).toBe('32MB');
      // PGlite's own settings are kept, not replaced: no parallel workers in a single process.
      expect((await pglite.query<{ max_worker_processes: string }>('SHOW max_worker_processes')).rows[0]?.max_worker_processes).toBe('0');
      await pglite.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      expect((await pglite.query<{ s: number }>(`SELECT similarity('pharmacist', 'pharmacy') AS s`)).rows[0]?.s).toBeGreaterThan(0.3);
    } finally {
      await pglite.close();
    }
  });
});
