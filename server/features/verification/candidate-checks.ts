import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { messages } from '../../../shared/messages.ts';
import type { CandidateCheck } from '../../../shared/schemas/verification.ts';
import { verificationSubjects } from '../../../shared/schemas/verification.ts';
import { maskPhone } from '../../auth/mfa-phone.ts';
import type { SessionContext } from '../../auth/session.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB, VerificationSubject } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { latestLookupOf, latestLookupRows } from './lookups/lookup-views.ts';
import { candidateFlags } from './reading/forensics/candidate-view.ts';
import { cancelDocumentReads } from './reading/ocr/read-queue.ts';
import { backToPending, publishCheckChange } from './check-store.ts';
import { fill } from '../../../shared/fill.ts';
import { prepared } from '../../db/prepared-statements.ts';
import type { EpfoHistoryProvider } from './sources/epfo/provider.ts';

const m = messages.verification;

/** Verification is the candidate's own: every function here acts on the session's user only. */
export function candidateIdOf(session: SessionContext): string {
  if (session.profile.role !== 'candidate') throw forbidden(m.candidatesOnly, 'CANDIDATES_ONLY');
  return session.userId;
}

/**
 * What the candidate agrees to: the UAN check names the EPFO provider the UAN goes to (issue 34).
 * `uanProvider` is UAN_PROVIDER's provider name, null for none.
 */
export function purposeOf(subject: VerificationSubject, uanProvider: string | null = null): string {
  if (subject === 'uan' && uanProvider) return fill(messages.epfo.purpose, { provider: messages.epfo.providerLabels[uanProvider] ?? uanProvider });
  return m.purposes[subject] ?? subject;
}

/** The stronger option's consent text: names the provider, what is sent and what is read. */
export function otpPurposeOf(provider: EpfoHistoryProvider): string {
  return fill(messages.epfo.otpPurpose, { provider: messages.epfo.providerLabels[provider.name] ?? provider.name });
}

/**
 * The subjects that apply to a candidate (the phone always, the UAN once entered, each uploaded
 * document type), and the companies they applied to (told of their checks), in one statement.
 */
export async function applicableSubjects(db: Kysely<DB>, candidateId: string): Promise<{ subjects: Set<VerificationSubject>; documents: Map<VerificationSubject, string>; companies: string[] }> {
  const facts = await prepared(
    db
      .selectFrom('user_profiles as u')
      .leftJoin('candidate_profiles as c', 'c.user_id', 'u.id')
      .select((eb) => [
        'c.uan',
        jsonArrayFrom(eb.selectFrom('candidate_documents as d').select(['d.id', 'd.document_type']).whereRef('d.candidate_id', '=', 'u.id')).as('documents'),
        jsonArrayFrom(
          eb.selectFrom('job_applications as ja').innerJoin('job_postings as jp', 'jp.id', 'ja.job_id').select('jp.company_id').distinct().whereRef('ja.candidate_id', '=', 'u.id'),
        ).as('companies'),
      ])
      .where('u.id', '=', candidateId),
  ).executeTakeFirst();
  const subjects = new Set<VerificationSubject>(['phone']);
  if (facts?.uan) subjects.add('uan');
  const documentIds = new Map<VerificationSubject, string>();
  for (const document of facts?.documents ?? []) {
    subjects.add(document.document_type);
    documentIds.set(document.document_type, document.id);
  }
  return { subjects, documents: documentIds, companies: (facts?.companies ?? []).map((row) => row.company_id) };
}

/**
 * Everything the list shows, in one statement: the profile, the documents, the
 * checks, the standing consents and the companies that asked. The list is read after every live
 * event of a check (the candidate's page refetches), so it was six round trips each time, then two.
 * json_agg gives dates as strings: each is read with new Date().
 */
function checkListFacts(db: Kysely<DB>, candidateId: string) {
  return prepared(
    db
      .selectFrom('user_profiles as u')
      .leftJoin('candidate_profiles as c', 'c.user_id', 'u.id')
      .select((eb) => [
        'c.uan',
        'u.phone',
        'u.mobile_verified',
        jsonArrayFrom(eb.selectFrom('candidate_documents as d').select('d.document_type').whereRef('d.candidate_id', '=', 'u.id')).as('documents'),
        jsonArrayFrom(
          eb
            .selectFrom('verification_checks as v')
            .select(['v.id', 'v.subject', 'v.status', 'v.reason', 'v.decided_by', 'v.decided_at', 'v.flags', 'v.verified_fields', 'v.document_id'])
            .whereRef('v.candidate_id', '=', 'u.id'),
        ).as('checks'),
        jsonArrayFrom(eb.selectFrom('verification_consents as k').select(['k.subject', 'k.purpose', 'k.granted_at']).whereRef('k.candidate_id', '=', 'u.id').where('k.revoked_at', 'is', null)).as('consents'),
        jsonArrayFrom(eb.selectFrom('document_reads as dr').select(['dr.check_id', 'dr.document_id', 'dr.pages_done', 'dr.page_count']).whereRef('dr.candidate_id', '=', 'u.id').where('dr.state', 'in', ['queued', 'reading'])).as('reads'),
        jsonArrayFrom(
          eb.selectFrom('check_requests as r').innerJoin('companies as co', 'co.id', 'r.company_id').select(['r.subject', 'co.name']).distinct().whereRef('r.candidate_id', '=', 'u.id').orderBy('co.name'),
        ).as('requesters'),
        // The EPFO lookup behind the UAN check (issue 34), read here too: one statement for the list.
        jsonArrayFrom(latestLookupRows(db, sql.ref<string>('u.id'))).as('lookups'),
      ])
      .where('u.id', '=', candidateId),
  ).executeTakeFirst();
}

function readingOf(check: { id: string; status: string; document_id: string | null } | undefined, reads: { check_id: string; document_id: string; pages_done: number; page_count: number | null }[]) {
  if (!check || check.status !== 'pending') return null;
  const read = reads.find((row) => row.check_id === check.id && row.document_id === check.document_id);
  return read ? { pages_done: read.pages_done, page_count: read.page_count } : null;
}

/**
 * What GET /api/verification/checks answers the candidate, with this instance's EPFO provider (its
 * name in the consent text, and the OTP option where it has one).
 */
export function checksFor(db: Kysely<DB>, candidateId: string, provider: EpfoHistoryProvider | null): Promise<CandidateCheck[]> {
  return listCandidateChecks(db, candidateId, provider?.name ?? null, provider?.passbookFlow ? otpPurposeOf(provider) : null);
}

/** GET /api/verification/checks: one entry per subject that applies, in a fixed order. */
export async function listCandidateChecks(db: Kysely<DB>, candidateId: string, uanProvider: string | null = null, otpPurpose: string | null = null): Promise<CandidateCheck[]> {
  const facts = await checkListFacts(db, candidateId);
  const epfo = latestLookupOf(facts?.lookups ?? []);
  // The phone always applies, the UAN once entered, each uploaded document type.
  const subjects = new Set<VerificationSubject>(['phone', ...(facts?.uan ? (['uan'] as const) : []), ...(facts?.documents ?? []).map((document) => document.document_type)]);
  const phone = facts?.mobile_verified && facts.phone ? facts.phone : null;
  const checkOf = new Map((facts?.checks ?? []).map((check) => [check.subject, check]));
  const consentOf = new Map((facts?.consents ?? []).map((consent) => [consent.subject, consent]));
  const requesters = new Map<string, string[]>();
  for (const row of facts?.requesters ?? []) requesters.set(row.subject, [...(requesters.get(row.subject) ?? []), row.name]);
  return verificationSubjects
    .filter((subject) => subjects.has(subject))
    .map((subject) => {
      const check = checkOf.get(subject);
      const consent = consentOf.get(subject);
      return {
        subject,
        id: check?.id ?? null,
        status: check?.status ?? 'pending',
        reason: check?.reason ?? null,
        decided_by: check?.decided_by ?? null,
        decided_at: check?.decided_at ? new Date(check.decided_at).toISOString() : null,
        purpose: purposeOf(subject, uanProvider),
        consent: consent ? { granted_at: new Date(consent.granted_at).toISOString(), purpose: consent.purpose } : null,
        flags: candidateFlags(check?.flags ?? []),
        verified_fields: check?.verified_fields ?? [],
        requested_by: requesters.get(subject) ?? [],
        // The code is the phone check (recordPhoneVerifiedByCode): say which number it went to.
        code_sent_to: subject === 'phone' && check?.status === 'verified' && check.decided_by === 'algorithm' && phone ? maskPhone(phone) : null,
        // The EPFO lookup behind the UAN check, while its consent stands (issue 34).
        epfo: subject === 'uan' && consent && epfo?.state !== 'cancelled' ? epfo : null,
        uan_provider: subject === 'uan' && uanProvider ? (messages.epfo.providerLabels[uanProvider] ?? uanProvider) : null,
        // The stronger option, only where the provider has the OTP passbook flow (the screen hides it otherwise).
        otp_purpose: subject === 'uan' ? otpPurpose : null,
        // A scan of the check's current file being read by OCR (issue 35), while the check waits for it.
        reading: readingOf(check, facts?.reads ?? []),
      };
    });
}

/**
 * DELETE /api/verification/checks/:subject/consent: the consent ends and the check goes back to
 * pending. The decision it held stays in the audit history (its status, who, the reason).
 * Revoking without an active consent is a no-op (idempotent).
 */
export async function revokeConsent(db: Kysely<DB>, candidateId: string, subject: VerificationSubject, ip: string, origin?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('verification_consents')
      .set({ revoked_at: sql<Date>`now()` })
      .where('candidate_id', '=', candidateId)
      .where('subject', '=', subject)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) return;
    // A lookup still waiting on EPFO under this consent is not asked (issue 34).
    if (subject === 'uan') await trx.updateTable('epfo_lookups').set({ state: 'cancelled' }).where('candidate_id', '=', candidateId).where('state', 'in', ['queued', 'retrying']).execute();
    const previous = await trx
      .selectFrom('verification_checks')
      .select(['id', 'status', 'decided_by', 'decided_by_user', 'reason'])
      .where('candidate_id', '=', candidateId)
      .where('subject', '=', subject)
      .forUpdate()
      .executeTakeFirst();
    if (previous) {
      // A scan waiting for OCR under this consent is not read (issue 35), and what a read document
      // stated is no longer compared with EPFO (issue 34 §2).
      await cancelDocumentReads(trx, previous.id, new Date());
      if (subject === 'experience_letter' || subject === 'salary_slip') {
        await trx.updateTable('candidate_documents').set({ employment_claim: null }).where('candidate_id', '=', candidateId).where('document_type', '=', subject).execute();
      }
      await trx
        .updateTable('verification_checks')
        .set(backToPending())
        .where('id', '=', previous.id)
        .execute();
    }
    await writeAudit(trx, {
      actorId: candidateId,
      companyId: null,
      action: 'verification_consent_revoked',
      entityType: 'verification_check',
      entityId: previous?.id ?? null,
      details: { subject, consent_id: revoked.id, previous_status: previous?.status ?? null, previous_decided_by: previous?.decided_by ?? null, previous_decided_by_user: previous?.decided_by_user ?? null, previous_reason: previous?.reason ?? null },
      ip,
    });
    if (previous) await publishCheckChange(trx, candidateId, previous.id, undefined, { origin });
  });
}
