/**
 * Company roles and what each may do: the one permission table, read by the server (which
 * enforces it on every route) and by the browser (which only hides what the server refuses).
 *
 * Platform roles (admin, employer, candidate) say what kind of account a person has; a company
 * role says what an employer may do inside their company.
 */
export const companyRoles = ['owner', 'admin', 'recruiter', 'interviewer'] as const;
export type CompanyRole = (typeof companyRoles)[number];

export const companyRoleLabels: Record<CompanyRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  recruiter: 'Recruiter',
  interviewer: 'Interviewer',
};

export const companyRoleDescriptions: Record<CompanyRole, string> = {
  owner: 'Everything, including billing and deleting or transferring the company.',
  admin: 'Team, settings, jobs, pipeline, candidates, interviews and employees; not billing or ownership.',
  recruiter: 'Jobs, pipeline, candidate search, interviews and employees; no team or settings changes.',
  interviewer: 'Only the interviews they are assigned to, those candidates and their scorecards.',
};

/**
 * What a company member may do. Interviewers see the jobs, applications, candidates and
 * interviews they are assigned to (the services scope their reads); the `*.view` permissions
 * below say only whether the route is open to them at all.
 */
const RECRUITING = [
  'overview.view',
  'jobs.view',
  'jobs.manage',
  'pipeline.view',
  'pipeline.move',
  'candidates.email',
  'candidates.view',
  'candidates.search',
  'interviews.view',
  'interviews.manage',
  'scorecards.write',
  'employees.view',
  'employees.manage',
  'records.view',
  'analytics.view',
  'documents.view',
  'letters.issue',
  'offers.manage',
  'team.view',
  'plan.view',
] as const;
const MANAGING = ['team.manage', 'settings.company', 'settings.emails', 'settings.letters', 'offers.approve', 'billing.view', 'developers.manage'] as const;
const OWNING = ['billing.manage', 'company.transfer', 'company.delete'] as const;

export const companyPermissions = [...RECRUITING, ...MANAGING, ...OWNING] as const;
export type CompanyPermission = (typeof companyPermissions)[number];

/** What each permission lets a member do, as the refusal says it ("Your role (Interviewer) cannot post or change jobs"). */
export const companyPermissionLabels: Record<CompanyPermission, string> = {
  'overview.view': 'see the company overview',
  'jobs.view': 'see jobs',
  'jobs.manage': 'post or change jobs',
  'pipeline.view': 'see applications',
  'pipeline.move': 'move applications between stages',
  'candidates.email': 'email candidates',
  'candidates.view': "see candidates' details",
  'candidates.search': 'search all candidates',
  'interviews.view': 'see interviews',
  'interviews.manage': 'schedule or change interviews',
  'scorecards.write': 'fill in scorecards',
  'employees.view': 'see employees',
  'employees.manage': 'add or relieve employees',
  'records.view': 'read shared employment records',
  'analytics.view': 'see analytics',
  'documents.view': "see candidates' documents",
  'letters.issue': 'issue or revoke letters',
  'offers.manage': 'make, send or withdraw offers',
  'offers.approve': 'approve offers',
  'settings.letters': 'change letter templates',
  'team.view': 'see the team',
  'plan.view': "see whether the company's plan is active",
  'billing.view': 'see billing',
  'developers.manage': 'manage API keys',
  'team.manage': 'change the team',
  'settings.company': 'change company settings',
  'settings.emails': 'change candidate emails',
  'billing.manage': 'manage billing',
  'company.transfer': 'transfer the company',
  'company.delete': 'delete the company',
};

const ROLE_PERMISSIONS: Record<CompanyRole, ReadonlySet<CompanyPermission>> = {
  owner: new Set(companyPermissions),
  admin: new Set([...RECRUITING, ...MANAGING]),
  recruiter: new Set(RECRUITING),
  interviewer: new Set(['jobs.view', 'pipeline.view', 'candidates.view', 'interviews.view', 'scorecards.write', 'plan.view']),
};

/** Whether a member with this company role may do this. No role (not a member): nothing. */
export function can(role: CompanyRole | null | undefined, permission: CompanyPermission): boolean {
  return role ? ROLE_PERMISSIONS[role].has(permission) : false;
}

/** Interviewers see only what they are assigned to; every other role sees the whole company. */
export function seesOnlyAssigned(role: CompanyRole | null | undefined): boolean {
  return role === 'interviewer';
}

/**
 * Who may give or take which role. Owners manage everyone; admins manage recruiters,
 * interviewers and other admins, but never make, change or remove an owner.
 */
export function canAssignRole(actor: CompanyRole | null | undefined, from: CompanyRole | null, to: CompanyRole | null): boolean {
  if (actor === 'owner') return true;
  if (actor !== 'admin') return false;
  return from !== 'owner' && to !== 'owner';
}

/** The roles that have a permission, most senior first ("Only owners and admins can …"). */
export function rolesWith(permission: CompanyPermission): CompanyRole[] {
  return companyRoles.filter((role) => ROLE_PERMISSIONS[role].has(permission));
}
