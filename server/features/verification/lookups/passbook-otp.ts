import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../../shared/fill.ts';
import { messages } from '../../../../shared/messages.ts';
import type { EpfoLookupView } from '../../../../shared/schemas/epfo.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../../shared/schemas/privacy.ts';
import { writeAudit } from '../../../audit/write-audit.ts';
import type { DB } from '../../../db/schema.ts';
import { AppError, conflict, tooManyRequests } from '../../../http/errors.ts';
import { otpPurposeOf } from '../candidate-checks.ts';
import { activeConsent, publishCheckChange } from '../run-check.ts';
import type { EpfoHistoryProvider } from '../sources/epfo/provider.ts';
import { latestLookupView } from './lookup-views.ts';
import { OTP_MAX_SENDS, OTP_MAX_STARTS_PER_HOUR, OTP_RESEND_SECONDS } from './passbook-otp-limits.ts';
import { EPFO_LOOKUPS_CHANNEL, queueEpfoLookup } from './queue-lookup.ts';

const text = messages.epfo;

async function viewOf(db: Kysely<DB>, candidateId: string): Promise<EpfoLookupView> {
  const view = await latestLookupView(db, candidateId);
  if (!view) throw new Error('an OTP session must be visible');
  return view;
}

/** The candidate's open OTP session, locked, or the 409 that says there is none. */
async function openSession(trx: Transaction<DB>, candidateId: string) {
  const session = await trx
    .selectFrom('epfo_lookups')
    .select(['id', 'check_id', 'otp_step', 'otp_expires_at', 'otp_sends', 'otp_sent_at'])
    .where('candidate_id', '=', candidateId)
    .where('method', '=', 'passbook_otp')
    .where('state', 'in', ['queued', 'retrying'])
    .forUpdate()
    .executeTakeFirst();
  if (!session) throw conflict(text.otpNoSession, 'NO_OTP_SESSION');
  return session;
}

function refuseUnlessAwaiting(step: string | null): void {
  if (step === 'sending') throw conflict(text.otpNotSentYet, 'OTP_NOT_SENT');
  if (step !== 'awaiting_code') throw conflict(text.otpBeingChecked, 'OTP_BEING_CHECKED');
}

/** Wakes every instance's lookup worker after commit: the next step is any instance's. */
const notify = (trx: Transaction<DB>) => sql`SELECT pg_notify(${EPFO_LOOKUPS_CHANNEL}, '')`.execute(trx);

/**
 * POST /api/verification/epfo/otp: the candidate consents to the OTP passbook flow (the consent
 * names the provider, what is sent and what is read) and asks for the code. The provider is not
 * called here: the session is queued as lookup work, and the worker asks for the code. As with a
 * refresh, an earlier consent is closed and this one opened, and the last answer stays on show.
 */
export async function startPassbookOtp(db: Kysely<DB>, deps: { provider: EpfoHistoryProvider | null; now: Date; ip: string | null }, candidateId: string): Promise<EpfoLookupView> {
  const { provider, now } = deps;
  if (!provider) throw new AppError(409, 'NO_PROVIDER', text.noProvider);
  if (!provider.passbookFlow) throw new AppError(409, 'OTP_NOT_OFFERED', text.otpNotOffered);
  await db.transaction().execute(async (trx) => {
    const profile = await trx.selectFrom('candidate_profiles').select('uan').where('user_id', '=', candidateId).executeTakeFirst();
    if (!profile?.uan) throw conflict(text.otpNeedsUan, 'NO_UAN');
    // The check as a consent creates it (pending) the first time, then locked: one start at a time.
    const check = await trx
      .insertInto('verification_checks')
      .values({ candidate_id: candidateId, subject: 'uan', status: 'pending' })
      // An existing check keeps its decision until the passbook replaces it (a no-op update, for its id).
      .onConflict((oc) => oc.constraint('verification_checks_one_per_subject').doUpdateSet((eb) => ({ updated_at: eb.ref('verification_checks.updated_at') })))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.selectFrom('verification_checks').select('id').where('id', '=', check.id).forUpdate().executeTakeFirst();
    const open = await trx.selectFrom('epfo_lookups').select('id').where('check_id', '=', check.id).where('state', 'in', ['queued', 'retrying']).executeTakeFirst();
    if (open) throw conflict(text.alreadyAsking, 'ALREADY_ASKING');
    const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
    const recent = await trx
      .selectFrom('epfo_lookups')
      .select(sql<number>`count(*)::int`.as('sessions'))
      .where('candidate_id', '=', candidateId)
      .where('method', '=', 'passbook_otp')
      .where('requested_at', '>', hourAgo)
      .executeTakeFirstOrThrow();
    if (recent.sessions >= OTP_MAX_STARTS_PER_HOUR) throw tooManyRequests(text.otpTooManyStarts);

    const previous = await activeConsent(trx, candidateId, 'uan');
    if (previous) await trx.updateTable('verification_consents').set({ revoked_at: now }).where('id', '=', previous.id).execute();
    const consent = await trx
      .insertInto('verification_consents')
      .values({ candidate_id: candidateId, subject: 'uan', purpose: otpPurposeOf(provider), ip_address: deps.ip, notice_version: PRIVACY_NOTICE_VERSION })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lookup = await queueEpfoLookup(trx, { candidateId, checkId: check.id, consentId: consent.id, provider: provider.name, now, method: 'passbook_otp' });
    await writeAudit(trx, {
      actorId: candidateId,
      companyId: null,
      action: 'epfo_passbook_otp_started',
      entityType: 'verification_check',
      entityId: check.id,
      details: { lookup_id: lookup.id, provider: provider.name, consent_id: consent.id },
      ip: deps.ip,
    });
    await publishCheckChange(trx, candidateId, check.id, []);
  });
  return viewOf(db, candidateId);
}

/**
 * POST /api/verification/epfo/otp/code: the code the candidate typed. It waits in the session
 * only until a worker's claim takes it (and clears it in the same statement) to submit it.
 */
export async function submitPassbookCode(db: Kysely<DB>, now: Date, candidateId: string, code: string): Promise<EpfoLookupView> {
  await db.transaction().execute(async (trx) => {
    const session = await openSession(trx, candidateId);
    refuseUnlessAwaiting(session.otp_step);
    if (!session.otp_expires_at || now.getTime() >= new Date(session.otp_expires_at).getTime()) throw conflict(text.otpExpired, 'OTP_EXPIRED');
    await trx
      .updateTable('epfo_lookups')
      .set({ otp_step: 'checking', otp_code: code, otp_step_at: now, otp_notice: null, state: 'queued', next_attempt_at: now })
      .where('id', '=', session.id)
      .execute();
    await notify(trx);
    await publishCheckChange(trx, candidateId, session.check_id, []);
  });
  return viewOf(db, candidateId);
}

/** POST /api/verification/epfo/otp/resend: a new code, a minute after the last, at most three times a session. */
export async function resendPassbookCode(db: Kysely<DB>, now: Date, candidateId: string): Promise<EpfoLookupView> {
  await db.transaction().execute(async (trx) => {
    const session = await openSession(trx, candidateId);
    refuseUnlessAwaiting(session.otp_step);
    if (session.otp_sends >= OTP_MAX_SENDS) throw tooManyRequests(text.otpNoMoreResends);
    const wait = session.otp_sent_at ? Math.ceil((new Date(session.otp_sent_at).getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
    if (wait > 0) throw tooManyRequests(fill(text.otpResendTooSoon, { seconds: wait }));
    await trx
      .updateTable('epfo_lookups')
      .set((eb) => ({ otp_step: 'sending', otp_step_at: now, otp_session: null, otp_notice: null, otp_sends: eb('otp_sends', '+', 1), otp_sent_at: now, state: 'queued', next_attempt_at: now }))
      .where('id', '=', session.id)
      .execute();
    await notify(trx);
    await publishCheckChange(trx, candidateId, session.check_id, []);
  });
  return viewOf(db, candidateId);
}

/** DELETE /api/verification/epfo/otp: the candidate stops; the session ends and the last answer stays. */
export async function cancelPassbookOtp(db: Kysely<DB>, deps: { ip: string | null }, candidateId: string): Promise<EpfoLookupView> {
  await db.transaction().execute(async (trx) => {
    const session = await openSession(trx, candidateId);
    await trx.updateTable('epfo_lookups').set({ state: 'ended', otp_end: 'cancelled' }).where('id', '=', session.id).execute();
    await writeAudit(trx, { actorId: candidateId, companyId: null, action: 'epfo_passbook_otp_cancelled', entityType: 'verification_check', entityId: session.check_id, details: { lookup_id: session.id }, ip: deps.ip });
    await publishCheckChange(trx, candidateId, session.check_id, []);
  });
  return viewOf(db, candidateId);
}
