import type { Generated } from 'kysely';
import type { PrivacyRequestKind, PrivacyRequestStatus } from '../../shared/schemas/privacy.ts';

/** A request to the grievance officer's team (migration 0040), merged into DB. */
export interface PrivacyRequestsTable {
  id: Generated<string>;
  reference: string;
  kind: PrivacyRequestKind;
  person_id: string | null;
  status: Generated<PrivacyRequestStatus>;
  topic: string;
  details: string;
  company_id: string | null;
  response: string | null;
  handled_by: string | null;
  due_at: Date;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  closed_at: Date | null;
}

/** Who may exercise a person's rights on their behalf (migration 0040). */
export interface PrivacyNomineesTable {
  person_id: string;
  full_name: string;
  relationship: string;
  email: string;
  phone: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module './schema.ts' {
  interface DB {
    privacy_requests: PrivacyRequestsTable;
    privacy_nominees: PrivacyNomineesTable;
  }
}
