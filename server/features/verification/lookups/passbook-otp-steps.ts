import type { Updateable } from 'kysely';
import { fill } from '../../../../shared/fill.ts';
import { messages } from '../../../../shared/messages.ts';
import { todayInIndia } from '../../../../shared/schemas/jobs.ts';
import type { EpfoLookupsTable, EpfoLookupMethod, EpfoOtpEnd, EpfoOtpStep, ProviderCallOutcome } from '../../../db/schema.ts';
import { activeConsent, publishCheckChange } from '../run-check.ts';
import { EpfoNotFound, EpfoOtpRejected, EpfoRateLimited, EpfoRefused, EpfoUnavailable, type EpfoPassbookFlow } from '../sources/epfo/provider.ts';
import { concludeEpfoHistory, notFoundFindings } from './conclude.ts';
import { loadLookupSubject, type LookupSubject } from './load-claims.ts';
import { OTP_MAX_WRONG, OTP_SESSION_MS, OTP_STEP_RETRY_MS } from './passbook-otp-limits.ts';
import { passbookHistory } from './passbook-history.ts';
import { decideLookup, retryDelaySeconds, type ClaimedLookup, type LookupWorkerDeps } from './process-lookup.ts';

/** A claimed lookup with its OTP session; otp_code is the typed code the claim took (and cleared). */
export interface ClaimedPassbookLookup extends ClaimedLookup {
  method: EpfoLookupMethod;
  otp_step: EpfoOtpStep | null;
  otp_step_at: Date | null;
  otp_session: string | null;
  otp_code: string | null;
  otp_expires_at: Date | null;
  otp_wrong: number;
}

interface Step {
  deps: LookupWorkerDeps;
  lookup: ClaimedPassbookLookup;
  flow: EpfoPassbookFlow;
  provider: string;
  subject: LookupSubject & { uan: string };
  now: Date;
}

function outcomeOf(error: unknown): ProviderCallOutcome {
  if (error instanceof EpfoNotFound) return 'not_found';
  // A wrong code is the provider's answer, not its failure.
  if (error instanceof EpfoOtpRejected) return 'answered';
  if (error instanceof EpfoRateLimited) return 'rate_limited';
  if (error instanceof EpfoUnavailable) return 'unavailable';
  if (error instanceof EpfoRefused) return 'refused';
  return 'error';
}

/** One call of the flow, metered like the lookup's (provider_calls), billed to the same payer. */
async function call<T>(step: Step, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  const started = performance.now();
  let result: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    result = { ok: true, value: await work() };
  } catch (error) {
    result = { ok: false, error };
  }
  await step.deps.db
    .insertInto('provider_calls')
    .values({ provider: step.provider, kind: 'epfo_passbook', company_id: step.lookup.billed_company_id, outcome: result.ok ? 'answered' : outcomeOf(result.error), duration_ms: Math.round(performance.now() - started) })
    .execute();
  return result;
}

/**
 * Moves the session on, only if it is still open at the step this run found it in: the candidate
 * may have cancelled, asked for a new code or withdrawn consent while the provider was asked.
 */
async function advance(step: Step, from: EpfoOtpStep, set: Updateable<EpfoLookupsTable>): Promise<boolean> {
  return step.deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('epfo_lookups')
      .set(set)
      .where('id', '=', step.lookup.id)
      .where('state', 'in', ['queued', 'retrying'])
      .where('otp_step', '=', from)
      .returning('id')
      .executeTakeFirst();
    // Only the candidate's screen and the team follow a session's steps; employers see decisions.
    if (moved) await publishCheckChange(trx, step.lookup.candidate_id, step.lookup.check_id, []);
    return moved !== undefined;
  });
}

const end = (step: Step, from: EpfoOtpStep, why: EpfoOtpEnd, lastError: string | null = null) => advance(step, from, { state: 'ended', otp_end: why, last_error: lastError?.slice(0, 500) ?? null });

/** Back to waiting for the code (with what the candidate should know), or ended if it expired meanwhile. */
async function awaitCode(step: Step, from: EpfoOtpStep, set: Updateable<EpfoLookupsTable>): Promise<void> {
  const expires = step.lookup.otp_expires_at;
  if (!expires || step.now.getTime() >= new Date(expires).getTime()) {
    await end(step, from, 'expired');
    return;
  }
  await advance(step, from, { state: 'queued', otp_step: 'awaiting_code', otp_step_at: step.now, next_attempt_at: expires, ...set });
}

/** The provider could not answer: retried with the lookup's backoff while the candidate can still be waiting, then ended. */
async function retryOrEnd(step: Step, from: EpfoOtpStep, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  step.deps.log[error instanceof EpfoUnavailable ? 'warn' : 'error']({ err: error, lookupId: step.lookup.id, provider: step.provider }, 'EPFO passbook step could not be done');
  const since = new Date(step.lookup.otp_step_at ?? step.lookup.requested_at).getTime();
  if (step.now.getTime() - since >= OTP_STEP_RETRY_MS || error instanceof EpfoRefused) {
    await end(step, from, 'unavailable', message);
    return;
  }
  const retryAfter = error instanceof EpfoUnavailable ? error.retryAfterSeconds : null;
  const next = new Date(step.now.getTime() + retryDelaySeconds(step.lookup.attempts, retryAfter) * 1000);
  await advance(step, from, { state: 'retrying', next_attempt_at: next, last_error: message.slice(0, 500) });
}

async function send(step: Step): Promise<void> {
  const sent = await call(step, () => step.flow.startOtp(step.subject.uan, { consent: true }));
  if (sent.ok) {
    const expires = new Date(step.now.getTime() + OTP_SESSION_MS);
    await advance(step, 'sending', {
      state: 'queued',
      otp_step: 'awaiting_code',
      otp_step_at: step.now,
      otp_session: sent.value.sessionId,
      otp_masked_mobile: sent.value.maskedMobile?.slice(0, 40) ?? null,
      otp_expires_at: expires,
      otp_notice: null,
      // The worker takes it again only to expire it; the code's submission brings it forward.
      next_attempt_at: expires,
      last_error: null,
    });
  } else if (sent.error instanceof EpfoNotFound) {
    // No EPFO record for the UAN: decided, as the lookup by UAN decides it.
    await decideLookup(step.deps, step.lookup, notFoundFindings(fill(messages.epfo.notFound, { provider: messages.epfo.providerLabels[step.provider] ?? step.provider })), null, step.provider);
  } else {
    await retryOrEnd(step, 'sending', sent.error);
  }
}

async function check(step: Step): Promise<void> {
  const { otp_code: code, otp_session: session } = step.lookup;
  // The code went with an earlier claim whose instance stopped before submitting it: ask again.
  if (!code || !session) return awaitCode(step, 'checking', { otp_notice: 'code_lost' });
  const submitted = await call(step, () => step.flow.submitOtp(session, code));
  if (!submitted.ok) {
    if (submitted.error instanceof EpfoOtpRejected) {
      const wrong = step.lookup.otp_wrong + 1;
      if (wrong >= OTP_MAX_WRONG) await advance(step, 'checking', { state: 'ended', otp_end: 'too_many_wrong', otp_wrong: wrong });
      else await awaitCode(step, 'checking', { otp_notice: 'wrong_code', otp_wrong: wrong });
    } else {
      // Not checked (the provider failed): never retried, as a retry could spend one of the member's tries.
      step.deps.log.warn({ err: submitted.error, lookupId: step.lookup.id, provider: step.provider }, 'EPFO could not check the code');
      await awaitCode(step, 'checking', { otp_notice: 'not_checked' });
    }
    return;
  }
  if (await advance(step, 'checking', { otp_step: 'reading', otp_step_at: step.now, next_attempt_at: new Date(step.now.getTime() + 60_000) })) {
    await read({ ...step, lookup: { ...step.lookup, otp_step: 'reading', otp_step_at: step.now } });
  }
}

async function read(step: Step): Promise<void> {
  const session = step.lookup.otp_session;
  if (!session) return void (await end(step, 'reading', 'unavailable', 'no provider session'));
  const passbook = await call(step, () => step.flow.passbook(session));
  if (!passbook.ok) {
    if (passbook.error instanceof EpfoNotFound) {
      await decideLookup(step.deps, step.lookup, notFoundFindings(fill(messages.epfo.notFound, { provider: messages.epfo.providerLabels[step.provider] ?? step.provider })), null, step.provider);
    } else {
      await retryOrEnd(step, 'reading', passbook.error);
    }
    return;
  }
  // Only what the rules conclude is stored; the passbook itself ends with this function.
  const findings = concludeEpfoHistory(passbookHistory(passbook.value), step.subject.fullName, step.subject.claims, step.deps.clock());
  await decideLookup(step.deps, step.lookup, findings, passbook.value.reference, step.provider);
}

/**
 * One step of an OTP passbook session, taken by whichever instance claimed it (lookup-worker.ts):
 * send the code, expire a code never typed, check a typed one, read the passbook. The passbook
 * is decided by the same rules and stored the same way as the lookup by UAN. Never throws: a
 * failure is logged and the lease brings the session back.
 */
export async function processPassbookLookup(deps: LookupWorkerDeps, lookup: ClaimedPassbookLookup): Promise<void> {
  try {
    const now = deps.clock();
    const flow = deps.provider?.passbookFlow;
    const consent = await activeConsent(deps.db, lookup.candidate_id, 'uan');
    const subject = await loadLookupSubject(deps.db, lookup.candidate_id, todayInIndia(now));
    if (!deps.provider || !flow || consent?.id !== lookup.consent_id || !subject?.uan || !lookup.otp_step) {
      // Consent withdrawn or given anew, no UAN, or no OTP flow any more: nothing more is asked.
      await deps.db.updateTable('epfo_lookups').set({ state: 'cancelled' }).where('id', '=', lookup.id).where('state', 'in', ['queued', 'retrying']).execute();
      return;
    }
    const step: Step = { deps, lookup, flow, provider: deps.provider.name, subject: { ...subject, uan: subject.uan }, now };
    switch (lookup.otp_step) {
      case 'sending':
        return await send(step);
      case 'awaiting_code':
        // Claimed at its expiry (or a lease ran out): end it, or put it back to wait.
        return await awaitCode(step, 'awaiting_code', {});
      case 'checking':
        return await check(step);
      case 'reading':
        return await read(step);
    }
  } catch (error) {
    deps.log.error({ err: error, lookupId: lookup.id }, 'EPFO passbook step failed; the lease brings it back');
  }
}
