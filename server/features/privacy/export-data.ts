import type { Kysely } from 'kysely';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/schemas/privacy.ts';
import type { DB } from '../../db/schema.ts';

/** A stored file that goes into the export under `name`. */
export interface ExportFile {
  name: string;
  key: string;
}

/** Everything WorkCred holds about one person, as JSON, and the files they uploaded or were issued. */
export interface PersonExport {
  data: Record<string, unknown>;
  files: ExportFile[];
}

/** A file name safe inside a zip: letters, digits, dot, dash and underscore. */
const safeName = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 80) || 'file';

/**
 * Reads the person's data, their own rows only: account and profile, documents, applications with
 * their history, interviews, checks and consents, record shares and who viewed them, employments,
 * letters, documents brought from DigiLocker, who downloaded their documents, checks companies asked for, support messages,
 * notifications, privacy requests and nominee. Employers' internal notes about them (scorecards,
 * notes on stage changes other than a rejection's reason) are the employer's records, not included.
 */
export async function collectPersonData(db: Kysely<DB>, personId: string, now: Date): Promise<PersonExport> {
  const [account, profile, documents, applications, checks, consents, shares, employments, letters, downloads, checkRequests, support, notifications, requests, nominee, epfoLookups, issued] =
    await Promise.all([
      db.selectFrom('user_profiles').select(['id', 'email', 'full_name', 'phone', 'mobile_verified', 'role', 'created_at']).where('id', '=', personId).executeTakeFirst(),
      db
        .selectFrom('candidate_profiles')
        .select([
          'candidate_code',
          'uan',
          'education',
          'current_employer',
          'notice_period_days',
          'experience_years',
          'skills',
          'projects',
          'location',
          'current_pay_lakh',
          'expected_pay_lakh',
          'registration_completed_at',
          'adult_declared_at',
          'notice_version',
          'notice_accepted_at',
          'guardian_consent_at',
          'guardian_name',
          'guardian_relationship',
          'created_at',
        ])
        .where('user_id', '=', personId)
        .executeTakeFirst(),
      db.selectFrom('candidate_documents').select(['id', 'document_type', 'original_name', 'size_bytes', 'file_path', 'created_at', 'employment_claim']).where('candidate_id', '=', personId).orderBy('created_at').execute(),
      db
        .selectFrom('job_applications as a')
        .innerJoin('job_postings as j', 'j.id', 'a.job_id')
        .innerJoin('companies as c', 'c.id', 'a.company_id')
        .select(['a.id', 'j.title as job_title', 'c.name as company', 'a.status as stage', 'a.source', 'a.notice_version', 'a.created_at as applied_at', 'a.stage_changed_at'])
        .where('a.candidate_id', '=', personId)
        .orderBy('a.created_at')
        .execute(),
      db.selectFrom('verification_checks').select(['subject', 'status', 'reason', 'decided_by', 'decided_at', 'verified_fields', 'created_at', 'updated_at']).where('candidate_id', '=', personId).execute(),
      db.selectFrom('verification_consents').select(['subject', 'purpose', 'notice_version', 'granted_at', 'revoked_at']).where('candidate_id', '=', personId).orderBy('granted_at').execute(),
      db
        .selectFrom('record_shares as s')
        .innerJoin('companies as c', 'c.id', 's.company_id')
        .select(['s.id', 'c.name as company', 's.purpose', 's.notice_version', 's.granted_at', 's.revoked_at'])
        .where('s.candidate_id', '=', personId)
        .orderBy('s.granted_at')
        .execute(),
      db
        .selectFrom('employments as e')
        .innerJoin('companies as c', 'c.id', 'e.company_id')
        .select(['c.name as company', 'e.title', 'e.joining_date', 'e.last_working_day', 'e.relieving_reason', 'e.status'])
        .where('e.employee_id', '=', personId)
        .orderBy('e.joining_date')
        .execute(),
      db
        .selectFrom('letters')
        .select(['id', 'kind', 'code', 'company_name', 'title', 'joining_date', 'last_working_day', 'annual_ctc_paise', 'issued_at', 'revoked_at', 'storage_key'])
        .where('recipient_id', '=', personId)
        .orderBy('issued_at')
        .execute(),
      db
        .selectFrom('document_downloads as d')
        .leftJoin('companies as c', 'c.id', 'd.company_id')
        .select(['d.document_type', 'c.name as company', 'd.downloaded_at'])
        .where('d.candidate_id', '=', personId)
        .orderBy('d.downloaded_at')
        .execute(),
      db
        .selectFrom('check_requests as r')
        .innerJoin('companies as c', 'c.id', 'r.company_id')
        .select(['c.name as company', 'r.subject', 'r.created_at'])
        .where('r.candidate_id', '=', personId)
        .orderBy('r.created_at')
        .execute(),
      db
        .selectFrom('chat_messages as m')
        .innerJoin('support_chats as s', 's.id', 'm.chat_id')
        .select(['m.message', 'm.created_at', 'm.sender_id'])
        .where('s.user_id', '=', personId)
        .orderBy('m.created_at')
        .execute(),
      db.selectFrom('notifications').select(['title', 'message', 'created_at', 'read_at']).where('recipient_id', '=', personId).orderBy('created_at').execute(),
      db.selectFrom('privacy_requests').select(['reference', 'kind', 'status', 'topic', 'details', 'response', 'due_at', 'created_at', 'closed_at']).where('person_id', '=', personId).orderBy('created_at').execute(),
      db.selectFrom('privacy_nominees').select(['full_name', 'relationship', 'email', 'phone', 'updated_at']).where('person_id', '=', personId).executeTakeFirst(),
      db.selectFrom('epfo_lookups').select(['provider', 'state', 'reference', 'requested_at', 'decided_at', 'result']).where('candidate_id', '=', personId).orderBy('requested_at').execute(),
      db
        .selectFrom('issued_documents')
        .select(['issuer', 'doctype', 'name', 'issued_on', 'fetched_at', 'course', 'institution', 'passing_year', 'name_match', 'file_path'])
        .where('candidate_id', '=', personId)
        .orderBy('fetched_at')
        .orderBy('id')
        .execute(),
    ]);

  const applicationIds = applications.map((application) => application.id);
  const [history, interviews, views, whatsappConsents] = await Promise.all([
    applicationIds.length === 0
      ? []
      : db
          .selectFrom('application_stage_events')
          .select(['application_id', 'from_stage', 'to_stage', 'created_at', 'note'])
          .where('application_id', 'in', applicationIds)
          .orderBy('created_at')
          .execute(),
    applicationIds.length === 0
      ? []
      : db
          .selectFrom('interviews')
          .select(['application_id', 'scheduled_at', 'duration_minutes', 'mode', 'location', 'status'])
          .where('application_id', 'in', applicationIds)
          .orderBy('scheduled_at')
          .execute(),
    shares.length === 0
      ? []
      : db
          .selectFrom('record_views')
          .select(['share_id', 'viewed_at'])
          .where(
            'share_id',
            'in',
            shares.map((share) => share.id),
          )
          .orderBy('viewed_at')
          .execute(),
    // Issue 36 §3: WhatsApp opt-ins, with the number each was given for.
    db.selectFrom('whatsapp_consents').select(['phone', 'notice_version', 'granted_at', 'revoked_at']).where('candidate_id', '=', personId).orderBy('granted_at').execute(),
  ]);

  const files: ExportFile[] = [
    ...documents.map((document) => ({ name: `documents/${document.document_type}${document.original_name ? `-${safeName(document.original_name)}` : '.pdf'}`, key: document.file_path })),
    ...letters.map((letter) => ({ name: `letters/${letter.kind}-${safeName(letter.company_name)}-${letter.code}.pdf`, key: letter.storage_key })),
    ...issued.map((document) => ({ name: `digilocker/${safeName(document.name)}.pdf`, key: document.file_path })),
  ];
  // Two files of one name (two resumes called resume.pdf) keep both.
  const seen = new Map<string, number>();
  for (const file of files) {
    const count = (seen.get(file.name) ?? 0) + 1;
    seen.set(file.name, count);
    if (count > 1) file.name = file.name.replace(/(\.[A-Za-z0-9]+)?$/, (ext) => `-${count}${ext}`);
  }

  return {
    data: {
      exported_at: now.toISOString(),
      privacy_notice_version: PRIVACY_NOTICE_VERSION,
      account,
      candidate_profile: profile ?? null,
      // size_bytes is a bigint, which the driver reads as text: the export states it as a number.
      documents: documents.map(({ file_path: _path, ...document }, index) => ({ ...document, size_bytes: Number(document.size_bytes), file: files[index]?.name })),
      applications: applications.map((application) => ({
        ...application,
        // Only the reason the candidate was shown (a rejection's note); other notes stay with the employer.
        history: history
          .filter((event) => event.application_id === application.id)
          .map((event) => ({ from: event.from_stage, to: event.to_stage, at: event.created_at, reason: event.to_stage === 'rejected' ? event.note : null })),
        interviews: interviews.filter((interview) => interview.application_id === application.id).map(({ application_id: _id, ...interview }) => interview),
      })),
      verification_checks: checks,
      verification_consents: consents,
      whatsapp_consents: whatsappConsents,
      // What each EPFO lookup concluded (issue 34): the provider, when, and the derived facts.
      epfo_lookups: epfoLookups,
      record_shares: shares.map((share) => ({ ...share, views: views.filter((view) => view.share_id === share.id).map((view) => view.viewed_at) })),
      employments,
      letters: letters.map(({ storage_key: _key, ...letter }, index) => ({ ...letter, file: files[documents.length + index]?.name })),
      // Documents brought from DigiLocker (issue 34): what DigiLocker said of each, the facts read from its certificate, and its PDF.
      digilocker_documents: issued.map(({ file_path: _path, name_match: match, ...document }, index) => ({
        ...document,
        verified_by_issuer: match === 'strong' || match === 'weak',
        file: files[documents.length + letters.length + index]?.name,
      })),
      document_downloads: downloads.map((download) => ({ ...download, company: download.company ?? 'WorkCred verification team' })),
      check_requests: checkRequests,
      support_messages: support.map((message) => ({ from: message.sender_id === personId ? 'you' : 'WorkCred support', message: message.message, at: message.created_at })),
      notifications,
      privacy_requests: requests,
      nominee: nominee ?? null,
    },
    files,
  };
}
