import { sql, type Kysely, type Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/schemas/privacy.ts';
import { prepared } from '../../db/prepared-statements.ts';
import type { DB, VerificationSubject } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { eventsFitOneNotification, EVENTS_CHANNEL, publish, type LiveEvent } from '../../realtime/events.ts';
import { applicableSubjects, purposeOf } from './candidate-checks.ts';
import { backToPending } from './check-store.ts';
import { EPFO_LOOKUPS_CHANNEL } from './lookups/queue-lookup.ts';
import type { EpfoProviderName } from './sources/epfo/provider.ts';

/**
 * One statement (so no transaction of its own): the consent; the check created or reset to pending
 * for it; the audit row; for the UAN check with a provider, its EPFO lookup; and the notification
 * of the change (the live event and the lookup workers' wake-up). Each step reads the one before,
 * so with a consent already standing (a double click, a second tab) nothing is written and the
 * answer says the check's status. A consent is asked for by crowds (every candidate of a drive at
 * once), and each round trip was the larger part of its cost: seven became one (issue 34, Speed).
 */
function consentStatement(
  db: Kysely<DB> | Transaction<DB>,
  input: {
    candidateId: string;
    subject: VerificationSubject;
    documentId: string | null;
    purpose: string;
    ip: string;
    lookup: { provider: EpfoProviderName; now: Date } | null;
    /** The change's live events; those without an id get the check's (the candidate's and the team's). */
    events: LiveEvent[];
  },
) {
  const { candidateId, subject, documentId, lookup } = input;
  // The events as publish() sends them, built here because the check's id is known only here.
  const fields = (event: LiveEvent) => [
    ...Object.entries(event).flatMap(([key, value]) => [sql.lit(key), sql`${value}::text`]),
    ...(event.id === undefined ? [sql.lit('id'), sql`"check"."id"`] : []),
  ];
  const payload = sql<string>`json_build_array(${sql.join(input.events.map((event) => sql`json_build_object(${sql.join(fields(event))})`))})::text`;
  return prepared(
    db
      .with('consent', (qb) =>
        qb
          .insertInto('verification_consents')
          .values({ candidate_id: candidateId, subject, purpose: input.purpose, ip_address: input.ip, notice_version: PRIVACY_NOTICE_VERSION })
          .onConflict((oc) => oc.columns(['candidate_id', 'subject']).where('revoked_at', 'is', null).doNothing())
          .returning('id'),
      )
      .with('check', (qb) =>
        qb
          .insertInto('verification_checks')
          .columns(['candidate_id', 'subject', 'document_id', 'status'])
          .expression((eb) => eb.selectFrom('consent').select([sql.val(candidateId).as('candidate_id'), sql.val(subject).as('subject'), sql.val(documentId).as('document_id'), sql.lit('pending').as('status')]))
          .onConflict((oc) => oc.constraint('verification_checks_one_per_subject').doUpdateSet(backToPending(documentId)))
          .returning('id'),
      )
      .with('audit', (qb) =>
        qb
          .insertInto('admin_audit_logs')
          .columns(['admin_id', 'company_id', 'action', 'entity_type', 'entity_id', 'details', 'ip_address'])
          .expression((eb) =>
            eb
              .selectFrom(['check', 'consent'])
              .select([
                sql.val(candidateId).as('admin_id'),
                sql.lit(null).as('company_id'),
                sql.lit('verification_consent_given').as('action'),
                sql.lit('verification_check').as('entity_type'),
                'check.id as entity_id',
                sql`jsonb_build_object('subject', ${subject}::text, 'consent_id', "consent"."id")`.as('details'),
                sql.val(input.ip).as('ip_address'),
              ]),
          ),
      )
      .with('lookup', (qb) =>
        qb
          .insertInto('epfo_lookups')
          .columns(['candidate_id', 'check_id', 'consent_id', 'provider', 'billed_company_id', 'next_attempt_at', 'requested_at'])
          .expression((eb) =>
            eb
              .selectFrom(['check', 'consent'])
              .select([
                sql.val(candidateId).as('candidate_id'),
                'check.id as check_id',
                'consent.id as consent_id',
                sql.val(lookup?.provider ?? null).as('provider'),
                // Billed to the newest company that asked for the check, or WorkCred (queue-lookup.ts).
                eb.selectFrom('check_requests').select('company_id').where('candidate_id', '=', candidateId).where('subject', '=', 'uan').orderBy('created_at', 'desc').limit(1).as('billed_company_id'),
                sql.val(lookup?.now ?? null).as('next_attempt_at'),
                sql.val(lookup?.now ?? null).as('requested_at'),
              ])
              .where(sql.lit(lookup !== null)),
          )
          // The partial index's predicate as literals: a prepared statement's generic plan cannot match it to parameters.
          .onConflict((oc) => oc.column('check_id').where(sql<boolean>`state in ('queued', 'retrying')`).doNothing()),
      )
      .selectNoFrom((eb) => [
        eb.selectFrom('consent').select('id').as('consent_id'),
        eb.selectFrom('check').select('id').as('check_id'),
        // The statement's snapshot: the check as it was, for a consent that was standing already.
        eb.selectFrom('verification_checks').select('status').where('candidate_id', '=', candidateId).where('subject', '=', subject).as('standing_status'),
        eb
          .selectFrom('check')
          .select(
            sql<string>`concat_ws(',', pg_notify(${EVENTS_CHANNEL}, ${payload})::text${lookup ? sql`, pg_notify(${EPFO_LOOKUPS_CHANNEL}, '')::text` : sql``})`.as('notified'),
          )
          .as('notified'),
      ]),
  );
}

/**
 * POST /api/verification/checks/:subject/consent: stores the consent (time, the server's purpose
 * text, IP) and creates or resets the check to pending, in one statement (consentStatement). The
 * caller runs the check after that. A second consent while one is active changes nothing. Returns
 * whether the check should run (it is pending with consent), or that its EPFO lookup was queued.
 * `origin`: the live socket of the page that asked (X-Live-Socket): its event comes back marked as its own.
 */
export async function giveConsent(
  db: Kysely<DB>,
  candidateId: string,
  subject: VerificationSubject,
  ip: string,
  uanProvider: EpfoProviderName | null = null,
  now: Date = new Date(),
  origin?: string,
): Promise<{ shouldRun: boolean; lookupQueued?: boolean }> {
  // Read before: its companies may miss one applied to meanwhile, which only misses this one live
  // event (the employer's page reads the badges when it next opens).
  const { subjects, documents, companies } = await applicableSubjects(db, candidateId);
  if (!subjects.has(subject)) throw conflict(messages.verification.notApplicable, 'NOT_APPLICABLE');
  const queuesLookup = subject === 'uan' && uanProvider !== null;
  // The candidate and the team hear of the check (its id); each company the candidate applied to
  // hears of the candidate (publishCheckChange says why). Companies go in the same notification
  // when it stays under PostgreSQL's limit, else in their own, in a transaction with the consent.
  const mine: LiveEvent[] = [
    { topic: `user:${candidateId}`, type: 'verification_check', ...(origin ? { origin } : {}) },
    { topic: 'admins', type: 'verification_check' },
  ];
  const theirs: LiveEvent[] = companies.map((companyId) => ({ topic: `company:${companyId}`, type: 'verification_check', id: candidateId }));
  const together = eventsFitOneNotification([...mine, ...theirs]);
  const input = { candidateId, subject, documentId: documents.get(subject) ?? null, purpose: purposeOf(subject, uanProvider), ip, lookup: queuesLookup ? { provider: uanProvider, now } : null };
  const statement = (executor: Kysely<DB> | Transaction<DB>) => consentStatement(executor, { ...input, events: together ? [...mine, ...theirs] : mine }).executeTakeFirstOrThrow();
  const row =
    together || theirs.length === 0
      ? await statement(db)
      : await db.transaction().execute(async (trx) => {
          const written = await statement(trx);
          if (written.check_id) await publish(trx, theirs);
          return written;
        });
  // Already consented: run again only if it never finished.
  if (!row.consent_id) return { shouldRun: row.standing_status === 'pending' };
  return queuesLookup ? { shouldRun: false, lookupQueued: true } : { shouldRun: true };
}
