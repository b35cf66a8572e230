import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { formatIstDate } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { ERASURE_GRACE_DAYS, type PrivacyRequest } from '../../../shared/schemas/privacy.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { generateCandidateCode } from '../candidate-registration/candidate-code.ts';
import { REQUEST_COLUMNS, toPrivacyRequest } from './request-row.ts';
import { nextReference } from './requests.ts';

const text = messages.privacy;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What an erased person's name becomes wherever a row must stay (applications, employments, letters). */
export const ERASED_NAME = 'Erased person';

async function openErasure(db: Kysely<DB> | Transaction<DB>, personId: string) {
  return db.selectFrom('privacy_requests').select(REQUEST_COLUMNS).where('person_id', '=', personId).where('kind', '=', 'erasure').where('status', '=', 'open').executeTakeFirst();
}

/**
 * Asks for erasure: scheduled 30 days out (signing in, or Cancel, stops it), confirmed by email
 * with the date and what is kept by law. Asking again while one is scheduled answers 409.
 */
export async function requestErasure(db: Kysely<DB>, personId: string, ctx: { publicUrl: string; ip: string | null; now: Date }): Promise<PrivacyRequest> {
  return db.transaction().execute(async (trx) => {
    const person = await trx.selectFrom('user_profiles').select(['email', 'full_name']).where('id', '=', personId).forUpdate().executeTakeFirstOrThrow();
    if (await openErasure(trx, personId)) throw conflict(text.erasureAlreadyScheduled, 'ERASURE_SCHEDULED');
    const runsAt = new Date(ctx.now.getTime() + ERASURE_GRACE_DAYS * DAY_MS);
    const row = await trx
      .insertInto('privacy_requests')
      .values({ reference: await nextReference(trx, 'erasure', ctx.now), kind: 'erasure', person_id: personId, topic: 'account', details: text.erasureDetails, due_at: runsAt, created_at: ctx.now, updated_at: ctx.now })
      .returning(REQUEST_COLUMNS)
      .executeTakeFirstOrThrow();
    await enqueueMessage(trx, {
      channel: 'email',
      to: person.email,
      subject: fill(text.erasureScheduledSubject, { reference: row.reference }),
      text: fill(text.erasureScheduledText, { name: person.full_name || person.email, reference: row.reference, date: formatIstDate(runsAt), url: `${ctx.publicUrl}/dashboard/privacy` }),
    });
    await writeAudit(trx, { actorId: personId, companyId: null, action: 'privacy_erasure_requested', entityType: 'privacy_request', entityId: row.id, details: { reference: row.reference }, ip: ctx.ip });
    return toPrivacyRequest(row);
  });
}

/**
 * The retention schedule's erasure: due at once (the person was warned 48 hours ago, or never
 * finished registering). Nothing is added when one is already scheduled.
 */
export async function scheduleErasureNow(db: Kysely<DB>, personId: string, details: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('user_profiles').select('id').where('id', '=', personId).forUpdate().executeTakeFirstOrThrow();
    if (await openErasure(trx, personId)) return false;
    const row = await trx
      .insertInto('privacy_requests')
      .values({ reference: await nextReference(trx, 'erasure', now), kind: 'erasure', person_id: personId, topic: 'retention', details, due_at: now, created_at: now, updated_at: now })
      .returning(['id', 'reference'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: null, companyId: null, action: 'privacy_retention_erasure_scheduled', entityType: 'privacy_request', entityId: row.id, details: { reference: row.reference }, ip: null });
    return true;
  });
}

/** Cancels the person's scheduled erasure (Cancel in the Privacy section, or signing in). Returns whether one was cancelled. */
export async function cancelErasure(db: Kysely<DB>, personId: string, ctx: { ip: string | null; now: Date; bySignIn: boolean }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('privacy_requests')
      .set({ status: 'cancelled', closed_at: ctx.now, updated_at: ctx.now, response: ctx.bySignIn ? text.erasureCancelledBySignIn : text.erasureCancelledByPerson })
      .where('person_id', '=', personId)
      .where('kind', '=', 'erasure')
      .where('status', '=', 'open')
      .returning(['id', 'reference'])
      .executeTakeFirst();
    if (!cancelled) return false;
    const person = await trx.selectFrom('user_profiles').select(['email', 'full_name']).where('id', '=', personId).executeTakeFirstOrThrow();
    await enqueueMessage(trx, {
      channel: 'email',
      to: person.email,
      subject: fill(text.erasureCancelledSubject, { reference: cancelled.reference }),
      text: fill(text.erasureCancelledText, { name: person.full_name || person.email, reference: cancelled.reference, why: ctx.bySignIn ? text.erasureCancelledBySignIn : text.erasureCancelledByPerson }),
    });
    await writeAudit(trx, {
      actorId: personId,
      companyId: null,
      action: 'privacy_erasure_cancelled',
      entityType: 'privacy_request',
      entityId: cancelled.id,
      details: { reference: cancelled.reference, by_sign_in: ctx.bySignIn },
      ip: ctx.ip,
    });
    return true;
  });
}

/** The person's scheduled erasure, or 404: what Cancel acts on. */
export async function cancelErasureOrFail(db: Kysely<DB>, personId: string, ctx: { ip: string | null; now: Date }): Promise<void> {
  if (!(await cancelErasure(db, personId, { ...ctx, bySignIn: false }))) throw notFound(text.noErasureScheduled);
}

/**
 * Erases one person whose grace has passed, in one transaction (claimed with SKIP LOCKED, so two
 * instances never erase one person twice), then deletes their files from storage through delete
 * intents. What stays, anonymised: applications (employers' counts), employments and letters
 * (the employer's records, with the name replaced), invoices and the audit log (kept by law,
 * with personal details removed), and the request itself as the record of processing.
 */
export async function runDueErasures(deps: { db: Kysely<DB>; storage: FileStorage; now: () => Date }): Promise<number> {
  let erased = 0;
  for (;;) {
    const keys = await deps.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('privacy_requests')
        .select(['id', 'reference', 'person_id'])
        .where('kind', '=', 'erasure')
        .where('status', '=', 'open')
        .where('due_at', '<=', deps.now())
        .orderBy('due_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!due) return null;
      const files = due.person_id ? await erasePerson(trx, due.person_id, deps.now()) : [];
      await trx
        .updateTable('privacy_requests')
        .set({ status: 'completed', closed_at: deps.now(), updated_at: deps.now(), response: text.erasureCompletedResponse })
        .where('id', '=', due.id)
        .execute();
      await writeAudit(trx, { actorId: null, companyId: null, action: 'privacy_erasure_completed', entityType: 'privacy_request', entityId: due.id, details: { reference: due.reference, files: files.length }, ip: null });
      for (const key of files) await trx.insertInto('storage_intents').values({ object_key: key, action: 'delete' }).execute();
      return files;
    });
    if (keys === null) return erased;
    for (const key of keys) {
      await deps.storage.delete(key);
      await deps.db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'delete').execute();
    }
    erased += 1;
  }
}

/** Removes or anonymises everything of one person; returns the storage keys of their files. */
async function erasePerson(trx: Transaction<DB>, personId: string, now: Date): Promise<string[]> {
  const person = await trx
    .selectFrom('user_profiles as u')
    .leftJoin('candidate_profiles as c', 'c.user_id', 'u.id')
    .select(['u.email', 'u.full_name', 'u.phone', 'c.uan'])
    .where('u.id', '=', personId)
    .forUpdate('u')
    .executeTakeFirstOrThrow();
  const erasedEmail = `erased-${personId.toLowerCase().replace(/[^a-z0-9]/g, '')}@erased.invalid`;
  // Strings that identify the person, for scrubbing other people's records that mention them.
  const identifying = [person.email, person.full_name.trim().length >= 3 ? person.full_name.trim() : null, person.phone, person.uan].filter((value): value is string => Boolean(value));

  const documents = await trx.deleteFrom('candidate_documents').where('candidate_id', '=', personId).returning('file_path').execute();
  // Documents brought from DigiLocker (issue 34): the rows are not cascaded (the profile stays, anonymised), so they go here with their PDFs.
  const issued = await trx.deleteFrom('issued_documents').where('candidate_id', '=', personId).returning('file_path').execute();
  await trx.deleteFrom('digilocker_authorizations').where('candidate_id', '=', personId).execute();
  const exportsGone = await trx.deleteFrom('data_exports').where('person_id', '=', personId).where('storage_key', 'is not', null).returning('storage_key').execute();
  await trx.deleteFrom('data_exports').where('person_id', '=', personId).execute();
  const letters = await trx.selectFrom('letters').select(['id', 'storage_key']).where('recipient_id', '=', personId).execute();
  for (const letter of letters) {
    // The letter stays verifiable by its code (the employer's record), without the person or the PDF.
    await trx.updateTable('letters').set({ recipient_name: ERASED_NAME, storage_key: `erased/${letter.id}` }).where('id', '=', letter.id).execute();
  }

  await trx.deleteFrom('verification_checks').where('candidate_id', '=', personId).execute();
  await trx.deleteFrom('verification_consents').where('candidate_id', '=', personId).execute();
  await trx.deleteFrom('whatsapp_consents').where('candidate_id', '=', personId).execute();
  await trx.deleteFrom('record_shares').where('candidate_id', '=', personId).execute();
  await trx.deleteFrom('document_downloads').where('candidate_id', '=', personId).execute();
  await trx.deleteFrom('privacy_nominees').where('person_id', '=', personId).execute();
  await trx.deleteFrom('notifications').where('recipient_id', '=', personId).execute();
  await trx.deleteFrom('saved_candidate_searches').where('user_id', '=', personId).execute();
  const chats = trx.selectFrom('support_chats').select('id').where('user_id', '=', personId);
  await trx.deleteFrom('chat_messages').where('chat_id', 'in', chats).execute();
  await trx.deleteFrom('support_chats').where('user_id', '=', personId).execute();
  await trx.deleteFrom('uan_claims').where((eb) => eb.or([eb('claimant_id', '=', personId), ...(person.uan ? [eb('uan', '=', person.uan)] : [])])).execute();
  await trx.deleteFrom('phone_verification_codes').where('user_id', '=', personId).execute();
  await trx.deleteFrom('email_change_requests').where('user_id', '=', personId).execute();
  await trx.deleteFrom('reauth_codes').where('user_id', '=', personId).execute();
  await trx.deleteFrom('mfa_factors').where('user_id', '=', personId).execute();
  await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', personId).execute();
  await trx.deleteFrom('mfa_sms_sends').where('user_id', '=', personId).execute();
  await trx.deleteFrom('auth_sessions').where('userId', '=', personId).execute();
  await trx.deleteFrom('auth_accounts').where('userId', '=', personId).execute();
  await sql`DELETE FROM auth_verifications WHERE identifier LIKE ${`%${person.email}%`}`.execute(trx);
  await sql`DELETE FROM auth_failures WHERE key LIKE ${`%:${person.email}`}`.execute(trx);
  await trx.deleteFrom('contact_messages').where('email', '=', person.email).execute();
  await trx.deleteFrom('waitlist').where('email', '=', person.email).execute();

  // Their applications stay as anonymous counts; what employers wrote about them goes.
  const applications = trx.selectFrom('job_applications').select('id').where('candidate_id', '=', personId);
  await trx.updateTable('application_stage_events').set({ note: null }).where('application_id', 'in', applications).execute();
  // The companies' private notes on them and their tags there (issue 36 §2).
  await trx.deleteFrom('application_notes').where('application_id', 'in', applications).execute();
  await trx.deleteFrom('candidate_tags').where('candidate_id', '=', personId).execute();
  const interviews = trx.selectFrom('interviews').select('id').where('application_id', 'in', applications);
  await trx.deleteFrom('interview_scorecards').where('interview_id', 'in', interviews).execute();

  await trx
    .updateTable('candidate_profiles')
    .set({
      candidate_code: generateCandidateCode(),
      uan: null,
      education: null,
      current_employer: null,
      notice_period_days: null,
      experience_years: null,
      skills: [],
      projects: null,
      location: null,
      current_pay_lakh: null,
      expected_pay_lakh: null,
      guardian_consent_note: null,
      guardian_name: null,
      guardian_relationship: null,
      retention_warned_at: null,
      updated_at: now,
    })
    .where('user_id', '=', personId)
    .execute();
  await trx
    .updateTable('user_profiles')
    .set({ email: erasedEmail, full_name: ERASED_NAME, phone: null, mobile_verified: false, industry: null, position: null, suspended_at: now, updated_at: now })
    .where('id', '=', personId)
    .execute();
  await trx.updateTable('auth_users').set({ email: erasedEmail, name: ERASED_NAME, image: null, emailVerified: false, updatedAt: now }).where('id', '=', personId).execute();
  // Their own words in their requests go; the references, dates and outcomes stay as the record of processing.
  await trx.updateTable('privacy_requests').set({ details: text.erasedDetails, response: null }).where('person_id', '=', personId).where('kind', '!=', 'erasure').execute();

  // Other people's records that mention them: messages queued or sent to them, notifications to
  // employers, the audit log's details, replayable API answers.
  for (const value of identifying) {
    const pattern = `%${value.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    await trx.deleteFrom('outbox_messages').where((eb) => eb.or([eb('recipient', '=', value), eb('body_text', 'like', pattern)])).execute();
    await sql`UPDATE notifications SET title = replace(title, ${value}, ${ERASED_NAME}), message = replace(message, ${value}, ${ERASED_NAME}) WHERE title LIKE ${pattern} OR message LIKE ${pattern}`.execute(trx);
    await sql`UPDATE interview_scorecards SET notes = replace(notes, ${value}, ${ERASED_NAME}) WHERE notes LIKE ${pattern}`.execute(trx);
    await sql`UPDATE application_stage_events SET note = replace(note, ${value}, ${ERASED_NAME}) WHERE note LIKE ${pattern}`.execute(trx);
    await sql`UPDATE admin_audit_logs SET details = jsonb_build_object('erased', true) WHERE details::text LIKE ${pattern}`.execute(trx);
    await sql`DELETE FROM api_idempotency_keys WHERE response LIKE ${pattern}`.execute(trx);
  }
  return [...documents.map((row) => row.file_path), ...issued.map((row) => row.file_path), ...exportsGone.map((row) => row.storage_key as string), ...letters.map((letter) => letter.storage_key)];
}
