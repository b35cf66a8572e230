import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';
import type { EmploymentType, HiringTeamRole, JobStatus, PayPeriod, WorkMode } from '../../shared/job-details.ts';
import type { ScreeningAnswer, ScreeningQuestion } from '../../shared/schemas/screening-questions.ts';

/** Jobs, applications and their pipeline (migrations 0002, 0010), merged into DB. */

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
  /** A draft is not public and takes no applications (migration 0058). */
  status: Generated<JobStatus>;
  is_deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** lower(title || '\n' || description), kept by the database (migration 0045): what the board's keywords match. */
  search_text: GeneratedAlways<string>;
  /** Structured details (migration 0058): pay in paise, its period a year or a month. */
  department: string | null;
  employment_type: EmploymentType | null;
  work_mode: WorkMode | null;
  openings: number | null;
  pay_min_paise: ColumnType<string | number | null, number | null, number | null>;
  pay_max_paise: ColumnType<string | number | null, number | null, number | null>;
  pay_period: PayPeriod | null;
  published_at: NullableTimestamp;
  /** The questions asked on Apply, knockout rules included (migration 0063); written as JSON text. */
  screening_questions: ColumnType<ScreeningQuestion[], string | undefined, string>;
}

/** The stages of an application (migration 0010); rejected and withdrawn end it from any open stage. */
export type ApplicationStage = 'received' | 'screening' | 'shortlisted' | 'interview' | 'offered' | 'hired' | 'rejected' | 'withdrawn';

export type ApplicationSource = 'direct' | 'link' | 'qr' | 'drive' | 'referral' | 'walk_in' | 'added';

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
  /** The answers to the job's screening questions, each with the question as asked (migration 0063). */
  screening_answers: ColumnType<ScreeningAnswer[] | null, string | null | undefined, string | null>;
  /** Why the answers knocked the application out; null when they did not. */
  knockout_reason: ColumnType<string | null, string | null | undefined, string | null>;
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

export interface RecruitmentDrivesTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface SavedCandidateSearchesTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  name: string;
  filters: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

/** A job's hiring team (migration 0062). */
export interface JobHiringTeamTable {
  job_id: string;
  user_id: string;
  team_role: HiringTeamRole;
  added_by: string | null;
  created_at: Generated<Date>;
}

/** A person a company added by hand or from a file, asked by email to confirm (migration 0069, ADR 0030). */
export interface CandidateInvitationsTable {
  id: Generated<string>;
  company_id: string;
  job_id: string;
  email: string;
  full_name: string;
  phone: string | null;
  source: 'referral' | 'walk_in' | 'added';
  referrer_name: string | null;
  token_hash: string;
  status: Generated<'pending' | 'confirmed' | 'declined' | 'withdrawn'>;
  application_id: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  answered_at: NullableTimestamp;
  /** The company's copy of the resume the person handed over (migration 0070), until they answer. */
  resume_key: string | null;
  resume_name: string | null;
  resume_bytes: number | null;
  resume_attached_at: NullableTimestamp;
}

declare module './schema.ts' {
  interface DB {
    candidate_invitations: CandidateInvitationsTable;
    job_hiring_team: JobHiringTeamTable;
    job_postings: JobPostingsTable;
    job_applications: JobApplicationsTable;
    application_stage_events: ApplicationStageEventsTable;
    recruitment_drives: RecruitmentDrivesTable;
    saved_candidate_searches: SavedCandidateSearchesTable;
  }
}
