import { todayInIndia, type CreateJobInput, type CreateJobValues, type EmployerJob, type UpdateJobValues } from '@shared/schemas/jobs.ts';

/** Whether a job no longer takes applications: closed from its card, or its expiry date passed. */
export function isJobClosed(job: Pick<EmployerJob, 'expires_at'>, now: number): boolean {
  return job.expires_at !== null && Date.parse(job.expires_at) <= now;
}

/** The edit form's starting values: the job as it is, blanks for what it lacks, its expiry as India's date. */
export function jobFormValues(job: EmployerJob): CreateJobInput {
  return {
    title: job.title,
    description: job.description,
    location: job.location ?? '',
    salary: job.salary ?? '',
    requirements: job.requirements ?? '',
    benefits: job.benefits ?? '',
    expires_at: job.expires_at ? todayInIndia(new Date(job.expires_at)) : '',
    department: job.department ?? '',
    employment_type: job.employment_type,
    work_mode: job.work_mode,
    openings: job.openings,
    pay_min_paise: job.pay_min_paise,
    pay_max_paise: job.pay_max_paise,
    pay_period: job.pay_period,
    screening_questions: job.screening_questions,
  };
}

/** A value as JSON with its keys in order, so two question lists compare by content (the database keeps jsonb keys in its own order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) => (inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner));

const FIELDS = ['title', 'description', 'location', 'salary', 'requirements', 'benefits', 'expires_at', 'department', 'employment_type', 'work_mode', 'openings', 'pay_min_paise', 'pay_max_paise', 'pay_period'] as const;

/**
 * Only what the form changed, for PATCH: an untouched expiry date is not sent again (it could be
 * today's, which would move the job's end to the end of today), and a closed job's expiry is never
 * sent from here (Reopen on the card does that, within the plan's limit).
 */
export function changedJobFields(job: EmployerJob, values: CreateJobValues, closed: boolean): UpdateJobValues {
  const before = jobFormValues(job);
  const changes: UpdateJobValues = {};
  for (const field of FIELDS) {
    if (field === 'expires_at' && closed) continue;
    const value = values[field] ?? null;
    const previous = before[field] === '' ? null : (before[field] ?? null);
    if (value !== previous) Object.assign(changes, { [field]: value });
  }
  // The questions go as a whole list when any of them changed (an edit replaces the list).
  const questions = values.screening_questions ?? [];
  if (canonical(questions) !== canonical(job.screening_questions)) changes.screening_questions = questions;
  return changes;
}
