import { sql, type Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import {
  PRIVACY_LIMITS,
  PRIVACY_NOTICE_VERSION,
  type ConsentEntry,
  type Disclosure,
  type HoldingKey,
  type Nominee,
  type PrivacyOverview,
  type PrivacyRequest,
} from '../../../shared/schemas/privacy.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { correctionTargetsOf } from './corrections.ts';
import { listExports } from './exports.ts';
import { whatsappConsentPurpose } from '../whatsapp/opt-in.ts';
import { REQUEST_COLUMNS, toPrivacyRequest, type GrievanceOfficer } from './request-row.ts';

const text = messages.privacy;
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
/** Stages an application can no longer be withdrawn from. */
const FINAL_STAGES = new Set(['hired', 'rejected', 'withdrawn']);

/** The privacy centre is the person's own: a candidate's. Employers and admins are refused. */
export function personIdOf(session: SessionContext): string {
  if (session.profile.role !== 'candidate') throw forbidden(text.candidatesOnly, 'CANDIDATES_ONLY');
  return session.userId;
}

/** Everything the Privacy section shows, read for the person only. */
export async function getPrivacyOverview(db: Kysely<DB>, personId: string, officer: GrievanceOfficer): Promise<PrivacyOverview> {
  const [holdings, consents, disclosures, requests, nominee, exports] = await Promise.all([
    holdingsOf(db, personId),
    consentsOf(db, personId),
    disclosuresOf(db, personId),
    requestsOf(db, personId),
    nomineeOf(db, personId),
    listExports(db, personId),
  ]);
  const correction_targets = await correctionTargetsOf(db, personId);
  return { notice_version: PRIVACY_NOTICE_VERSION, grievance_officer: officer, holdings, consents, disclosures, requests, nominee, exports, correction_targets };
}

/** How many items of each kind WorkCred holds about the person, in one statement. */
async function holdingsOf(db: Kysely<DB>, personId: string): Promise<Record<HoldingKey, number>> {
  const row = await sql<Record<HoldingKey, string | number>>`
    SELECT
      1 AS account,
      (SELECT count(*) FROM candidate_profiles WHERE user_id = ${personId} AND uan IS NOT NULL) AS uan,
      (SELECT count(*) FROM candidate_profiles WHERE user_id = ${personId}
         AND (education IS NOT NULL OR current_employer IS NOT NULL OR experience_years IS NOT NULL OR cardinality(skills) > 0 OR location IS NOT NULL)) AS profile,
      (SELECT count(*) FROM candidate_documents WHERE candidate_id = ${personId})
        + (SELECT count(*) FROM issued_documents WHERE candidate_id = ${personId}) AS documents,
      (SELECT count(*) FROM verification_checks WHERE candidate_id = ${personId}) AS checks,
      (SELECT count(*) FROM job_applications WHERE candidate_id = ${personId}) AS applications,
      (SELECT count(*) FROM interviews i JOIN job_applications a ON a.id = i.application_id WHERE a.candidate_id = ${personId}) AS interviews,
      (SELECT count(*) FROM employments WHERE employee_id = ${personId}) AS employments,
      (SELECT count(*) FROM letters WHERE recipient_id = ${personId}) AS letters,
      (SELECT count(*) FROM chat_messages m JOIN support_chats c ON c.id = m.chat_id WHERE c.user_id = ${personId} AND m.sender_id = ${personId}) AS "supportMessages"
  `.execute(db);
  const counts = row.rows[0] as Record<HoldingKey, string | number>;
  return Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, Number(value)])) as Record<HoldingKey, number>;
}

/** Every consent: registration, each application, each check consent, each record share, newest first. */
async function consentsOf(db: Kysely<DB>, personId: string): Promise<ConsentEntry[]> {
  const [profile, applications, checks, shares, whatsapp] = await Promise.all([
    db
      .selectFrom('candidate_profiles')
      .select(['notice_version', 'notice_accepted_at', 'guardian_consent_at', 'guardian_name', 'guardian_relationship'])
      .where('user_id', '=', personId)
      .executeTakeFirst(),
    db
      .selectFrom('job_applications as a')
      .innerJoin('job_postings as j', 'j.id', 'a.job_id')
      .innerJoin('companies as c', 'c.id', 'a.company_id')
      .select(['a.id', 'a.status', 'a.created_at', 'a.stage_changed_at', 'a.notice_version', 'j.title', 'c.name as company_name'])
      .where('a.candidate_id', '=', personId)
      .orderBy('a.created_at', 'desc')
      .limit(PRIVACY_LIMITS.disclosures)
      .execute(),
    db
      .selectFrom('verification_consents')
      .select(['subject', 'purpose', 'granted_at', 'revoked_at', 'notice_version'])
      .where('candidate_id', '=', personId)
      .orderBy('granted_at', 'desc')
      .limit(PRIVACY_LIMITS.disclosures)
      .execute(),
    db
      .selectFrom('record_shares as s')
      .innerJoin('companies as c', 'c.id', 's.company_id')
      .select(['s.id', 's.purpose', 's.granted_at', 's.revoked_at', 's.notice_version', 'c.name as company_name'])
      .where('s.candidate_id', '=', personId)
      .orderBy('s.granted_at', 'desc')
      .limit(PRIVACY_LIMITS.disclosures)
      .execute(),
    // Issue 36 §3: opt-ins to WhatsApp messages, each a consent of its own.
    db
      .selectFrom('whatsapp_consents')
      .select(['id', 'phone', 'granted_at', 'revoked_at', 'notice_version'])
      .where('candidate_id', '=', personId)
      .orderBy('granted_at', 'desc')
      .limit(PRIVACY_LIMITS.disclosures)
      .execute(),
  ]);

  const entries: ConsentEntry[] = [];
  if (profile?.notice_accepted_at) {
    entries.push({
      kind: 'registration',
      ref: personId,
      purpose: text.registrationPurpose,
      organisation: null,
      notice_version: profile.notice_version,
      given_at: iso(profile.notice_accepted_at),
      withdrawn_at: null,
      withdrawable: false,
    });
  }
  if (profile?.guardian_consent_at) {
    entries.push({
      kind: 'guardian',
      ref: personId,
      purpose: fill(text.guardianPurpose, { guardian: profile.guardian_name ?? '', relationship: profile.guardian_relationship ?? '' }),
      organisation: null,
      notice_version: null,
      given_at: iso(profile.guardian_consent_at),
      withdrawn_at: null,
      withdrawable: false,
    });
  }
  for (const application of applications) {
    entries.push({
      kind: 'application',
      ref: application.id,
      purpose: text.applicationPurpose.replace('{company}', application.company_name).replace('{job}', application.title),
      organisation: application.company_name,
      notice_version: application.notice_version,
      given_at: iso(application.created_at),
      withdrawn_at: application.status === 'withdrawn' ? iso(application.stage_changed_at) : null,
      withdrawable: !FINAL_STAGES.has(application.status),
    });
  }
  // A check withdrawn and given again keeps both rows: each is a consent of its own.
  const activeSubjects = new Set(checks.filter((check) => check.revoked_at === null).map((check) => check.subject));
  for (const check of checks) {
    entries.push({
      kind: 'check',
      ref: check.subject,
      purpose: check.purpose,
      organisation: null,
      notice_version: check.notice_version,
      given_at: iso(check.granted_at),
      withdrawn_at: isoOrNull(check.revoked_at),
      withdrawable: check.revoked_at === null && activeSubjects.has(check.subject),
    });
  }
  for (const share of shares) {
    entries.push({
      kind: 'share',
      ref: share.id,
      purpose: share.purpose,
      organisation: share.company_name,
      notice_version: share.notice_version,
      given_at: iso(share.granted_at),
      withdrawn_at: isoOrNull(share.revoked_at),
      withdrawable: share.revoked_at === null,
    });
  }
  for (const optIn of whatsapp) {
    entries.push({
      kind: 'whatsapp',
      ref: optIn.id,
      purpose: whatsappConsentPurpose(optIn.phone),
      organisation: null,
      notice_version: optIn.notice_version,
      given_at: iso(optIn.granted_at),
      withdrawn_at: isoOrNull(optIn.revoked_at),
      withdrawable: optIn.revoked_at === null,
    });
  }
  return entries.sort((a, b) => b.given_at.localeCompare(a.given_at));
}

/**
 * Every organisation that received or opened the person's data, newest first: applications,
 * record shares and the views of them, document downloads, and checks a company asked for.
 */
async function disclosuresOf(db: Kysely<DB>, personId: string): Promise<Disclosure[]> {
  const result = await sql<{ kind: Disclosure['kind']; organisation: string | null; detail: string | null; at: Date }>`
    SELECT * FROM (
      SELECT 'application' AS kind, c.name AS organisation, j.title AS detail, a.created_at AS at
        FROM job_applications a JOIN job_postings j ON j.id = a.job_id JOIN companies c ON c.id = a.company_id
        WHERE a.candidate_id = ${personId}
      UNION ALL
      SELECT 'share', c.name, NULL, s.granted_at
        FROM record_shares s JOIN companies c ON c.id = s.company_id
        WHERE s.candidate_id = ${personId}
      UNION ALL
      SELECT 'record_view', c.name, NULL, v.viewed_at
        FROM record_views v JOIN record_shares s ON s.id = v.share_id JOIN companies c ON c.id = s.company_id
        WHERE s.candidate_id = ${personId}
      UNION ALL
      SELECT 'document_download', c.name, d.document_type, d.downloaded_at
        FROM document_downloads d LEFT JOIN companies c ON c.id = d.company_id
        WHERE d.candidate_id = ${personId}
      UNION ALL
      SELECT 'check_request', c.name, r.subject, r.created_at
        FROM check_requests r JOIN companies c ON c.id = r.company_id
        WHERE r.candidate_id = ${personId}
    ) AS disclosures
    ORDER BY at DESC
    LIMIT ${PRIVACY_LIMITS.disclosures}
  `.execute(db);
  return result.rows.map((row) => ({ kind: row.kind, organisation: row.organisation, detail: row.detail, at: iso(row.at) }));
}

async function requestsOf(db: Kysely<DB>, personId: string): Promise<PrivacyRequest[]> {
  const rows = await db
    .selectFrom('privacy_requests')
    .select(REQUEST_COLUMNS)
    .where('person_id', '=', personId)
    .orderBy('created_at', 'desc')
    .limit(PRIVACY_LIMITS.requests)
    .execute();
  return rows.map(toPrivacyRequest);
}

export async function nomineeOf(db: Kysely<DB>, personId: string): Promise<Nominee | null> {
  const row = await db.selectFrom('privacy_nominees').select(['full_name', 'relationship', 'email', 'phone', 'updated_at']).where('person_id', '=', personId).executeTakeFirst();
  return row ? { ...row, updated_at: iso(row.updated_at) } : null;
}
