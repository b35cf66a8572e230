import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobIdParamsSchema } from '../../../shared/schemas/job-detail.ts';
import { interviewIdParamsSchema } from '../../../shared/schemas/interviews.ts';
import {
  applicationIdParamsSchema,
  putScorecardTemplateBodySchema,
  scorecardBodySchema,
  scorecardListSchema,
  scorecardSchema,
  scorecardSummarySchema,
  scorecardTemplateSchema,
} from '../../../shared/schemas/scorecards.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { memberScope } from '../team/member-scope.ts';
import { interviewCompanyOf } from './interview-scope.ts';
import { applicationScorecardSummary } from './scorecard-summary.ts';
import { getScorecardTemplate, setScorecardTemplate } from './scorecard-templates.ts';
import { listScorecards, saveScorecard } from './scorecards.ts';

/** Structured scorecards (issue 36 §4): the job's template, the interviewer's scorecard, and who sees what. */
export async function scorecardRoutes(app: FastifyInstance, { database, clock }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/api/jobs/:jobId/scorecard-template',
    { config: { access: 'user' }, schema: { params: jobIdParamsSchema, response: { 200: scorecardTemplateSchema } } },
    async (request) => getScorecardTemplate(db, employerCompanyId(sessionOf(request)), request.params.jobId),
  );

  api.put(
    '/api/jobs/:jobId/scorecard-template',
    { config: { access: 'user' }, schema: { params: jobIdParamsSchema, body: putScorecardTemplateBodySchema, response: { 200: scorecardTemplateSchema } } },
    async (request) => {
      const session = sessionOf(request);
      return setScorecardTemplate(db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.jobId, request.body, clock());
    },
  );

  // The others' scores only once the caller's own is in, when they interview (scorecards.ts).
  api.get(
    '/api/interviews/:id/scorecards',
    { config: { access: 'user' }, schema: { params: interviewIdParamsSchema, response: { 200: scorecardListSchema } } },
    async (request) => {
      const session = sessionOf(request);
      return listScorecards(db, memberScope(session), session.userId, request.params.id);
    },
  );

  api.put(
    '/api/interviews/:id/scorecard',
    { config: { access: 'user' }, schema: { params: interviewIdParamsSchema, body: scorecardBodySchema, response: { 200: scorecardSchema } } },
    async (request) => {
      const session = sessionOf(request);
      return saveScorecard(db, { userId: session.userId, companyId: interviewCompanyOf(session), ip: request.ip }, request.params.id, request.body, clock());
    },
  );

  api.get(
    '/api/pipeline/applications/:applicationId/scorecards',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, response: { 200: scorecardSummarySchema } } },
    async (request) => {
      const session = sessionOf(request);
      return applicationScorecardSummary(db, memberScope(session), session.userId, request.params.applicationId, clock());
    },
  );
}
