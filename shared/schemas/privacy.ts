import { z } from 'zod';
import { privacyMessages as text } from '../messages/privacy.ts';

/**
 * Data rights under the DPDP Act 2023 (issue 18).
 *
 *   GET    /api/privacy                           the candidate → PrivacyOverview
 *   POST   /api/privacy/grievances                the candidate, {topic, details} → PrivacyRequest (201)
 *   PUT    /api/privacy/nominee                   the candidate, {full_name, relationship, email, phone} → Nominee
 *   DELETE /api/privacy/nominee                   the candidate → 204
 *   POST   /api/privacy/exports                   the candidate → DataExport (202; built in the background, emailed when ready)
 *   GET    /api/privacy/exports/:exportId/download the candidate, their own ready export → application/zip
 *   POST   /api/privacy/corrections               the candidate, {subject, ref, details} → PrivacyRequest (201; to the employer or the verification team)
 *   GET    /api/company/privacy/corrections       owners and admins (employees.manage) → AdminPrivacyRequest[] (the company's open ones)
 *   PATCH  /api/company/privacy/corrections/:requestId  owners and admins, {status, response} → AdminPrivacyRequest
 *   POST   /api/privacy/erasure                   the candidate → PrivacyRequest (201; runs after 30 days)
 *   DELETE /api/privacy/erasure                   the candidate → 204 (cancels it; signing in does too)
 *   GET    /api/admin/privacy/requests?status=    platform admins → AdminPrivacyRequest[]
 *   GET    /api/admin/privacy/retention-runs      platform admins → RetentionRun[] (newest first)
 *   GET    /api/admin/privacy/breaches            platform admins → Breach[] (the register, newest first)
 *   POST   /api/admin/privacy/breaches            platform admins, {title, description, discovered_at, affected_emails} → Breach (201)
 *   POST   /api/admin/privacy/breaches/:breachId/notify    platform admins, {notice} → Breach (each affected person emailed once)
 *   POST   /api/admin/privacy/breaches/:breachId/reported  platform admins → Breach (reported to the Board now)
 *   GET    /api/admin/privacy/guardian-consents   platform admins → GuardianConsent[] (newest first)
 *   POST   /api/admin/privacy/guardian-consents   platform admins, {email, guardian_name, relationship, evidence} → GuardianConsent (201; the child is emailed)
 *   PATCH  /api/admin/privacy/requests/:requestId platform admins, {status, response} → AdminPrivacyRequest
 *
 * Withdrawing a consent uses the route that gave it: DELETE /api/verification/checks/:subject/consent,
 * DELETE /api/record-shares/:shareId, POST /api/pipeline/applications/:applicationId/withdraw.
 */

export { PRIVACY_NOTICE_VERSION } from '../privacy-notice.ts';
/** Grievances are answered within 90 days (DPDP Rules 2025); the officer is warned at 60. */
export const GRIEVANCE_DUE_DAYS = 90;
export const GRIEVANCE_WARNING_DAYS = 60;
export const PRIVACY_LIMITS = { details: 5000, response: 5000, disclosures: 200, requests: 200, requestsPerDay: 5, exportsPerDay: 3 } as const;
/** Erasure runs 30 days after it is asked for; signing in, or Cancel, stops it. */
export const ERASURE_GRACE_DAYS = 30;
/** The retention schedule's notice before an inactive account is erased. */
export const RETENTION_WARNING_HOURS = 48;
/** An export is offered for 7 days, then deleted. */
export const EXPORT_DAYS = 7;

export const privacyRequestKinds = ['grievance', 'correction', 'erasure'] as const;
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];
export const privacyRequestStatuses = ['open', 'in_progress', 'resolved', 'rejected', 'cancelled', 'completed'] as const;
export type PrivacyRequestStatus = (typeof privacyRequestStatuses)[number];
export const OPEN_REQUEST_STATUSES = ['open', 'in_progress'] as const satisfies readonly PrivacyRequestStatus[];

export const grievanceTopics = ['consent', 'access', 'correction', 'erasure', 'sharing', 'security', 'other'] as const;
export type GrievanceTopic = (typeof grievanceTopics)[number];

const detailsSchema = (required: string, tooLong: string) => z.string(required).trim().min(1, required).max(PRIVACY_LIMITS.details, tooLong);
/** A required line of text (a name, a relationship), trimmed, at most `max` characters. */
const lineSchema = (required: string, max: number, tooLong: string) => z.string(required).trim().min(1, required).max(max, tooLong);
/** An email address, trimmed and lower-cased, with one message for every way it can be wrong. */
const emailSchema = (invalid: string) =>
  z
    .string(invalid)
    .trim()
    .max(254, invalid)
    .pipe(z.email(invalid))
    .transform((email) => email.toLowerCase());

export const grievanceBodySchema = z.strictObject({
  topic: z.enum(grievanceTopics, text.topicInvalid),
  details: detailsSchema(text.detailsRequired, text.detailsTooLong),
});
export type GrievanceBody = z.output<typeof grievanceBodySchema>;

/** What a correction is about: a record an employer confirmed, a verified check, or anything else. */
export const correctionSubjects = ['employment', 'check', 'other'] as const;
/** Corrections are answered within 30 days (the privacy notice's promise). */
export const CORRECTION_DUE_DAYS = 30;
export const correctionBodySchema = z.strictObject({
  subject: z.enum(correctionSubjects, text.correctionSubjectInvalid),
  /** The employment's id, or the check's subject; none for 'other'. */
  ref: z.string().trim().max(100).nullable().default(null),
  details: detailsSchema(text.correctionDetailsRequired, text.detailsTooLong),
});
export type CorrectionBody = z.output<typeof correctionBodySchema>;
export const correctionTargetSchema = z.object({ subject: z.enum(['employment', 'check']), ref: z.string(), label: z.string() });
export type CorrectionTarget = z.infer<typeof correctionTargetSchema>;

export const nomineeBodySchema = z.strictObject({
  full_name: lineSchema(text.nomineeNameRequired, 100, text.nomineeNameTooLong),
  relationship: lineSchema(text.nomineeRelationshipRequired, 60, text.nomineeRelationshipTooLong),
  email: emailSchema(text.nomineeEmailInvalid),
  /** Optional; the server normalises it to E.164 (Indian numbers without +91 are accepted). */
  phone: z
    .string(text.nomineePhoneInvalid)
    .trim()
    .max(20, text.nomineePhoneInvalid)
    .transform((phone) => (phone === '' ? null : phone))
    .nullable()
    .default(null),
});
export type NomineeBody = z.output<typeof nomineeBodySchema>;

export const nomineeSchema = z.object({
  full_name: z.string(),
  relationship: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  updated_at: z.string(),
});
export type Nominee = z.infer<typeof nomineeSchema>;

export const consentKinds = ['registration', 'application', 'check', 'share', 'guardian', 'whatsapp'] as const;
export type ConsentKind = (typeof consentKinds)[number];

export const consentEntrySchema = z.object({
  kind: z.enum(consentKinds),
  /** What to withdraw: the application's id, the check's subject, the share's id; the account for registration. */
  ref: z.string(),
  purpose: z.string(),
  /** The organisation the consent was given for; null: WorkCred itself. */
  organisation: z.string().nullable(),
  notice_version: z.string().nullable(),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
  /** Can be withdrawn here now (an application at a final stage cannot). */
  withdrawable: z.boolean(),
});
export type ConsentEntry = z.infer<typeof consentEntrySchema>;

export const disclosureKinds = ['application', 'share', 'record_view', 'document_download', 'check_request'] as const;
export type DisclosureKind = (typeof disclosureKinds)[number];
export const disclosureSchema = z.object({
  kind: z.enum(disclosureKinds),
  /** The company; null: WorkCred's verification team. */
  organisation: z.string().nullable(),
  /** The job title, the document type or the check, by kind. */
  detail: z.string().nullable(),
  at: z.string(),
});
export type Disclosure = z.infer<typeof disclosureSchema>;

export const holdingKeys = ['account', 'uan', 'profile', 'documents', 'checks', 'applications', 'interviews', 'employments', 'letters', 'supportMessages'] as const;
export type HoldingKey = (typeof holdingKeys)[number];
/** Per category: how many items (1 or 0 for single facts). */
export const holdingsSchema = z.record(z.enum(holdingKeys), z.number().int());

export const privacyRequestSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.enum(privacyRequestKinds),
  status: z.enum(privacyRequestStatuses),
  topic: z.string(),
  details: z.string(),
  response: z.string().nullable(),
  due_at: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed', 'expired']),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const exportIdParamsSchema = z.strictObject({ exportId: z.uuid(text.exportNotFound) });

export const privacyOverviewSchema = z.object({
  notice_version: z.string(),
  grievance_officer: z.object({ name: z.string(), email: z.string() }),
  holdings: holdingsSchema,
  consents: z.array(consentEntrySchema),
  disclosures: z.array(disclosureSchema),
  requests: z.array(privacyRequestSchema),
  nominee: nomineeSchema.nullable(),
  /** The newest exports (a few). */
  exports: z.array(dataExportSchema),
  /** What others confirmed that a correction can be asked for: employment records, verified checks. */
  correction_targets: z.array(correctionTargetSchema),
});
export type PrivacyOverview = z.infer<typeof privacyOverviewSchema>;

export const retentionRunSchema = z.object({
  run_date: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  warned: z.number().int(),
  inactive_scheduled: z.number().int(),
  unsubmitted_scheduled: z.number().int(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;
export const retentionRunListSchema = z.array(retentionRunSchema);

/** The Data Protection Board is told of a breach within 72 hours of its discovery. */
export const BREACH_REPORT_HOURS = 72;
export const BREACH_MAX_AFFECTED = 10_000;

export const breachBodySchema = z.strictObject({
  title: z.string(text.breachTitleRequired).trim().min(1, text.breachTitleRequired).max(200, text.breachTitleTooLong),
  description: detailsSchema(text.breachDescriptionRequired, text.detailsTooLong),
  discovered_at: z.iso.datetime({ offset: true, message: text.breachDiscoveredInvalid }),
  /** The affected people's email addresses, one per line or separated by commas. */
  affected_emails: z
    .string(text.breachAffectedRequired)
    .transform((value) => [...new Set(value.split(/[\s,;]+/).map((email) => email.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(z.email(text.breachAffectedInvalid)).min(1, text.breachAffectedRequired).max(BREACH_MAX_AFFECTED, text.breachTooManyAffected)),
});
export type BreachBody = z.output<typeof breachBodySchema>;
export const breachNoticeBodySchema = z.strictObject({ notice: detailsSchema(text.breachNoticeRequired, text.detailsTooLong) });
export const breachIdParamsSchema = z.strictObject({ breachId: z.uuid(text.breachNotFound) });

export const breachSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  discovered_at: z.string(),
  /** discovered_at + 72 hours. */
  report_due_at: z.string(),
  reported_at: z.string().nullable(),
  notice: z.string().nullable(),
  notified_at: z.string().nullable(),
  affected: z.number().int(),
  created_at: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;
export const breachListSchema = z.array(breachSchema);

/** A parent's or guardian's verifiable consent for a person under 18, recorded by an admin. */
export const guardianConsentBodySchema = z.strictObject({
  /** The child's account. */
  email: emailSchema(text.guardianEmailInvalid),
  guardian_name: lineSchema(text.guardianNameRequired, 100, text.guardianNameTooLong),
  relationship: lineSchema(text.guardianRelationshipRequired, 60, text.guardianRelationshipTooLong),
  /** How the parent's identity and the consent were checked (kept as the note). */
  evidence: lineSchema(text.guardianEvidenceRequired, 500, text.guardianEvidenceTooLong),
});
export type GuardianConsentBody = z.output<typeof guardianConsentBodySchema>;
export const guardianConsentSchema = z.object({
  person: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  guardian_name: z.string(),
  relationship: z.string(),
  evidence: z.string(),
  recorded_at: z.string(),
  /** The name of the admin who recorded it; null once their account is gone. */
  recorded_by: z.string().nullable(),
});
export type GuardianConsent = z.infer<typeof guardianConsentSchema>;
export const guardianConsentListSchema = z.array(guardianConsentSchema);

export const adminRequestFilters = ['open', 'closed', 'all'] as const;
export const adminRequestsQuerySchema = z.strictObject({ status: z.enum(adminRequestFilters).default('open') });
export const requestIdParamsSchema = z.strictObject({ requestId: z.uuid(text.requestNotFound) });

export const adminPrivacyRequestSchema = privacyRequestSchema.extend({
  person: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  handled_by: z.string().nullable(),
});
export type AdminPrivacyRequest = z.infer<typeof adminPrivacyRequestSchema>;
export const adminPrivacyRequestListSchema = z.array(adminPrivacyRequestSchema);

/** What an admin may set: work in progress, or close it with an answer the person is emailed. */
export const answerStatuses = ['in_progress', 'resolved', 'rejected'] as const;
export const answerRequestBodySchema = z.strictObject({
  status: z.enum(answerStatuses, text.statusInvalid),
  response: z.string(text.responseRequired).trim().min(1, text.responseRequired).max(PRIVACY_LIMITS.response, text.responseTooLong),
});
export type AnswerRequestBody = z.output<typeof answerRequestBodySchema>;

/** The personal step's declaration (the candidate's registration): both ticked, once. */
export const declarationSchema = z.object({
  adult_confirmed: z.boolean().optional(),
  notice_accepted: z.boolean().optional(),
});
