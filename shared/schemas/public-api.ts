import { z } from 'zod';
import { developersMessages as text } from '../messages/developers.ts';
import { pipelineMessages } from '../messages/pipeline.ts';
import { employeeSchema, employeesQuerySchema } from './employment.ts';
import { interviewSchema, savedInterviewSchema } from './interviews.ts';
import { employerJobSchema, employerJobsQuerySchema } from './jobs.ts';
import {
  PIPELINE_STAGES,
  moveStageBodySchema,
  noteSchema,
  pipelineApplicationDetailSchema,
  pipelineApplicationSchema,
  pipelineDocumentSchema,
  stageChangeResultSchema,
  verificationBadgeSchema,
} from './pipeline.ts';

/**
 * The public API's shapes (issue 16): snake_case, ISO-8601 UTC times, null rather than missing.
 * Lists answer { data, next_cursor } (and a Link header to the next page). Most shapes are the
 * browser API's own: one schema per thing, validated and documented from the same source.
 */
const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

export const v1JobSchema = employerJobSchema;
export const v1JobListSchema = listOf(v1JobSchema);
export const v1JobParamsSchema = z.object({ id: z.uuid('Not a job id') });

export const v1ApplicationSchema = pipelineApplicationSchema.extend({ job_id: z.string() });
export const v1ApplicationListSchema = listOf(v1ApplicationSchema);
export type V1ApplicationList = z.infer<typeof v1ApplicationListSchema>;
export const v1ApplicationDetailSchema = pipelineApplicationDetailSchema;
export const v1ApplicationParamsSchema = z.object({ id: z.uuid(pipelineMessages.applicationNotFound) });
/** GET /api/v1/applications: oldest change first, so a sync can page forward from updated_since. */
export const v1ApplicationsQuerySchema = z.strictObject({
  job_id: z.uuid(text.jobIdInvalid).optional(),
  stage: z.enum(PIPELINE_STAGES, pipelineMessages.invalidStage).optional(),
  updated_since: z.iso.datetime({ offset: true, message: text.updatedSinceInvalid }).optional(),
  limit: employerJobsQuerySchema.shape.limit,
  cursor: employerJobsQuerySchema.shape.cursor,
});
/** Moving to hired needs the hire's details, as on the board (an employment is recorded). */
export const v1MoveApplicationBodySchema = moveStageBodySchema;
export const v1RejectApplicationBodySchema = z.strictObject({ note: noteSchema });
export const v1StageChangeSchema = stageChangeResultSchema;

/** A candidate as the company may see them: one who applied to one of its jobs. */
export const v1CandidateSchema = z.object({
  id: z.string(),
  candidate_code: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  current_employer: z.string().nullable(),
  experience_years: z.number().nullable(),
  notice_period_days: z.number().int().nullable(),
  verified: z.array(verificationBadgeSchema),
  documents: z.array(pipelineDocumentSchema),
  applications: z.array(z.object({ id: z.string(), job_id: z.string(), job_title: z.string(), stage: z.enum(PIPELINE_STAGES), applied_at: z.string().meta({ format: 'date-time' }) })),
});
export type V1Candidate = z.infer<typeof v1CandidateSchema>;
export const v1CandidateParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, text.candidateNotFound) });

export const v1InterviewSchema = interviewSchema;
export const v1InterviewListSchema = listOf(v1InterviewSchema);
export const v1SavedInterviewSchema = savedInterviewSchema;
export const v1InterviewParamsSchema = z.object({ id: z.uuid('Not an interview id') });

export const v1EmployeeSchema = employeeSchema;
export const v1EmployeeListSchema = listOf(v1EmployeeSchema);
export const v1EmployeesQuerySchema = employeesQuerySchema;
export const v1EmployeeParamsSchema = z.object({ id: z.uuid('Not an employment id') });
