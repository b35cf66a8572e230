import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import { messages } from '../../../../shared/messages.ts';
import type { EpfoLookupView, EpfoOtpView } from '../../../../shared/schemas/epfo.ts';
import type { DB } from '../../../db/schema.ts';
import { OTP_MAX_SENDS, OTP_MAX_WRONG, OTP_RESEND_SECONDS } from './passbook-otp-limits.ts';

type Reader = Kysely<DB> | Transaction<DB>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const labelOf = (provider: string) => messages.epfo.providerLabels[provider] ?? provider;

/** What a view reads of a lookup (the OTP columns for the candidate's own session; never the code or the provider's session). */
const VIEW_COLUMNS = [
  'id',
  'state',
  'provider',
  'requested_at',
  'next_attempt_at',
  'decided_at',
  'result',
  'method',
  'otp_step',
  'otp_masked_mobile',
  'otp_expires_at',
  'otp_sent_at',
  'otp_sends',
  'otp_wrong',
  'otp_notice',
  'otp_end',
] as const;

function baseQuery(db: Reader, candidateId: string) {
  return db
    .selectFrom('epfo_lookups')
    .select(VIEW_COLUMNS)
    .where('candidate_id', '=', candidateId)
    .where('state', '!=', 'cancelled')
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc');
}
type RawRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;
/** A row as read, or as read inside JSON (dates as strings). */
type Row = { [K in keyof RawRow]: RawRow[K] extends Date ? Date | string : RawRow[K] extends Date | null ? Date | string | null : RawRow[K] };

/** The OTP session as its candidate sees it: where it stands, tries and resends left; never the code. */
function otpView(row: Row): EpfoOtpView {
  const resendAt = row.otp_sent_at ? new Date(new Date(row.otp_sent_at).getTime() + OTP_RESEND_SECONDS * 1000).toISOString() : null;
  return {
    step: row.otp_step,
    masked_mobile: row.otp_masked_mobile,
    expires_at: row.otp_step === 'awaiting_code' ? iso(row.otp_expires_at) : null,
    tries_left: Math.max(0, OTP_MAX_WRONG - row.otp_wrong),
    resend_at: row.otp_step === 'awaiting_code' && row.otp_sends < OTP_MAX_SENDS ? resendAt : null,
    notice: row.otp_step === 'awaiting_code' ? row.otp_notice : null,
    ended: row.otp_end,
  };
}

function toView(row: Row, decided: Row | undefined, own = false): EpfoLookupView {
  // An OTP session that ended without a decision leaves the last answer on show, as an open one does.
  const open = row.state === 'queued' || row.state === 'retrying' || row.state === 'ended';
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
    // The method of the answer on show: a session still running shows the last decided one's.
    method: row.result || !decided ? row.method : decided.method,
    otp: own && row.method === 'passbook_otp' && row.state !== 'decided' ? otpView(row) : null,
  };
}

/**
 * The rows the candidate's own view is made of, in one statement: the newest decided lookup and
 * the newest of the others (at most two rows). `candidateId` is a value, or a reference to the
 * candidate's id in an outer statement (listCandidateChecks reads it with the rest of its list).
 */
export function latestLookupRows(db: Reader, candidateId: string | Expression<string>) {
  const isDecided = sql<boolean>`epfo_lookups.state = 'decided'`;
  return db
    .selectFrom('epfo_lookups')
    .select(VIEW_COLUMNS)
    .where('epfo_lookups.candidate_id', '=', candidateId)
    .where('epfo_lookups.state', '!=', 'cancelled')
    .distinctOn(isDecided)
    .orderBy(isDecided)
    .orderBy('epfo_lookups.requested_at', 'desc')
    .orderBy('epfo_lookups.id', 'desc');
}

/** The candidate's own view from latestLookupRows' rows (dates as Date or, read as JSON, as strings). */
export function latestLookupOf(rows: Row[]): EpfoLookupView | null {
  const newest = [...rows].sort((a, b) => new Date(b.requested_at).getTime() - new Date(a.requested_at).getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))[0];
  if (!newest) return null;
  return toView(newest, rows.find((row) => row.state === 'decided'), true);
}

/** The candidate's own view: their newest lookup (asking, retrying, decided or given up). */
export async function latestLookupView(db: Reader, candidateId: string): Promise<EpfoLookupView | null> {
  return latestLookupOf(await latestLookupRows(db, candidateId).execute());
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
