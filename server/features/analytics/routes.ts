import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsOptionsSchema,
  analyticsQuerySchema,
  type AnalyticsQuery,
  funnelReportSchema,
  jobsReportSchema,
  sourcesReportSchema,
  speedReportSchema,
  verificationReportSchema,
} from '../../../shared/schemas/analytics.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { analyticsOptions } from './analytics-options.ts';
import { funnelReport } from './funnel-report.ts';
import { jobsReport } from './jobs-report.ts';
import { reportScope } from './report-scope.ts';
import { sourcesReport } from './sources-report.ts';
import { speedReport } from './speed-report.ts';
import { verificationReport } from './verification-report.ts';

/** Analytics (issue 17): each report for the caller's company, owners, admins and recruiters only (ROUTE_PERMISSIONS). */
export async function analyticsRoutes(app: FastifyInstance, { database, clock }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get('/api/analytics/options', { config: { access: 'user' }, schema: { response: { 200: analyticsOptionsSchema } } }, async (request) =>
    analyticsOptions(db, employerCompanyId(sessionOf(request))),
  );

  const query = { querystring: analyticsQuerySchema };
  const scopeOf = (request: FastifyRequest & { query: AnalyticsQuery }) => reportScope(db, employerCompanyId(sessionOf(request)), request.query);
  const user = { access: 'user' as const };

  api.get('/api/analytics/funnel', { config: user, schema: { ...query, response: { 200: funnelReportSchema } } }, async (request) => funnelReport(db, await scopeOf(request)));
  api.get('/api/analytics/speed', { config: user, schema: { ...query, response: { 200: speedReportSchema } } }, async (request) => speedReport(db, await scopeOf(request)));
  api.get('/api/analytics/sources', { config: user, schema: { ...query, response: { 200: sourcesReportSchema } } }, async (request) => sourcesReport(db, await scopeOf(request)));
  api.get('/api/analytics/jobs', { config: user, schema: { ...query, response: { 200: jobsReportSchema } } }, async (request) => jobsReport(db, await scopeOf(request), clock()));
  api.get('/api/analytics/verification', { config: user, schema: { ...query, response: { 200: verificationReportSchema } } }, async (request) =>
    verificationReport(db, await scopeOf(request)),
  );
}
