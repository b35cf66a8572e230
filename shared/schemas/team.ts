import { z } from 'zod';
import { messages } from '../messages.ts';
import { MAX_PASSWORD_LENGTH } from '../options.ts';
import { companyRoles } from '../permissions.ts';
import { hasNoControlCharacters, MAX_FULL_NAME_LENGTH } from './employer-signup.ts';
import { workEmailSchema } from './work-email.ts';

const text = messages.team;

/** Invites last 7 days; a company sends at most this many (new or resent) in an hour. */
export const INVITE_TTL_DAYS = 7;
export const INVITES_PER_COMPANY_PER_HOUR = 20;

const companyRoleSchema = z.enum(companyRoles, text.roleRequired);

/** POST /api/team/invites: Add Team Member. */
export const createInviteBodySchema = z.strictObject({ email: workEmailSchema(text.invalidWorkEmail), company_role: companyRoleSchema });
export type CreateInviteInput = z.input<typeof createInviteBodySchema>;

export const inviteIdParamsSchema = z.object({ inviteId: z.uuid(text.inviteNotFound) });
export const memberIdParamsSchema = z.object({ userId: z.string().min(1).max(100) });

/** A pending invite on the Team table (never its token). */
export const teamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  company_role: z.enum(companyRoles),
  invited_by_name: z.string().nullable(),
  expires_at: z.string(),
  expired: z.boolean(),
  last_sent_at: z.string(),
  created_at: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;
export const teamInviteListSchema = z.object({ invites: z.array(teamInviteSchema) });

/** PATCH /api/team/members/:userId: Manage → role. */
export const changeRoleBodySchema = z.strictObject({ company_role: companyRoleSchema });

/** POST /api/team/transfer-ownership: Manage → Transfer ownership, with the owner's password. */
export const transferOwnershipBodySchema = z.strictObject({
  user_id: z.string().min(1).max(100),
  password: z.string(text.passwordRequired).min(1, text.passwordRequired).max(MAX_PASSWORD_LENGTH),
});

/** The token travels in bodies, never in a URL a log could keep (the page reads it from the link's #fragment). */
const tokenSchema = z.string(text.joinInvalid).min(20, text.joinInvalid).max(100, text.joinInvalid).regex(/^[A-Za-z0-9_-]+$/, text.joinInvalid);

/** POST /api/invites/lookup: what /join shows before accepting. */
export const inviteLookupBodySchema = z.strictObject({ token: tokenSchema });
export const inviteStates = ['pending', 'expired', 'revoked', 'accepted'] as const;
export const invitePreviewSchema = z.object({
  company_name: z.string(),
  email: z.string(),
  company_role: z.enum(companyRoles),
  inviter_name: z.string().nullable(),
  state: z.enum(inviteStates),
  /** Whether an account with the invited address exists (then the person signs in to accept). */
  has_account: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

const fullNameSchema = z
  .string(text.fullNameRequired)
  .trim()
  .min(1, text.fullNameRequired)
  .max(MAX_FULL_NAME_LENGTH, messages.employerSignupFlow.fullNameTooLong)
  .refine(hasNoControlCharacters, messages.employerSignupFlow.invalidCharacters);

/** POST /api/invites/accept: a new person gives a name and password; a signed-in account gives neither. */
export const acceptInviteBodySchema = z.strictObject({
  token: tokenSchema,
  full_name: fullNameSchema.optional(),
  password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
});
export type AcceptInviteInput = z.input<typeof acceptInviteBodySchema>;
export const acceptInviteResultSchema = z.object({ company_id: z.string(), company_name: z.string(), company_role: z.enum(companyRoles) });

/** POST /api/invites/request-new: an expired or revoked invite's holder asks for a new one. */
export const requestNewInviteBodySchema = inviteLookupBodySchema;

/** A request to join the company (Team Management, for owners and admins). */
export const joinRequestSchema = z.object({ id: z.string(), user_id: z.string(), full_name: z.string(), email: z.string(), created_at: z.string() });
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequestListSchema = z.object({ requests: z.array(joinRequestSchema) });
export const joinRequestIdParamsSchema = z.object({ requestId: z.uuid(text.joinRequestNotFound) });
export const approveJoinRequestBodySchema = z.strictObject({ company_role: companyRoleSchema });

/** GET /api/join-requests/mine: the company the person may ask to join, and their pending request. */
export const myJoinStatusSchema = z.object({
  suggestion: z.object({ company_id: z.string(), company_name: z.string(), domain: z.string() }).nullable(),
  request: z.object({ id: z.string(), company_name: z.string(), created_at: z.string() }).nullable(),
});
export type MyJoinStatus = z.infer<typeof myJoinStatusSchema>;
export const createJoinRequestBodySchema = z.strictObject({ company_id: z.uuid(text.joinRequestNotAllowed) });
