import { z } from 'zod';

/** Page size of the public job board, and the most a caller may ask for (SECURITY: page sizes capped). */
export const PUBLIC_JOBS_PAGE_SIZE = 20;
export const PUBLIC_JOBS_MAX_PAGE_SIZE = 50;
/** Deep offsets cost the database and no person pages this far; refuse rather than scan. */
export const PUBLIC_JOBS_MAX_PAGE = 500;
/**
 * The board counts matching jobs up to this many (more on deep pages: ten pages past the one
 * asked for), and says "1,000+" beyond: an exact count of a million jobs costs a scan of them all.
 */
export const PUBLIC_JOBS_COUNT_LIMIT = 1000;
export const MAX_KEYWORDS_LENGTH = 200;
export const MAX_LOCATION_LENGTH = 100;
/** At most this many words of a keyword search are matched (each adds a condition). */
export const MAX_KEYWORD_TERMS = 8;
/** GET /api/public/companies lists at most this many companies (those with the most open jobs). */
export const PUBLIC_COMPANIES_LIMIT = 200;

/**
 * Search text as the server matches it: control characters become spaces (PostgreSQL refuses
 * NUL in text, and nobody searches for a tab), runs of spaces collapse, ends are trimmed.
 */
export function normaliseSearchText(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const searchText = (max: number, label: string) =>
  z
    .string(`${label} must be text`)
    .max(max, `${label} can be at most ${max} characters`)
    .optional()
    .transform((value) => normaliseSearchText(value ?? ''));

// An empty ?page= is treated as absent, so a hand-edited URL still works.
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/public/jobs?q=&location=&page=&page_size= */
export const publicJobsQuerySchema = z.strictObject({
  q: searchText(MAX_KEYWORDS_LENGTH, 'Keywords'),
  location: searchText(MAX_LOCATION_LENGTH, 'Location'),
  page: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number('page must be a number')
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(PUBLIC_JOBS_MAX_PAGE, `page can be at most ${PUBLIC_JOBS_MAX_PAGE}`)
      .default(1),
  ),
  page_size: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number('page_size must be a number')
      .int('page_size must be a whole number')
      .min(1, 'page_size must be at least 1')
      .max(PUBLIC_JOBS_MAX_PAGE_SIZE, `page_size can be at most ${PUBLIC_JOBS_MAX_PAGE_SIZE}`)
      .default(PUBLIC_JOBS_PAGE_SIZE),
  ),
});
export type PublicJobsQuery = z.output<typeof publicJobsQuerySchema>;

/** One job of the public board: only what a visitor may see of a published, open job. */
export const publicJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_name: z.string(),
  location: z.string().nullable(),
  salary: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type PublicJob = z.infer<typeof publicJobSchema>;

export const publicJobsPageSchema = z.object({
  jobs: z.array(publicJobSchema),
  page: z.number(),
  page_size: z.number(),
  /** The number of matching jobs, counted up to a limit. */
  total: z.number(),
  /** True when more jobs than `total` match (shown as "1,000+"). */
  total_capped: z.boolean(),
});
export type PublicJobsPage = z.infer<typeof publicJobsPageSchema>;

/** A hiring company on /companies: its careers page (slug), industry, logo and number of open jobs. */
export const publicCompanySchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), industry: z.string().nullable(), logo_url: z.string().nullable(), open_jobs: z.number() });
export type PublicCompany = z.infer<typeof publicCompanySchema>;
export const publicCompaniesSchema = z.array(publicCompanySchema);
