import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * Handpick (issue 7 point 3), shared by server and browser. Routes:
 *   GET    /api/candidate-search/career-profile          user (candidate) → CareerProfile
 *   PUT    /api/candidate-search/career-profile          user (candidate) CareerProfileBody → CareerProfile
 *   POST   /api/candidate-search/search                  user (employer)  CandidateSearchBody → CandidateSearchPage
 *   GET    /api/candidate-search/saved-searches          user (employer)  → SavedSearch[]
 *   POST   /api/candidate-search/saved-searches          user (employer)  {name, filters} → 201 SavedSearch
 *   DELETE /api/candidate-search/saved-searches/:searchId user (employer) → 204
 * Search runs over the candidates who applied to any live job of the caller's company, never others.
 */

const text = messages.candidateSearch;
const fillText = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

/** Pay is numeric(6,2) in the database: 9,999.99 lakh is the most it holds (its CHECK says 10,000, which the type cannot store). */
export const CAREER_LIMITS = { skills: 30, skill: 40, projects: 5000, location: 100, pay: 9999.99 } as const;
export const SEARCH_LIMITS = { experience: 60, notice: 365, pay: 9999.99, skills: 30, projects: 200, location: 100, savedSearches: 50, savedSearchName: 100 } as const;
/** Offset pagination: 25 a page, at most 40 pages (the first 1,000 matches); narrower filters find the rest. */
export const SEARCH_PAGE_SIZE = 25;
export const SEARCH_MAX_PAGE = 40;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** Whether a number has at most `places` decimals (12.5 and 12.25 yes, 12.345 no), tolerant of binary fractions. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A form's text (or JSON's number) as a number; a blank field is null (not given). */
const numberFromInput = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
};

// ── Career profile ────────────────────────────────────────────────────────────────────────────

export const skillSchema = z
  .string(text.skillRequired)
  .trim()
  .min(1, text.skillRequired)
  .max(CAREER_LIMITS.skill, fillText(text.skillTooLong, { max: CAREER_LIMITS.skill }))
  .refine(hasNoControlCharacters, text.invalidCharacters);

/** Skills are kept as typed; the second spelling of a skill (any case) is dropped, the first kept. */
export function dedupeSkills(skills: readonly string[]): string[] {
  const seen = new Set<string>();
  return skills.filter((skill) => {
    const key = skill.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const skillListSchema = (max: number, tooMany: string) =>
  z
    .array(skillSchema, text.skillsMustBeList)
    .transform(dedupeSkills)
    .refine((skills) => skills.length <= max, tooMany);

const payField = z.preprocess(
  numberFromInput,
  z
    .number(text.payMustBeNumber)
    .min(0, text.payNegative)
    .max(CAREER_LIMITS.pay, fillText(text.payTooHigh, { max: CAREER_LIMITS.pay.toLocaleString('en-IN') }))
    .refine((value) => hasAtMostDecimals(value, 2), text.payDecimals)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
);

/** An optional text: blank means none (null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(hasNoControlCharacters, text.invalidCharacters)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/**
 * PUT /api/candidate-search/career-profile: the whole career profile (a missing field is cleared).
 * Strict: anything else (candidate_code, uan, user_id…) is refused.
 */
export const careerProfileBodySchema = z.strictObject({
  skills: skillListSchema(CAREER_LIMITS.skills, fillText(text.tooManySkills, { max: CAREER_LIMITS.skills })).default([]),
  projects: optionalText(CAREER_LIMITS.projects, fillText(text.projectsTooLong, { max: CAREER_LIMITS.projects })),
  location: optionalText(CAREER_LIMITS.location, fillText(text.locationTooLong, { max: CAREER_LIMITS.location })),
  current_pay_lakh: payField,
  expected_pay_lakh: payField,
});
export type CareerProfileInput = z.input<typeof careerProfileBodySchema>;
export type CareerProfileValues = z.output<typeof careerProfileBodySchema>;

/** Profile fields a verification check can confirm (verification_checks.verified_fields). */
export const verifiableFields = ['full_name', 'uan', 'current_employer', 'current_pay_lakh', 'phone', 'salary_credits'] as const;

export const careerProfileSchema = z.object({
  skills: z.array(z.string()),
  projects: z.string().nullable(),
  location: z.string().nullable(),
  current_pay_lakh: z.number().nullable(),
  expected_pay_lakh: z.number().nullable(),
  /** From the registration, shown with its Verified mark. */
  current_employer: z.string().nullable(),
  /** The profile fields confirmed by a verified check (any of verifiableFields). */
  verified_fields: z.array(z.string()),
});
export type CareerProfile = z.infer<typeof careerProfileSchema>;

// ── Search ────────────────────────────────────────────────────────────────────────────────────

export const searchSorts = ['relevance', 'experience_desc', 'experience_asc', 'notice_asc', 'expected_pay_asc', 'recent'] as const;
export type SearchSort = (typeof searchSorts)[number];

export const verificationSubjects = ['phone', 'uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip'] as const;
export type VerificationSubjectName = (typeof verificationSubjects)[number];

/** An optional number filter between min and max (a blank is not given). */
const rangeBound = (field: string, min: number, max: number, { integer = false } = {}) =>
  z.preprocess(
    numberFromInput,
    (integer ? z.number(fillText(text.rangeNumber, { field })).int(text.wholeDays) : z.number(fillText(text.rangeNumber, { field })))
      .min(min, fillText(text.rangeMin, { field, min }))
      .max(max, fillText(text.rangeMax, { field, max }))
      .nullable()
      .optional()
      .transform((value) => value ?? undefined),
  );

const searchText = (field: string, max: number) =>
  z
    .string(fillText(text.textTooLong, { field, max }))
    .trim()
    .max(max, fillText(text.textTooLong, { field, max }))
    .refine(hasNoControlCharacters, text.invalidCharacters)
    .nullable()
    .optional()
    .transform((value) => (value ? value : undefined));

const orderedRange = (from: string, to: string, field: string) => ({
  check: (filters: Record<string, unknown>) => {
    const low = filters[from];
    const high = filters[to];
    return typeof low !== 'number' || typeof high !== 'number' || low <= high;
  },
  params: { message: fillText(text.rangeOrder, { field }), path: [from] },
});

const filterFields = {
  experience_min: rangeBound('Experience', 0, SEARCH_LIMITS.experience),
  experience_max: rangeBound('Experience', 0, SEARCH_LIMITS.experience),
  notice_max: rangeBound('Notice period', 0, SEARCH_LIMITS.notice, { integer: true }),
  current_pay_min: rangeBound('Current pay', 0, SEARCH_LIMITS.pay),
  current_pay_max: rangeBound('Current pay', 0, SEARCH_LIMITS.pay),
  expected_pay_min: rangeBound('Expected pay', 0, SEARCH_LIMITS.pay),
  expected_pay_max: rangeBound('Expected pay', 0, SEARCH_LIMITS.pay),
  /** Every one of these tags, case-insensitively. */
  skills: skillListSchema(SEARCH_LIMITS.skills, fillText(text.tooManySkills, { max: SEARCH_LIMITS.skills })).optional(),
  projects: searchText('Projects', SEARCH_LIMITS.projects),
  location: searchText('Location', SEARCH_LIMITS.location),
  /** At least one verified UAN or document check (the phone, checked at registration for all, does not count). */
  only_verified: z.boolean(text.onlyVerifiedBoolean).optional(),
  /** Applicants of this one job only. */
  job_id: z.uuid(text.invalidJob).nullable().optional().transform((value) => value ?? undefined),
  sort: z.enum(searchSorts, text.invalidSort).optional(),
};

const ranges = [
  orderedRange('experience_min', 'experience_max', 'Experience'),
  orderedRange('current_pay_min', 'current_pay_max', 'Current pay'),
  orderedRange('expected_pay_min', 'expected_pay_max', 'Expected pay'),
];

function withOrderedRanges<T extends z.ZodType<Record<string, unknown>>>(schema: T): T {
  let refined: z.ZodType<Record<string, unknown>> = schema;
  for (const range of ranges) refined = refined.refine(range.check, range.params);
  return refined as T;
}

/** The filters of a search, as saved with a saved search (strict: unknown keys are refused). */
export const candidateSearchFiltersSchema = withOrderedRanges(z.strictObject(filterFields));
export type CandidateSearchFiltersInput = z.input<typeof candidateSearchFiltersSchema>;
export type CandidateSearchFilters = z.output<typeof candidateSearchFiltersSchema>;

/** POST /api/candidate-search/search: the filters and the page (1 to SEARCH_MAX_PAGE). */
export const candidateSearchBodySchema = withOrderedRanges(
  z.strictObject({
    ...filterFields,
    page: z
      .number(fillText(text.invalidPage, { max: SEARCH_MAX_PAGE }))
      .int(fillText(text.invalidPage, { max: SEARCH_MAX_PAGE }))
      .min(1, fillText(text.invalidPage, { max: SEARCH_MAX_PAGE }))
      .max(SEARCH_MAX_PAGE, fillText(text.invalidPage, { max: SEARCH_MAX_PAGE }))
      .optional(),
  }),
);
export type CandidateSearchBody = z.output<typeof candidateSearchBodySchema>;
export type CandidateSearchBodyInput = z.input<typeof candidateSearchBodySchema>;

export const applicationStages = ['received', 'screening', 'shortlisted', 'interview', 'offered', 'hired', 'rejected', 'withdrawn'] as const;

export const candidateSearchResultSchema = z.object({
  candidate_id: z.string(),
  candidate_code: z.string(),
  name: z.string(),
  experience_years: z.number().nullable(),
  notice_period_days: z.number().nullable(),
  location: z.string().nullable(),
  skills: z.array(z.string()),
  current_employer: z.string().nullable(),
  current_employer_verified: z.boolean(),
  current_pay_lakh: z.number().nullable(),
  current_pay_verified: z.boolean(),
  /** What the candidate asks for: nothing to verify. */
  expected_pay_lakh: z.number().nullable(),
  /** Subjects of the candidate's verified checks (phone, uan, documents). */
  verified_subjects: z.array(z.enum(verificationSubjects)),
  /** The candidate's latest application to the company (to the filtered job, if one was given). */
  latest_application: z.object({
    id: z.string(),
    job_id: z.string(),
    job_title: z.string(),
    stage: z.string(),
    applied_at: z.string(),
  }),
});
export type CandidateSearchResult = z.infer<typeof candidateSearchResultSchema>;

export const candidateSearchPageSchema = z.object({
  results: z.array(candidateSearchResultSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type CandidateSearchPage = z.infer<typeof candidateSearchPageSchema>;

// ── Saved searches ────────────────────────────────────────────────────────────────────────────

export const savedSearchNameSchema = z
  .string(text.searchNameRequired)
  .trim()
  .min(1, text.searchNameRequired)
  .max(SEARCH_LIMITS.savedSearchName, fillText(text.searchNameTooLong, { max: SEARCH_LIMITS.savedSearchName }))
  .refine(hasNoControlCharacters, text.invalidCharacters);

export const saveSearchBodySchema = z.strictObject({ name: savedSearchNameSchema, filters: candidateSearchFiltersSchema });
export type SaveSearchBody = z.output<typeof saveSearchBodySchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.array(savedSearchSchema);

export const savedSearchParamsSchema = z.strictObject({ searchId: z.uuid(text.savedSearchNotFound) });
