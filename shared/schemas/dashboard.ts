import { z } from 'zod';
import { companyRoles } from '../permissions.ts';
import { messages } from '../messages.ts';
import { industries, roles } from '../options.ts';

const text = messages.dashboardOverview;
const tooLong = (max: number) => text.tooLong.replace('{max}', String(max));
/** Control characters (NUL above all, which PostgreSQL text cannot hold) are refused. */
const hasNoControlCharacters = (value: string) => !/\p{Cc}/u.test(value);
const requiredText = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, tooLong(max)).refine(hasNoControlCharacters, text.invalidCharacters);

export const COMPANY_NAME_MAX = 200;
export const POSITION_MAX = 100;

/** POST /api/profile/complete: the "Complete Your Profile" dialog (spec points 2 and 4). */
export const completeProfileBodySchema = z.strictObject({
  company_name: requiredText(text.companyNameRequired, COMPANY_NAME_MAX),
  industry: z.enum(industries, text.industryRequired),
  position: requiredText(text.positionRequired, POSITION_MAX),
});
export type CompleteProfileInput = z.input<typeof completeProfileBodySchema>;
export type CompleteProfileValues = z.output<typeof completeProfileBodySchema>;

export const completeProfileResultSchema = z.object({ company_id: z.string(), company_name: z.string() });
export type CompleteProfileResult = z.infer<typeof completeProfileResultSchema>;

export const trendsSchema = z.object({ active_jobs: z.number().int(), applications: z.number().int(), interviews: z.number().int() });
export type Trends = z.infer<typeof trendsSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  actor_name: z.string().nullable(),
  action: z.string(),
  /** The action in words ("Tagged urgent", "Posted a job"), for people; `action` stays for programs. */
  text: z.string(),
  entity_type: z.string(),
  /** What the entry is about (the job's title, the member's name…), or null when nothing can be named. */
  subject: z.string().nullable(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/dashboard/overview: the caller's own company only. */
export const dashboardOverviewSchema = z.object({
  active_jobs: z.number().int(),
  applications: z.number().int(),
  interviews: z.number().int(),
  trends: trendsSchema,
  recent_activity: z.array(activityEntrySchema),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

/** GET /api/team: profiles of the caller's own company. */
export const teamMemberSchema = z.object({ id: z.string(), full_name: z.string(), email: z.string(), role: z.enum(roles), company_role: z.enum(companyRoles).nullable(), created_at: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamSchema = z.array(teamMemberSchema);
