import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { fill } from '../../../../shared/fill.ts';
import { messages } from '../../../../shared/messages.ts';
import { todayInIndia } from '../../../../shared/schemas/jobs.ts';
import type { EpfoFindings } from '../../../../shared/schemas/epfo.ts';
import { writeAudit } from '../../../audit/write-audit.ts';
import { prepared } from '../../../db/prepared-statements.ts';
import type { DB, ProviderCallOutcome } from '../../../db/schema.ts';
import { checksFor } from '../candidate-checks.ts';
import { activeConsent, companiesAppliedTo, emitCheckVerified, publishCheckChange } from '../run-check.ts';
import { EpfoNotFound, EpfoRateLimited, EpfoRefused, EpfoUnavailable, type EpfoHistory, type EpfoHistoryProvider } from '../sources/epfo/provider.ts';
import { checkOutcomeOf } from './check-outcome.ts';
import { concludeEpfoHistory, notFoundFindings } from './conclude.ts';
import { loadLookupSubject } from './load-claims.ts';

const text = messages.epfo;

export interface LookupWorkerDeps {
  db: Kysely<DB>;
  /** null: UAN_PROVIDER=none. */
  provider: EpfoHistoryProvider | null;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Lookups this instance asks at once (EPFO_LOOKUP_SLOTS); 0: it queues them and leaves asking to other instances. */
  slots?: number;
}

export interface ClaimedLookup {
  id: string;
  candidate_id: string;
  check_id: string;
  consent_id: string;
  provider: string;
  billed_company_id: string | null;
  attempts: number;
  requested_at: Date;
}

/** A provider that cannot answer is asked again after 30 s, doubling to at most an hour... */
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 60 * 60;
/** A credentials problem needs an operator: ask again no sooner than this. */
const REFUSED_RETRY_SECONDS = 15 * 60;
/** ...and for a day; then the verification team checks the UAN by hand. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

export function retryDelaySeconds(attempts: number, retryAfterSeconds: number | null): number {
  const backoff = Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
  return Math.min(Math.max(backoff, retryAfterSeconds ?? 0), MAX_RETRY_SECONDS);
}

type Answer = { kind: 'history'; history: EpfoHistory } | { kind: 'not_found' } | { kind: 'failed'; error: unknown; retryAfterSeconds: number | null };

function outcomeOf(answer: Answer): ProviderCallOutcome {
  if (answer.kind === 'history') return 'answered';
  if (answer.kind === 'not_found') return 'not_found';
  if (answer.error instanceof EpfoRateLimited) return 'rate_limited';
  if (answer.error instanceof EpfoUnavailable) return 'unavailable';
  if (answer.error instanceof EpfoRefused) return 'refused';
  return 'error';
}

/**
 * One claimed lookup: checks that its consent still stands, asks the provider (outside any
 * transaction), counts the call, then either stores what the history concludes and decides the
 * check, or schedules the next try. Never throws: a failure is a retry, logged.
 */
export async function processLookup(deps: LookupWorkerDeps, lookup: ClaimedLookup): Promise<void> {
  try {
    await process(deps, lookup);
  } catch (error) {
    deps.log.error({ err: error, lookupId: lookup.id }, 'EPFO lookup failed; it is retried');
    await scheduleRetry(deps, lookup, error, null).catch((failure: unknown) => deps.log.error({ err: failure, lookupId: lookup.id }, 'EPFO lookup retry could not be scheduled; the lease brings it back'));
  }
}

async function process(deps: LookupWorkerDeps, lookup: ClaimedLookup): Promise<void> {
  const { db, provider } = deps;
  const now = deps.clock();
  const consent = await activeConsent(db, lookup.candidate_id, 'uan');
  const subject = await loadLookupSubject(db, lookup.candidate_id, todayInIndia(now));
  if (!provider || consent?.id !== lookup.consent_id || !subject?.uan) {
    // Consent withdrawn (or given again: that consent has its own lookup), no UAN, or no provider any more.
    await db.updateTable('epfo_lookups').set({ state: 'cancelled' }).where('id', '=', lookup.id).where('state', 'in', ['queued', 'retrying']).execute();
    return;
  }

  const started = performance.now();
  let answer: Answer;
  try {
    answer = { kind: 'history', history: await provider.history(subject.uan, { consent: true }) };
  } catch (error) {
    answer = error instanceof EpfoNotFound ? { kind: 'not_found' } : { kind: 'failed', error, retryAfterSeconds: error instanceof EpfoUnavailable ? error.retryAfterSeconds : null };
  }
  await prepared(
    db
      .insertInto('provider_calls')
      .values({ provider: provider.name, kind: 'epfo_history', company_id: lookup.billed_company_id, outcome: outcomeOf(answer), duration_ms: Math.round(performance.now() - started) }),
  ).execute();

  if (answer.kind === 'failed') {
    const level = answer.error instanceof EpfoUnavailable ? 'warn' : 'error';
    deps.log[level]({ err: answer.error, lookupId: lookup.id, provider: provider.name }, 'EPFO provider could not answer; the lookup is retried');
    await scheduleRetry(deps, lookup, answer.error, answer.error instanceof EpfoRefused ? REFUSED_RETRY_SECONDS : answer.retryAfterSeconds);
    return;
  }
  const label = text.providerLabels[provider.name] ?? provider.name;
  const findings = answer.kind === 'history' ? concludeEpfoHistory(answer.history.members, subject.fullName, subject.claims, deps.clock()) : notFoundFindings(fill(text.notFound, { provider: label }));
  await decideLookup(deps, lookup, findings, answer.kind === 'history' ? answer.history.reference : null, provider.name);
}

/** Stores the findings and decides the check, only if the lookup is still open and its consent still stands. */
/** Also decides an OTP passbook session (passbook-otp-steps.ts): the same rules, the same record. */
export async function decideLookup(deps: LookupWorkerDeps, lookup: ClaimedLookup, findings: EpfoFindings, reference: string | null, providerName: string): Promise<void> {
  const outcome = checkOutcomeOf(findings);
  await deps.db.transaction().execute(async (trx) => {
    // The check first, then the lookup: the order the refresh and the consent's withdrawal lock them in.
    const check = await prepared(trx.selectFrom('verification_checks').select('id').where('id', '=', lookup.check_id).forUpdate()).executeTakeFirst();
    if (!check) return;
    const now = deps.clock();
    // Decided only while still open and under the consent that asked for it (withdrawn, or given
    // again with a lookup of its own: nothing is stored).
    const decided = await prepared(
      trx
        .updateTable('epfo_lookups')
        .set({ state: 'decided', result: JSON.stringify(findings), reference, decided_at: now, last_error: null })
        .where('id', '=', lookup.id)
        .where('state', 'in', ['queued', 'retrying'])
        .where(({ exists, selectFrom }) => exists(selectFrom('verification_consents').select('id').where('id', '=', lookup.consent_id).where('revoked_at', 'is', null)))
        .returning('id'),
    ).executeTakeFirst();
    if (!decided) return;
    await prepared(
      trx
        .updateTable('verification_checks')
        .set({
          status: outcome.status,
          reason: null,
          decided_by: outcome.status === 'verified' ? 'provider' : null,
          decided_by_user: null,
          decided_at: outcome.status === 'verified' ? now : null,
          flags: JSON.stringify(outcome.flags),
          verified_fields: outcome.verifiedFields,
          provider: providerName,
          provider_reference: reference,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', check.id),
    ).execute();
    await writeAudit(trx, {
      actorId: null,
      companyId: null,
      action: 'verification_check_run',
      entityType: 'verification_check',
      entityId: check.id,
      // Codes only: the findings hold employers and dates, which stay with the lookup.
      details: { subject: 'uan', status: outcome.status, decided_by: outcome.status === 'verified' ? 'provider' : null, provider: providerName, lookup_id: lookup.id, flags: findings.flags.map((flag) => flag.code) },
      ip: null,
    });
    const companies = await companiesAppliedTo(trx, lookup.candidate_id);
    // The candidate's page is open and waiting (they consented seconds ago): their event carries
    // the list it would otherwise fetch again, read here in the decision's transaction.
    const checks = await checksFor(trx, lookup.candidate_id, deps.provider);
    await publishCheckChange(trx, lookup.candidate_id, check.id, companies, { checks });
    if (outcome.status === 'verified') await emitCheckVerified(trx, lookup.candidate_id, 'uan', outcome.verifiedFields, companies);
  });
}

/** The provider could not answer: try again later, or after a day hand the check to the team. */
async function scheduleRetry(deps: LookupWorkerDeps, lookup: ClaimedLookup, error: unknown, retryAfterSeconds: number | null): Promise<void> {
  const now = deps.clock();
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const givingUp = now.getTime() - new Date(lookup.requested_at).getTime() >= GIVE_UP_AFTER_MS;
  await deps.db.transaction().execute(async (trx) => {
    const open = await trx.selectFrom('epfo_lookups').select('id').where('id', '=', lookup.id).where('state', 'in', ['queued', 'retrying']).forUpdate().executeTakeFirst();
    if (!open) return;
    if (givingUp) {
      await trx.updateTable('epfo_lookups').set({ state: 'gave_up', last_error: lastError }).where('id', '=', lookup.id).execute();
      await trx
        .updateTable('verification_checks')
        .set({ status: 'in_review', flags: JSON.stringify([{ rule: 'uan_provider', outcome: 'not_checked', found: text.gaveUp }]), updated_at: sql<Date>`now()` })
        .where('id', '=', lookup.check_id)
        .where('status', '=', 'pending')
        .execute();
    } else {
      const next = new Date(now.getTime() + retryDelaySeconds(lookup.attempts, retryAfterSeconds) * 1000);
      await trx.updateTable('epfo_lookups').set({ state: 'retrying', next_attempt_at: next, last_error: lastError }).where('id', '=', lookup.id).execute();
    }
    await publishCheckChange(trx, lookup.candidate_id, lookup.check_id);
  });
}
