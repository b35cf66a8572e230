import type { ColumnType, Generated } from 'kysely';
import type { CandidateEmailStage } from '../../shared/schemas/company-settings.ts';
import type { Timestamp } from './schema-columns.ts';

/** A company's candidate email template (migration 0067); stage: it replaces that stage's automatic email. */
export interface CandidateEmailTemplatesTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  subject: string;
  body: string;
  stage: CandidateEmailStage | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member's choice of instant notices or a daily digest of new applications (migration 0067). */
export interface ApplicationNoticePreferencesTable {
  user_id: string;
  mode: 'instant' | 'daily';
  digest_from: Timestamp;
  /** The India date (YYYY-MM-DD) of the last digest. */
  digest_sent_on: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

declare module './schema.ts' {
  interface DB {
    candidate_email_templates: CandidateEmailTemplatesTable;
    application_notice_preferences: ApplicationNoticePreferencesTable;
  }
}
