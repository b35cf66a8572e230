import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { CompanyRole } from '../../shared/permissions.ts';
import type { SelfServePlanId } from '../../shared/plans.ts';

/** Kysely's view of the tables created by server/db/migrations. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type Role = 'admin' | 'employer' | 'candidate';

export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Generated<boolean>;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The plan chosen on the pricing section before signing up, until the company exists (0029). */
  chosenPlan: Generated<SelfServePlanId | null>;
  /** The company named at employer signup (0001), offered again by Complete Your Profile. */
  companyName: Generated<string | null>;
}

export interface AuthSessionsTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  aal: Generated<'aal1' | 'aal2'>;
}

export interface AuthAccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  created_at: Timestamp;
  // Settings → Company and Candidate emails (migration 0017).
  industry: string | null;
  company_size: string | null;
  website: string | null;
  description: string | null;
  slug: string;
  brand_color: string | null;
  logo_key: string | null;
  logo_updated_at: NullableTimestamp;
  stage_emails_off: Generated<string[]>;
  reply_to_email: string | null;
  updated_at: Generated<Date>;
}

export interface UserProfilesTable {
  id: string;
  role: Generated<Role>;
  company_id: string | null;
  /** What the person may do in their company (issue 13); set exactly when company_id is. */
  company_role: CompanyRole | null;
  full_name: Generated<string>;
  email: string;
  phone: string | null;
  mobile_verified: Generated<boolean>;
  industry: string | null;
  position: string | null;
  suspended_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JobPostingsTable {
  id: Generated<string>;
  company_id: string;
  created_by: string | null;
  title: string;
  description: string;
  location: string | null;
  salary: string | null;
  expires_at: NullableTimestamp;
  requirements: string | null;
  benefits: string | null;
  status: Generated<'published'>;
  is_deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** lower(title || '\n' || description), kept by the database (migration 0045): what the board's keywords match. */
  search_text: GeneratedAlways<string>;
}

/** The stages of an application (migration 0010); rejected and withdrawn end it from any open stage. */
export type ApplicationStage = 'received' | 'screening' | 'shortlisted' | 'interview' | 'offered' | 'hired' | 'rejected' | 'withdrawn';
export type ApplicationSource = 'direct' | 'link' | 'qr' | 'drive';

export interface JobApplicationsTable {
  id: Generated<string>;
  job_id: string;
  /** The job's company, set by the database from job_id (migration 0027). */
  company_id: Generated<string>;
  candidate_id: string;
  /** The stage. */
  status: Generated<ApplicationStage>;
  stage_changed_at: Timestamp;
  source: Generated<ApplicationSource>;
  source_drive_id: string | null;
  created_at: Timestamp;
  /** Analytics (migration 0036, kept by triggers): the furthest stage's rank, first offer and hire times. */
  furthest_stage: Generated<number>;
  offered_at: NullableTimestamp;
  hired_at: NullableTimestamp;
  /** The privacy notice in force when the candidate applied (migration 0040). */
  notice_version: Generated<string | null>;
}

export interface InterviewsTable {
  id: Generated<string>;
  application_id: string;
  /** UTC; shown and entered in Asia/Kolkata. */
  scheduled_at: NullableTimestamp;
  company_id: string | null;
  duration_minutes: Generated<number>;
  mode: Generated<'video' | 'phone' | 'in_person'>;
  location: string | null;
  status: Generated<'scheduled' | 'cancelled' | 'completed'>;
  sequence: Generated<number>;
  created_by: string | null;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminAuditLogsTable {
  id: Generated<string>;
  admin_id: string | null;
  company_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip_address: string | null;
  created_at: Timestamp;
}

export interface CompanyVerificationsTable {
  id: Generated<string>;
  company_name: string;
  domain: string;
  verification_status: Generated<'pending' | 'verified' | 'rejected'>;
  created_at: Timestamp;
}

export interface WaitlistTable {
  id: Generated<string>;
  email: string;
  created_at: Timestamp;
}

export interface EmployerOnboardingTable {
  id: Generated<string>;
  user_id: string | null;
  company_name: string;
  industry: string;
  company_size: string;
  company_website: string | null;
  full_name: string;
  work_email: string;
  phone_number: string;
  created_at: Timestamp;
}

export interface CandidateDocumentsTable {
  id: Generated<string>;
  candidate_id: string;
  document_type: 'resume' | 'bank_statement' | 'experience_letter' | 'salary_slip';
  file_path: string;
  size_bytes: ColumnType<string, number | undefined, number>;
  original_name: string | null;
  created_at: Timestamp;
}

export interface SupportChatsTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<'open' | 'closed'>;
  chat_type: Generated<'candidate_support'>;
  last_message_at: Timestamp;
  created_at: Timestamp;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  chat_id: string;
  sender_id: string | null;
  message: string;
  client_message_id: string | null;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  recipient_id: string;
  type: 'toast' | 'banner';
  title: string;
  message: string;
  read_at: NullableTimestamp;
  /** A toast's first showing (migration 0009); banners use read_at alone. */
  delivered_at: NullableTimestamp;
  batch_id: string | null;
  created_at: Timestamp;
}

export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** [{ filename, contentType, content }] with text content (an .ics invite); migration 0010. */
  attachments: ColumnType<MessageAttachment[] | null, string | null | undefined, string | null>;
  /** Lets a pending (scheduled) message be withdrawn, e.g. an interview's reminder. */
  dedupe_key: string | null;
  /** Reply-To of an email (a company's candidate emails, migration 0017). */
  reply_to: string | null;
}

export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** base64 for binary content (a letter's PDF); none: text. */
  encoding?: 'base64';
}

export interface MfaFactorsTable {
  id: Generated<string>;
  user_id: string;
  factor_type: 'totp' | 'phone';
  friendly_name: string | null;
  status: Generated<'unverified' | 'verified'>;
  secret_encrypted: string | null;
  phone: string | null;
  last_totp_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MfaChallengesTable {
  id: Generated<string>;
  factor_id: string;
  session_id: string;
  code_hash: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MfaSmsSendsTable {
  id: Generated<string>;
  phone_hash: string;
  user_id: string | null;
  created_at: Timestamp;
}

export interface AuthFailuresTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface ReauthCodesTable {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface DB {
  auth_users: AuthUsersTable;
  auth_sessions: AuthSessionsTable;
  auth_accounts: AuthAccountsTable;
  companies: CompaniesTable;
  user_profiles: UserProfilesTable;
  reauth_codes: ReauthCodesTable;
  job_postings: JobPostingsTable;
  job_applications: JobApplicationsTable;
  interviews: InterviewsTable;
  admin_audit_logs: AdminAuditLogsTable;
  company_verifications: CompanyVerificationsTable;
  waitlist: WaitlistTable;
  employer_onboarding: EmployerOnboardingTable;
  candidate_documents: CandidateDocumentsTable;
  support_chats: SupportChatsTable;
  chat_messages: ChatMessagesTable;
  notifications: NotificationsTable;
  outbox_messages: OutboxMessagesTable;
  mfa_factors: MfaFactorsTable;
  mfa_challenges: MfaChallengesTable;
  mfa_sms_sends: MfaSmsSendsTable;
  auth_failures: AuthFailuresTable;
  contact_messages: ContactMessagesTable;
}

export type UserProfile = Selectable<UserProfilesTable>;
export type NewUserProfile = Insertable<UserProfilesTable>;
export type UserProfileUpdate = Updateable<UserProfilesTable>;

/** Messages sent through /contact (migration 0006_public_site). */
export interface ContactMessagesTable {
  id: Generated<string>;
  submission_id: string | null;
  name: string;
  email: string;
  company: string | null;
  topic: 'sales' | 'support' | 'partnership' | 'other';
  message: string;
  created_at: Timestamp;
}

// --- Employer onboarding (migration 0005) ---

export interface EmployerOnboardingCodesTable {
  id: Generated<string>;
  user_id: string;
  work_email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

// Declaration merging adds the table to DB without editing the interface above.
export interface DB {
  employer_onboarding_codes: EmployerOnboardingCodesTable;
}

// --- Candidates (migration 0007) ---

export interface CandidateProfilesTable {
  user_id: string;
  candidate_code: string;
  uan: string | null;
  education: string | null;
  current_employer: string | null;
  notice_period_days: number | null;
  /** numeric(4,1): pg returns it as a string. */
  experience_years: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  registration_completed_at: NullableTimestamp;
  /** Handpick (migration 0010). */
  skills: ColumnType<string[], string[] | undefined, string[]>;
  projects: string | null;
  location: string | null;
  /** numeric(6,2) lakh rupees a year: pg returns a string. */
  current_pay_lakh: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  expected_pay_lakh: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Data rights (migration 0040): the age declaration, the privacy notice accepted, a guardian's consent. */
  adult_declared_at: Generated<Date | null>;
  notice_version: Generated<string | null>;
  notice_accepted_at: Generated<Date | null>;
  guardian_consent_at: Generated<Date | null>;
  guardian_consent_by: Generated<string | null>;
  guardian_consent_note: Generated<string | null>;
  /** Migration 0044: the parent or guardian who consented, and how they are related. */
  guardian_name: Generated<string | null>;
  guardian_relationship: Generated<string | null>;
  /** Retention (migration 0042): the last sign-in, and when the 48-hour warning went. */
  last_seen_at: Generated<Date>;
  retention_warned_at: Generated<Date | null>;
  /** lower_tags(skills), kept by the database (migration 0046): what the skills filter matches. */
  skills_lower: GeneratedAlways<string[]>;
  /** "I don't have a UAN yet" (migration 0053): the UAN step is done without one. */
  no_uan_at: Generated<Date | null>;
}

export interface UanClaimsTable {
  id: Generated<string>;
  uan: string;
  claimant_id: string;
  holder_id: string | null;
  attempts: Generated<number>;
  reviewed_at: NullableTimestamp;
  created_at: Timestamp;
  last_attempt_at: Timestamp;
}

export interface PhoneVerificationCodesTable {
  id: Generated<string>;
  user_id: string;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface StorageIntentsTable {
  id: Generated<string>;
  object_key: string;
  action: 'upload' | 'delete';
  created_at: Timestamp;
}

export interface DB {
  candidate_profiles: CandidateProfilesTable;
  uan_claims: UanClaimsTable;
  phone_verification_codes: PhoneVerificationCodesTable;
  storage_intents: StorageIntentsTable;
}

// --- Support chat, notifications, admin console (migration 0008) ---

export interface NotificationBatchesTable {
  id: Generated<string>;
  sender_id: string | null;
  type: 'toast' | 'banner';
  recipient_group: 'all' | 'employers' | 'candidates';
  title: string;
  message: string;
  recipients: Generated<number>;
  created_at: Timestamp;
}

export interface DB {
  notification_batches: NotificationBatchesTable;
}

// --- Screen, Handpick, Onboard (migration 0010) ---

export type VerificationSubject = 'phone' | 'uan' | 'resume' | 'bank_statement' | 'experience_letter' | 'salary_slip';
export type VerificationStatus = 'pending' | 'in_review' | 'verified' | 'rejected';

export interface RecruitmentDrivesTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface ApplicationStageEventsTable {
  id: Generated<string>;
  application_id: string;
  from_stage: ApplicationStage | null;
  to_stage: ApplicationStage;
  actor_id: string | null;
  note: string | null;
  created_at: Timestamp;
}

export interface VerificationFlag {
  rule: string;
  outcome: 'match' | 'mismatch' | 'missing' | 'not_checked';
  expected?: string;
  found?: string;
  evidence?: string;
}

export interface VerificationChecksTable {
  id: Generated<string>;
  candidate_id: string;
  subject: VerificationSubject;
  document_id: string | null;
  status: Generated<VerificationStatus>;
  reason: string | null;
  decided_by: 'algorithm' | 'provider' | 'verification_team' | null;
  decided_by_user: string | null;
  decided_at: NullableTimestamp;
  flags: ColumnType<VerificationFlag[], string | undefined, string>;
  verified_fields: ColumnType<string[], string[] | undefined, string[]>;
  provider: string | null;
  provider_reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationConsentsTable {
  id: Generated<string>;
  candidate_id: string;
  subject: VerificationSubject;
  purpose: string;
  granted_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip_address: string | null;
  /** The privacy notice in force when consent was given (migration 0040). */
  notice_version: Generated<string | null>;
}

export interface SavedCandidateSearchesTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  name: string;
  filters: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

export interface InterviewInterviewersTable {
  interview_id: string;
  user_id: string;
}

export interface InterviewScorecardsTable {
  id: Generated<string>;
  interview_id: string;
  interviewer_id: string;
  criteria: ColumnType<{ name: string; rating: number }[], string, string>;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmploymentsTable {
  id: Generated<string>;
  company_id: string;
  employee_id: string;
  application_id: string | null;
  title: string;
  /** A date column: 'YYYY-MM-DD' on both drivers (database.ts sets the parser). */
  joining_date: ColumnType<string, string, string>;
  last_working_day: ColumnType<string | null, string | null | undefined, string | null>;
  relieving_reason: string | null;
  /** 'relieved' once a relieving is recorded; the last working day may still be ahead (notice). */
  status: Generated<'active' | 'relieved'>;
  /** Migration 0048: the source of the employment (a hire, or the person's confirmation). */
  confirmation: Generated<'unconfirmed' | 'confirmed' | 'declined'>;
  confirmed_by: ColumnType<'hire' | 'person' | null, 'hire' | 'person' | null | undefined, 'hire' | 'person' | null>;
  confirmed_at: NullableTimestamp;
  created_by: string | null;
  relieved_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecordSharesTable {
  id: Generated<string>;
  candidate_id: string;
  company_id: string;
  purpose: string;
  granted_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** The privacy notice in force when the record was shared (migration 0040). */
  notice_version: Generated<string | null>;
}

export interface RecordViewsTable {
  id: Generated<string>;
  share_id: string;
  viewer_id: string | null;
  viewed_at: Timestamp;
}

export interface DB {
  recruitment_drives: RecruitmentDrivesTable;
  application_stage_events: ApplicationStageEventsTable;
  verification_checks: VerificationChecksTable;
  verification_consents: VerificationConsentsTable;
  saved_candidate_searches: SavedCandidateSearchesTable;
  interview_interviewers: InterviewInterviewersTable;
  interview_scorecards: InterviewScorecardsTable;
  employments: EmploymentsTable;
  record_shares: RecordSharesTable;
  record_views: RecordViewsTable;
}

// --- Teams (migration 0016) ---

export interface CompanyInvitesTable {
  id: Generated<string>;
  company_id: string;
  email: string;
  company_role: CompanyRole;
  token_hash: string;
  invited_by: string | null;
  status: Generated<'pending' | 'accepted' | 'revoked'>;
  expires_at: Timestamp;
  sent_count: Generated<number>;
  last_sent_at: Timestamp;
  accepted_by: string | null;
  responded_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CompanyBillingProfilesTable {
  company_id: string;
  legal_name: string;
  gstin: string | null;
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  pincode: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface CompanyJoinRequestsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  status: Generated<'pending' | 'approved' | 'declined' | 'cancelled'>;
  company_role: CompanyRole | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface DB {
  company_invites: CompanyInvitesTable;
  company_billing_profiles: CompanyBillingProfilesTable;
  company_join_requests: CompanyJoinRequestsTable;
}

// --- Your account: email changes (migration 0019) ---

export interface EmailChangeRequestsTable {
  id: Generated<string>;
  user_id: string;
  new_email: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface DB {
  email_change_requests: EmailChangeRequestsTable;
}

// Billing tables (migration 0028) live in schema-billing.ts, merged into DB there.
export type * from './schema-billing.ts';
// The public API's tables (migration 0030) live in schema-developers.ts, merged into DB there.
export type * from './schema-developers.ts';
// Webhooks (migration 0032) live in schema-webhooks.ts, merged into DB there.
export type * from './schema-webhooks.ts';
// Hiring analytics rollups (migration 0036) live in schema-analytics.ts, merged into DB there.
export type * from './schema-analytics.ts';
// Document downloads (migration 0037) live in schema-documents.ts, merged into DB there.
export type * from './schema-documents.ts';
// Letters and their templates (migration 0038) live in schema-letters.ts, merged into DB there.
export type * from './schema-letters.ts';
// Data rights (migration 0040) live in schema-privacy.ts, merged into DB there.
export type * from './schema-privacy.ts';
// Recovery codes of two-step verification (migration 0051) live in schema-mfa-recovery.ts, merged into DB there.
export type * from './schema-mfa-recovery.ts';
