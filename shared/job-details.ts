/**
 * A job's structured details (issue 36 §1): kind of employment, where the work is done, openings
 * and pay as numbers. Pay is integer paise (a rupee is 100 paise) and is shown in lakh a year, or
 * in rupees a month, as Indian postings write it.
 */
export const employmentTypes = ['full_time', 'part_time', 'contract', 'internship'] as const;
export type EmploymentType = (typeof employmentTypes)[number];

export const workModes = ['on_site', 'hybrid', 'remote'] as const;
export type WorkMode = (typeof workModes)[number];

export const payPeriods = ['year', 'month'] as const;
export type PayPeriod = (typeof payPeriods)[number];

export const jobStatuses = ['draft', 'published'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const employmentTypeLabels: Record<EmploymentType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
};

export const workModeLabels: Record<WorkMode, string> = {
  on_site: 'On-site',
  hybrid: 'Hybrid',
  remote: 'Remote',
};

export const payPeriodLabels: Record<PayPeriod, string> = {
  year: 'Per year',
  month: 'Per month',
};

/** schema.org's employmentType for each of ours (Google's JobPosting values). */
export const schemaOrgEmploymentType: Record<EmploymentType, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

/** Work modes whose job needs a place to come to. */
export const needsLocation = (mode: WorkMode | null | undefined) => mode === 'on_site' || mode === 'hybrid';

export const PAISE_PER_RUPEE = 100;
const LAKH_RUPEES = 100_000;
/** ₹100 crore a year: no job pays more; a figure above it is a slip of the keyboard. */
export const MAX_PAY_PAISE = 100 * 10_000_000 * PAISE_PER_RUPEE;

export interface JobPay {
  pay_min_paise: number | null;
  pay_max_paise: number | null;
  pay_period: PayPeriod | null;
}

/** Up to two decimals, none when whole: 12, 12.5, 7.25. */
const lakhs = (paise: number) => String(Math.round((paise / PAISE_PER_RUPEE / LAKH_RUPEES) * 100) / 100);
/** Indian digit grouping: 45,000 and 1,20,000. */
const rupees = (paise: number) => Math.round(paise / PAISE_PER_RUPEE).toLocaleString('en-IN');

/**
 * A job's pay as a person reads it: "₹12–18 LPA", "₹8 LPA", "From ₹6 LPA", "Up to ₹25,000 a
 * month"; null when the job gives no figures (its free-text salary, if any, is shown instead).
 */
export function formatJobPay({ pay_min_paise: min, pay_max_paise: max, pay_period: period }: JobPay): string | null {
  if (period === null || (min === null && max === null)) return null;
  const amount = period === 'year' ? lakhs : rupees;
  const unit = period === 'year' ? ' LPA' : ' a month';
  if (min !== null && max !== null) return min === max ? `₹${amount(min)}${unit}` : `₹${amount(min)}–${amount(max)}${unit}`;
  if (min !== null) return `From ₹${amount(min)}${unit}`;
  return `Up to ₹${amount(max!)}${unit}`;
}

/** A rupee figure typed by a person ("12,00,000", "45000", "₹ 45,000") as paise; undefined when it is not one. */
export function rupeesToPaise(typed: string): number | undefined {
  const cleaned = typed.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * PAISE_PER_RUPEE);
}

/** Paise as the rupee figure a form shows: 120000000 → "1200000". */
export const paiseToRupeesText = (paise: number | null) => (paise === null ? '' : String(paise / PAISE_PER_RUPEE));

/** The kind of job in a few words, for its page and card: "Full-time", "Hybrid", "Engineering", "3 openings". */
export function jobKindFacts(job: { employment_type: EmploymentType | null; work_mode: WorkMode | null; department: string | null; openings: number | null }): string[] {
  const facts: string[] = [];
  if (job.employment_type) facts.push(employmentTypeLabels[job.employment_type]);
  if (job.work_mode) facts.push(workModeLabels[job.work_mode]);
  if (job.department) facts.push(job.department);
  if (job.openings !== null) facts.push(job.openings === 1 ? '1 opening' : `${job.openings.toLocaleString('en-IN')} openings`);
  return facts;
}

/** A job's hiring team (issue 36 §1): recruiters and hiring managers hear of its applications. */
export const hiringTeamRoles = ['recruiter', 'hiring_manager', 'interviewer'] as const;
export type HiringTeamRole = (typeof hiringTeamRoles)[number];
export const hiringTeamRoleLabels: Record<HiringTeamRole, string> = {
  recruiter: 'Recruiter',
  hiring_manager: 'Hiring manager',
  interviewer: 'Interviewer',
};
/** The team roles that are told of each new application. */
export const NOTIFIED_TEAM_ROLES: readonly HiringTeamRole[] = ['recruiter', 'hiring_manager'];
