import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditFacetsSchema, auditLogsPageSchema, auditLogsQuerySchema } from '../../../shared/schemas/admin-console.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { listAuditFacets, listAuditLogs } from './list-audit-logs.ts';

/** The admin audit log (issue 6): admins only. */
export async function auditLogsRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/admin/audit-logs', { config: { access: 'admin' }, schema: { querystring: auditLogsQuerySchema, response: { 200: auditLogsPageSchema } } }, async (request) =>
    listAuditLogs(database.db, request.query),
  );
  api.get('/api/admin/audit-logs/facets', { config: { access: 'admin' }, schema: { response: { 200: auditFacetsSchema } } }, async () => listAuditFacets(database.db));
}
