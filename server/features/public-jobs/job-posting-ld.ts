import type { PublicJobDetail } from '../../../shared/schemas/job-detail.ts';
import { logoUrl } from '../company-settings/company-profile.ts';
import type { JobPageFacts } from './job-page-facts.ts';
import { parseSalary, type ParsedSalary } from './parse-salary.ts';
import { PAISE_PER_RUPEE, schemaOrgEmploymentType } from '../../../shared/job-details.ts';

const DAY = 24 * 60 * 60 * 1000;
/** How long a job with no closing date is said to be open, counted from its posting (and again while it stays open). */
const OPEN_PERIOD_DAYS = 60;

const REMOTE = /\b(remote|work from home|wfh)\b/i;

/** schema.org's employment types, read from the title; most postings are full time and say nothing. */
const EMPLOYMENT_TYPES: [RegExp, string][] = [
  [/\bintern(ship)?\b|\btrainee\b|\bapprentice/i, 'INTERN'],
  [/\bpart[\s-]?time\b/i, 'PART_TIME'],
  [/\bcontract(ual)?\b|\bfreelance\b|\bconsultant\b/i, 'CONTRACTOR'],
  [/\btemporary\b|\btemp\b/i, 'TEMPORARY'],
];

/** Remote by its work mode (issue 36 §1), or, for a job without one, by what its title or place says. */
export const isRemoteJob = (job: Pick<PublicJobDetail, 'title' | 'location' | 'work_mode'>) =>
  job.work_mode ? job.work_mode === 'remote' : REMOTE.test(job.location ?? '') || REMOTE.test(job.title);

/** The pay as numbers: the job's structured pay, or what its free text says. */
function payOf(job: PublicJobDetail): ParsedSalary | undefined {
  if (job.pay_period && (job.pay_min_paise !== null || job.pay_max_paise !== null)) {
    const min = (job.pay_min_paise ?? job.pay_max_paise!) / PAISE_PER_RUPEE;
    const max = (job.pay_max_paise ?? job.pay_min_paise!) / PAISE_PER_RUPEE;
    return { minValue: min, maxValue: max, unitText: job.pay_period === 'year' ? 'YEAR' : 'MONTH' };
  }
  return parseSalary(job.salary);
}

/**
 * Until when the posting is valid: its closing date, or, without one, 60 days after posting; a job
 * without a closing date still open after that is said to run to the end of the next 60 days, so
 * search engines never see an open job as expired.
 */
function validThrough(job: PublicJobDetail, now: Date): string {
  if (job.expires_at) return job.expires_at;
  const posted = Date.parse(job.created_at);
  const periods = Math.max(1, Math.ceil((now.getTime() - posted) / (OPEN_PERIOD_DAYS * DAY)));
  return new Date(posted + periods * OPEN_PERIOD_DAYS * DAY).toISOString();
}

/**
 * Where the job is, as Google's JobPosting wants it: a remote job is TELECOMMUTE for applicants in
 * India; a job with a location is there; one without is at the company's address (its billing
 * profile's city), or at least in India.
 */
function placeOf(job: PublicJobDetail, facts: JobPageFacts | undefined): Record<string, unknown> {
  const india = { '@type': 'Country', name: 'India' };
  if (isRemoteJob(job)) return { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: india };
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  if (job.location) address.addressLocality = job.location;
  else if (facts?.city) {
    address.addressLocality = facts.city;
    if (facts.state) address.addressRegion = facts.state;
    if (facts.pincode) address.postalCode = facts.pincode;
  }
  address.addressCountry = 'IN';
  return { jobLocation: { '@type': 'Place', address } };
}

/** schema.org JobPosting (Google's required and recommended fields), so search engines and link previews understand the page. */
export function jobPostingJsonLd(job: PublicJobDetail, url: string, facts: JobPageFacts | undefined, publicUrl: string, now: Date = new Date()): Record<string, unknown> {
  const pay = payOf(job);
  const logo = facts ? logoUrl({ slug: facts.company_slug, logo_key: facts.logo_key, logo_updated_at: facts.logo_updated_at }) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.created_at,
    validThrough: validThrough(job, now),
    url,
    employmentType: job.employment_type ? schemaOrgEmploymentType[job.employment_type] : (EMPLOYMENT_TYPES.find(([pattern]) => pattern.test(job.title))?.[1] ?? 'FULL_TIME'),
    identifier: { '@type': 'PropertyValue', name: job.company_name, value: job.id },
    // Candidates apply on the page itself.
    directApply: true,
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company_name,
      ...(facts?.website ? { sameAs: facts.website } : {}),
      ...(logo ? { logo: `${publicUrl}${logo}` } : {}),
    },
    ...placeOf(job, facts),
    ...(pay
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'INR',
            value:
              pay.minValue === pay.maxValue
                ? { '@type': 'QuantitativeValue', value: pay.minValue, unitText: pay.unitText }
                : { '@type': 'QuantitativeValue', minValue: pay.minValue, maxValue: pay.maxValue, unitText: pay.unitText },
          },
        }
      : {}),
  };
}
