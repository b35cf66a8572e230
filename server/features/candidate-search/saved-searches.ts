import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { candidateSearchFiltersSchema, SEARCH_LIMITS, type SaveSearchBody, type SavedSearch } from '../../../shared/schemas/candidate-search.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { fill } from '../../../shared/fill.ts';

const text = messages.candidateSearch;

/** The employer acting: their own id and their company (from the session, never the request). */
export interface SearchActor {
  userId: string;
  companyId: string;
  ip: string;
}

/** Filters saved before a schema change are read again through the schema; what no longer parses is dropped, not served. */
function savedFilters(stored: unknown): Record<string, unknown> {
  const parsed = candidateSearchFiltersSchema.safeParse(stored);
  return parsed.success ? (parsed.data as Record<string, unknown>) : {};
}

const toSavedSearch = (row: { id: string; name: string; filters: unknown; created_at: Date | string }): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: savedFilters(row.filters),
  created_at: new Date(row.created_at).toISOString(),
});

/** The caller's own saved searches within their current company, by name. Teammates' searches are theirs. */
export async function listSavedSearches(db: Kysely<DB>, actor: SearchActor): Promise<SavedSearch[]> {
  const rows = await db
    .selectFrom('saved_candidate_searches')
    .select(['id', 'name', 'filters', 'created_at'])
    .where('user_id', '=', actor.userId)
    .where('company_id', '=', actor.companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toSavedSearch);
}

/** Saves a search under a name unique to the caller (any case): a second one with the name is 409. */
export async function saveSearch(db: Kysely<DB>, actor: SearchActor, body: SaveSearchBody): Promise<SavedSearch> {
  return db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom('saved_candidate_searches')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= SEARCH_LIMITS.savedSearches) throw conflict(fill(text.tooManySavedSearches, { max: SEARCH_LIMITS.savedSearches }), 'TOO_MANY_SAVED_SEARCHES');
    // The unique index on (user_id, lower(btrim(name))) decides a race between two saves.
    const row = await trx
      .insertInto('saved_candidate_searches')
      .values({ company_id: actor.companyId, user_id: actor.userId, name: body.name, filters: JSON.stringify(body.filters) })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'name', 'filters', 'created_at'])
      .executeTakeFirst();
    if (!row) throw conflict(text.duplicateName, 'DUPLICATE_NAME');
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_search_saved', entityType: 'saved_candidate_search', entityId: row.id, details: { name: row.name }, ip: actor.ip });
    return toSavedSearch(row);
  });
}

/** Deletes one of the caller's saved searches; anyone else's (a teammate's, another company's) is 404. */
export async function deleteSavedSearch(db: Kysely<DB>, actor: SearchActor, searchId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('saved_candidate_searches')
      .where('id', '=', searchId)
      .where('user_id', '=', actor.userId)
      .where('company_id', '=', actor.companyId)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) throw notFound(text.savedSearchNotFound);
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_search_deleted', entityType: 'saved_candidate_search', entityId: row.id, details: { name: row.name }, ip: actor.ip });
  });
}
