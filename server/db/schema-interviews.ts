import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** Interviews, their interviewers and scorecards (migrations 0002, 0010, 0061), merged into DB. */

export interface InterviewsTable {
  id: Generated<string>;
  application_id: string;
  /** UTC; shown and entered in Asia/Kolkata. */
  scheduled_at: NullableTimestamp;
  company_id: string | null;
  duration_minutes: Generated<number>;
  mode: Generated<'video' | 'phone' | 'in_person'>;
  location: string | null;
  status: Generated<'scheduled' | 'cancelled' | 'completed' | 'no_show'>;
  sequence: Generated<number>;
  created_by: string | null;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
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

/** An interviewer's calendar feed (migration 0061): the secret token's SHA-256, never the token. */
export interface InterviewCalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
}

declare module './schema.ts' {
  interface DB {
    interviews: InterviewsTable;
    interview_interviewers: InterviewInterviewersTable;
    interview_scorecards: InterviewScorecardsTable;
    interview_calendar_feeds: InterviewCalendarFeedsTable;
  }
}
