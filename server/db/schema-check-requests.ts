import type { Generated } from 'kysely';
import type { RequestableSubject } from '../../shared/schemas/check-requests.ts';

/** Background checks a company asked a candidate for (migration 0035), merged into DB. */
export interface CheckRequestsTable {
  id: Generated<string>;
  company_id: string;
  application_id: string;
  /** The application's job, set by the database (migration 0036). */
  job_id: Generated<string>;
  candidate_id: string;
  subject: RequestableSubject;
  requested_by: string | null;
  created_at: Generated<Date>;
}

declare module './schema.ts' {
  interface DB {
    check_requests: CheckRequestsTable;
  }
}
