import { z } from 'zod';
import { employerJobSchema, employerJobsQuerySchema } from './jobs.ts';

/**
 * The public API's shapes (issue 16): snake_case, ISO-8601 UTC times, null rather than missing.
 * Lists answer { data, next_cursor } (and a Link header to the next page).
 */
export const v1JobSchema = employerJobSchema;
export const v1JobListSchema = z.object({ data: z.array(v1JobSchema), next_cursor: z.string().nullable() });
export type V1JobList = z.infer<typeof v1JobListSchema>;
export const v1ListQuerySchema = employerJobsQuerySchema;
export const v1JobParamsSchema = z.object({ id: z.uuid('Not a job id') });
