import type { JobDetails } from '../../../shared/schemas/jobs.ts';
import type { JobPostingsTable } from '../../db/schema-jobs.ts';
import type { Selectable } from 'kysely';

/** The structured details' columns (migration 0058), for the employer's list and the public page. */
export const JOB_DETAIL_COLUMNS = ['department', 'employment_type', 'work_mode', 'openings', 'pay_min_paise', 'pay_max_paise', 'pay_period'] as const;

type DetailRow = Pick<Selectable<JobPostingsTable>, (typeof JOB_DETAIL_COLUMNS)[number]>;

/** A bigint pay column as a number: both drivers hand bigint over as text. */
export const paiseOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** The details as answers carry them: bigint pay arrives as text from both drivers. */
export function jobDetailsOf(row: DetailRow): JobDetails {
  return {
    department: row.department,
    employment_type: row.employment_type,
    work_mode: row.work_mode,
    openings: row.openings,
    pay_min_paise: paiseOrNull(row.pay_min_paise),
    pay_max_paise: paiseOrNull(row.pay_max_paise),
    pay_period: row.pay_period,
  };
}

/** The details of a create or an edit as column values: only what was sent (undefined stays out). */
export function jobDetailColumns(values: Partial<JobDetails>): Partial<JobDetails> {
  return Object.fromEntries(JOB_DETAIL_COLUMNS.filter((column) => values[column] !== undefined).map((column) => [column, values[column]])) as Partial<JobDetails>;
}
