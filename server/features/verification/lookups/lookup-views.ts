import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../../shared/messages.ts';
import type { EpfoLookupView } from '../../../../shared/schemas/epfo.ts';
import type { DB } from '../../../db/schema.ts';

type Reader = Kysely<DB> | Transaction<DB>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const labelOf = (provider: string) => messages.epfo.providerLabels[provider] ?? provider;

function baseQuery(db: Reader, candidateId: string) {
  return db
    .selectFrom('epfo_lookups')
    .select(['id', 'state', 'provider', 'requested_at', 'next_attempt_at', 'decided_at', 'result'])
    .where('candidate_id', '=', candidateId)
    .where('state', '!=', 'cancelled')
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc');
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toView(row: Row, decided: Row | undefined): EpfoLookupView {
  const open = row.state === 'queued' || row.state === 'retrying';
  return {
    id: row.id,
    state: row.state === 'queued' ? 'asking' : row.state,
    provider: row.provider,
    provider_label: labelOf(row.provider),
    requested_at: new Date(row.requested_at).toISOString(),
    next_attempt_at: row.state === 'retrying' ? iso(row.next_attempt_at) : null,
    // While a refresh is asked, the last decided answer stays on show.
    decided_at: iso(row.decided_at ?? (open ? (decided?.decided_at ?? null) : null)),
    findings: row.result ?? (open ? (decided?.result ?? null) : null),
  };
}

/** The candidate's own view: their newest lookup (asking, retrying, decided or given up). */
export async function latestLookupView(db: Reader, candidateId: string): Promise<EpfoLookupView | null> {
  const rows = await baseQuery(db, candidateId).limit(1).execute();
  const newest = rows[0];
  if (!newest) return null;
  const decided = newest.state === 'decided' ? newest : await baseQuery(db, candidateId).where('state', '=', 'decided').limit(1).executeTakeFirst();
  return toView(newest, decided);
}

/**
 * What others see (employers the candidate applied to, the shared record): the newest decided
 * lookup, and only while the candidate's consent to the UAN check stands (withdrawing it withdraws this too).
 */
export async function decidedLookupView(db: Reader, candidateId: string): Promise<EpfoLookupView | null> {
  const row = await baseQuery(db, candidateId)
    .where('state', '=', 'decided')
    // Any standing consent to the UAN check: a refresh consents anew while the last answer stays on show.
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('verification_consents as vc').select('vc.id').whereRef('vc.candidate_id', '=', 'epfo_lookups.candidate_id').where('vc.subject', '=', 'uan').where('vc.revoked_at', 'is', null)),
    )
    .limit(1)
    .executeTakeFirst();
  return row ? toView(row, row) : null;
}
