import type { ColumnType, Generated } from 'kysely';
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

/** A person's data export (migration 0041): built in the background, offered for 7 days. */
export interface DataExportsTable {
  id: Generated<string>;
  person_id: string;
  status: Generated<'pending' | 'ready' | 'failed' | 'expired'>;
  storage_key: string | null;
  size_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  attempts: Generated<number>;
  locked_until: Date | null;
  created_at: Generated<Date>;
  ready_at: Date | null;
  expires_at: Date | null;
  downloaded_at: Date | null;
}

/** One day's retention run (migration 0042). */
export interface RetentionRunsTable {
  run_date: ColumnType<string, string, string>;
  started_at: Generated<Date>;
  finished_at: Date | null;
  warned: Generated<number>;
  inactive_scheduled: Generated<number>;
  unsubmitted_scheduled: Generated<number>;
}

/** A personal data breach (migration 0043). */
export interface BreachIncidentsTable {
  id: Generated<string>;
  title: string;
  description: string;
  discovered_at: Date;
  reported_at: Date | null;
  notice: string | null;
  notified_at: Date | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface BreachAffectedTable {
  incident_id: string;
  person_id: string;
  notified_at: Date | null;
}

declare module './schema.ts' {
  interface DB {
    privacy_requests: PrivacyRequestsTable;
    privacy_nominees: PrivacyNomineesTable;
    data_exports: DataExportsTable;
    retention_runs: RetentionRunsTable;
    breach_incidents: BreachIncidentsTable;
    breach_affected: BreachAffectedTable;
  }
}
