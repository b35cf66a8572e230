import { sql, type Kysely, type Transaction } from 'kysely';
import { slugify } from '../../../shared/schemas/company-settings.ts';
import type { DB } from '../../db/schema.ts';

/**
 * A careers slug for a new company: its name's slug, or with -2, -3… when taken. The unique index
 * is the last word: the insert that uses it fails on a race, and the caller's transaction rolls back.
 */
export async function freeSlug(db: Kysely<DB> | Transaction<DB>, name: string): Promise<string> {
  const stem = slugify(name);
  const taken = new Set(
    (
      await db
        .selectFrom('companies')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', stem), eb('slug', 'like', sql<string>`${stem.replace(/[\\%_]/g, '\\$&')} || '-%'`)]))
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n += 1) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}
