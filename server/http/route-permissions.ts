import type { CompanyPermission } from '../../shared/permissions.ts';

/**
 * What a company member needs for each employer route (issue 13). The access hook checks it for
 * every caller who belongs to a company, before the body is read; the route's own scope (whose
 * company, whose job) still applies after. Routes used by candidates too (a document download)
 * are checked only for company members. The route × role × company test reads this table.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, CompanyPermission>> = {
  'GET /api/dashboard/overview': 'overview.view',
  'GET /api/jobs': 'jobs.view',
  'POST /api/jobs': 'jobs.manage',
  'DELETE /api/jobs/:jobId': 'jobs.manage',
  'GET /api/jobs/:jobId/applications': 'pipeline.view',
  'GET /api/pipeline/drives': 'jobs.view',
  'POST /api/pipeline/drives': 'jobs.manage',
  'GET /api/pipeline/jobs/:jobId': 'pipeline.view',
  'GET /api/pipeline/applications/:applicationId': 'pipeline.view',
  'POST /api/pipeline/applications/:applicationId/stage': 'pipeline.move',
  'POST /api/pipeline/jobs/:jobId/bulk-reject': 'pipeline.move',
  'POST /api/candidate-search/search': 'candidates.search',
  'GET /api/candidate-search/saved-searches': 'candidates.search',
  'POST /api/candidate-search/saved-searches': 'candidates.search',
  'DELETE /api/candidate-search/saved-searches/:searchId': 'candidates.search',
  'GET /api/candidates/:candidateId/documents': 'candidates.view',
  'GET /api/documents/:documentId': 'candidates.view',
  'GET /api/interviews': 'interviews.view',
  'POST /api/interviews': 'interviews.manage',
  'GET /api/interviews/:id': 'interviews.view',
  'PATCH /api/interviews/:id': 'interviews.manage',
  'POST /api/interviews/:id/cancel': 'interviews.manage',
  'PUT /api/interviews/:id/scorecard': 'scorecards.write',
  'GET /api/interviews/:id/scorecards': 'interviews.view',
  'GET /api/employees': 'employees.view',
  'POST /api/employees': 'employees.manage',
  'PATCH /api/employees/:employmentId': 'employees.manage',
  'POST /api/employees/:employmentId/relieve': 'employees.manage',
  'GET /api/employment-records/shared/:candidateId': 'records.view',
  'GET /api/team': 'team.view',
  'GET /api/team/invites': 'team.view',
  'POST /api/team/invites': 'team.manage',
  'POST /api/team/invites/:inviteId/resend': 'team.manage',
  'DELETE /api/team/invites/:inviteId': 'team.manage',
  'PATCH /api/team/members/:userId': 'team.manage',
  'DELETE /api/team/members/:userId': 'team.manage',
  'POST /api/team/transfer-ownership': 'company.transfer',
};
