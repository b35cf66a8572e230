import { z } from 'zod';
import { messages } from '../messages.ts';
import { roles } from '../options.ts';
import { isIsoDate } from './jobs.ts';

const text = messages.adminConsole;

/** The spec shows no page size: 25 users and 50 audit entries a page; a caller may ask for at most 100. */
export const ADMIN_USERS_PAGE_SIZE = 25;
export const AUDIT_LOGS_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** Deep offsets cost the database a scan each; nobody pages this far by hand. */
export const ADMIN_MAX_PAGE = 100_000;
export const ADMIN_SEARCH_MAX = 200;

/** Control characters (NUL above all, which PostgreSQL text cannot hold) are refused. */
const hasNoControlCharacters = (value: string) => !/\p{Cc}/u.test(value);
// An empty ?role= or ?page= (a form with nothing chosen) is treated as absent.
const emptyAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const page = z.preprocess(emptyAsAbsent, z.coerce.number(text.invalidPage).int(text.invalidPage).min(1, text.invalidPage).max(ADMIN_MAX_PAGE, text.invalidPage).default(1));
const pageSize = (fallback: number) =>
  z.preprocess(emptyAsAbsent, z.coerce.number(text.invalidPageSize).int(text.invalidPageSize).min(1, text.invalidPageSize).max(ADMIN_MAX_PAGE_SIZE, text.invalidPageSize).default(fallback));
const searchText = (message: string) =>
  z.preprocess(emptyAsAbsent, z.string(message).trim().max(ADMIN_SEARCH_MAX, message).refine(hasNoControlCharacters, message).optional());
const isoDate = z.preprocess(emptyAsAbsent, z.string(text.invalidDate).refine(isIsoDate, text.invalidDate).optional());

/** GET /api/admin/users?search=&role=&page=&page_size=. Unknown parameters are refused (400). */
export const adminUsersQuerySchema = z.strictObject({
  search: searchText(text.invalidSearch),
  role: z.preprocess(emptyAsAbsent, z.enum(roles, text.invalidRole).optional()),
  page,
  page_size: pageSize(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** One user as the Users tab shows it. */
export const adminUserSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  created_at: z.string(),
  suspended: z.boolean(),
  suspended_at: z.string().nullable(),
  /** A verified second factor is set up (issue 33, A7: an admin may reset it). */
  mfa_enabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const pagination = { total: z.number().int().nonnegative(), page: z.number().int().positive(), page_size: z.number().int().positive(), page_count: z.number().int().nonnegative() };

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), ...pagination });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** /api/admin/users/:userId/…: auth user ids are short random strings. */
export const adminUserParamsSchema = z.strictObject({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'userId must be a user id') });

/** PATCH /api/admin/users/:userId/role. Strict: only the role may be sent. */
export const changeUserRoleBodySchema = z.strictObject({ role: z.enum(roles, text.invalidRole) });
export type ChangeUserRoleBody = z.infer<typeof changeUserRoleBodySchema>;

/**
 * GET /api/admin/audit-logs?actor=&action=&company=&from=&to=&page=&page_size=. `actor` is a user
 * id or part of a name or email; `from` and `to` are dates in India (inclusive).
 */
export const auditLogsQuerySchema = z
  .strictObject({
    actor: searchText(text.invalidActor),
    action: z.preprocess(emptyAsAbsent, z.string(text.invalidAction).regex(/^[A-Za-z0-9_.:-]{1,100}$/, text.invalidAction).optional()),
    company: z.preprocess(emptyAsAbsent, z.uuid(text.invalidCompany).optional()),
    from: isoDate,
    to: isoDate,
    page,
    page_size: pageSize(AUDIT_LOGS_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: text.invalidDateRange, path: ['from'] });
export type AuditLogsQuery = z.output<typeof auditLogsQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip_address: z.string().nullable(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogsPageSchema = z.object({ entries: z.array(auditLogEntrySchema), ...pagination });
export type AuditLogsPage = z.infer<typeof auditLogsPageSchema>;

/** GET /api/admin/audit-logs/facets: what the filter dropdowns offer. */
export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

/** The audit actions of Manage Users. */
export const adminUserActions = { roleChanged: 'user_role_changed', suspended: 'user_suspended', restored: 'user_restored', mfaReset: 'user_mfa_reset' } as const;
