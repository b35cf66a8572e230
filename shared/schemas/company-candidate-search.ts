import { z } from 'zod';
import { companyCandidateSearchMessages as text } from '../messages/company-candidate-search.ts';
import { PIPELINE_STAGES } from './pipeline.ts';

/**
 * Finding one of the company's candidates (issue 36 §2).
 *
 *   GET /api/pipeline/candidates/search?q=…   user (company member; an interviewer finds only the
 *                                              candidates of their interviews) → CompanyCandidateSearch
 *
 * q is a name (words in any order, each a prefix of a word of the name: "pri sha" finds Priya
 * Sharma), an email (or its start), a phone number in any format, or a candidate ID (exact).
 */
export const COMPANY_CANDIDATE_SEARCH = { maxLength: 100, results: 20, applicationsPerCandidate: 10 } as const;

export const companyCandidateSearchQuerySchema = z.strictObject({
  q: z
    .string(text.queryRequired)
    .trim()
    .min(1, text.queryRequired)
    .max(COMPANY_CANDIDATE_SEARCH.maxLength, text.queryTooLong.replace('{max}', String(COMPANY_CANDIDATE_SEARCH.maxLength))),
});
export type CompanyCandidateSearchQuery = z.infer<typeof companyCandidateSearchQuerySchema>;

/** What the query was read as: the screen says nothing of it, tests and the bench do. */
export const candidateQueryKinds = ['name', 'email', 'phone', 'candidate_code'] as const;

export const companyCandidateMatchSchema = z.object({
  candidate_id: z.string(),
  candidate_code: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  /** Their applications to the company's jobs (the ones the caller may see), newest first. */
  applications: z.array(
    z.object({
      id: z.string(),
      job_id: z.string(),
      job_title: z.string(),
      stage: z.enum(PIPELINE_STAGES),
      applied_at: z.string().meta({ format: 'date-time' }),
    }),
  ),
});
export type CompanyCandidateMatch = z.infer<typeof companyCandidateMatchSchema>;

export const companyCandidateSearchSchema = z.object({
  kind: z.enum(candidateQueryKinds),
  /** At most COMPANY_CANDIDATE_SEARCH.results, in the order of the matched term (alphabetical). */
  results: z.array(companyCandidateMatchSchema),
  /** More candidates match than are listed. */
  has_more: z.boolean(),
});
export type CompanyCandidateSearch = z.infer<typeof companyCandidateSearchSchema>;
