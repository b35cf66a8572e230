import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPrivacyRequestListSchema,
  adminPrivacyRequestSchema,
  adminRequestsQuerySchema,
  answerRequestBodySchema,
  breachBodySchema,
  breachIdParamsSchema,
  breachListSchema,
  breachNoticeBodySchema,
  breachSchema,
  correctionBodySchema,
  dataExportSchema,
  exportIdParamsSchema,
  grievanceBodySchema,
  guardianConsentBodySchema,
  guardianConsentListSchema,
  guardianConsentSchema,
  nomineeBodySchema,
  nomineeSchema,
  privacyOverviewSchema,
  privacyRequestSchema,
  requestIdParamsSchema,
  retentionRunListSchema,
} from '../../../shared/schemas/privacy.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { listBreaches, markBreachReported, notifyBreach, recordBreach } from './breaches.ts';
import { cancelErasureOrFail, requestErasure } from './erasure.ts';
import { listGuardianConsents, recordGuardianConsent } from './guardian.ts';
import { openExport, requestExport } from './exports.ts';
import { removeNominee, setNominee } from './nominee.ts';
import { listRetentionRuns } from './retention.ts';
import { getPrivacyOverview, personIdOf } from './overview.ts';
import { answerPrivacyRequest, listCompanyCorrections, listPrivacyRequests, raiseGrievance, type PrivacyContext } from './requests.ts';
import { requestCorrection } from './corrections.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';

/** Up to 10,000 affected addresses in one report: more than the 100 KB default for JSON bodies. */
const BREACH_BODY_BYTES = 1024 * 1024;

/**
 * Data rights (issue 18). The person's own privacy centre ('user', candidates only, their own rows
 * by construction) and the platform admins' queue of requests ('admin').
 */
export async function privacyRoutes(app: FastifyInstance, { config, database, storage, onMessageQueued, clock }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const officer = { name: config.GRIEVANCE_OFFICER_NAME, email: config.GRIEVANCE_OFFICER_EMAIL };
  const context = (ip: string): PrivacyContext => ({ officer, publicUrl: config.PUBLIC_URL, ip, now: clock() });

  api.get('/api/privacy', { config: { access: 'user' }, schema: { response: { 200: privacyOverviewSchema } } }, async (request) =>
    getPrivacyOverview(db, personIdOf(sessionOf(request)), officer),
  );

  api.post('/api/privacy/grievances', { config: { access: 'user' }, schema: { body: grievanceBodySchema, response: { 201: privacyRequestSchema } } }, async (request, reply) => {
    const grievance = await raiseGrievance(db, personIdOf(sessionOf(request)), request.body, context(request.ip));
    onMessageQueued();
    return reply.code(201).send(grievance);
  });

  api.put('/api/privacy/nominee', { config: { access: 'user' }, schema: { body: nomineeBodySchema, response: { 200: nomineeSchema } } }, async (request) =>
    setNominee(db, personIdOf(sessionOf(request)), request.body, request.ip),
  );

  api.delete('/api/privacy/nominee', { config: { access: 'user' } }, async (request, reply) => {
    await removeNominee(db, personIdOf(sessionOf(request)), request.ip);
    return reply.code(204).send();
  });

  api.post('/api/privacy/exports', { config: { access: 'user' }, schema: { response: { 202: dataExportSchema } } }, async (request, reply) => {
    const { export: asked } = await requestExport(db, personIdOf(sessionOf(request)), request.ip, clock());
    app.privacyJobs.kick();
    return reply.code(202).send(asked);
  });

  api.get('/api/privacy/exports/:exportId/download', { config: { access: 'user' }, schema: { params: exportIdParamsSchema } }, async (request, reply) => {
    const file = await openExport({ db, storage, now: clock }, personIdOf(sessionOf(request)), request.params.exportId, request.ip);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  api.post('/api/privacy/corrections', { config: { access: 'user' }, schema: { body: correctionBodySchema, response: { 201: privacyRequestSchema } } }, async (request, reply) => {
    const correction = await requestCorrection(db, personIdOf(sessionOf(request)), request.body, context(request.ip));
    onMessageQueued();
    return reply.code(201).send(correction);
  });

  api.get('/api/company/privacy/corrections', { config: { access: 'user' }, schema: { response: { 200: adminPrivacyRequestListSchema } } }, async (request) =>
    listCompanyCorrections(db, employerCompanyId(sessionOf(request))),
  );

  api.patch(
    '/api/company/privacy/corrections/:requestId',
    { config: { access: 'user' }, schema: { params: requestIdParamsSchema, body: answerRequestBodySchema, response: { 200: adminPrivacyRequestSchema } } },
    async (request) => {
      const session = sessionOf(request);
      const answered = await answerPrivacyRequest(db, session.userId, request.params.requestId, request.body, { ...context(request.ip), companyId: employerCompanyId(session) });
      onMessageQueued();
      return answered;
    },
  );

  api.post('/api/privacy/erasure', { config: { access: 'user' }, schema: { response: { 201: privacyRequestSchema } } }, async (request, reply) => {
    const scheduled = await requestErasure(db, personIdOf(sessionOf(request)), { publicUrl: config.PUBLIC_URL, ip: request.ip, now: clock() });
    onMessageQueued();
    return reply.code(201).send(scheduled);
  });

  api.delete('/api/privacy/erasure', { config: { access: 'user' } }, async (request, reply) => {
    await cancelErasureOrFail(db, personIdOf(sessionOf(request)), { ip: request.ip, now: clock() });
    onMessageQueued();
    return reply.code(204).send();
  });

  api.get('/api/admin/privacy/requests', { config: { access: 'admin' }, schema: { querystring: adminRequestsQuerySchema, response: { 200: adminPrivacyRequestListSchema } } }, async (request) =>
    listPrivacyRequests(db, request.query.status),
  );

  const breachActor = (request: { ip: string }, adminId: string) => ({ adminId, ip: request.ip, now: clock() });
  api.get('/api/admin/privacy/breaches', { config: { access: 'admin' }, schema: { response: { 200: breachListSchema } } }, async () => listBreaches(db));

  api.post('/api/admin/privacy/breaches', { config: { access: 'admin' }, bodyLimit: BREACH_BODY_BYTES, schema: { body: breachBodySchema, response: { 201: breachSchema } } }, async (request, reply) =>
    reply.code(201).send(await recordBreach(db, breachActor(request, sessionOf(request).userId), request.body)),
  );

  api.post(
    '/api/admin/privacy/breaches/:breachId/notify',
    { config: { access: 'admin' }, schema: { params: breachIdParamsSchema, body: breachNoticeBodySchema, response: { 200: breachSchema } } },
    async (request) => {
      const breach = await notifyBreach(db, breachActor(request, sessionOf(request).userId), request.params.breachId, request.body.notice);
      onMessageQueued();
      return breach;
    },
  );

  api.post('/api/admin/privacy/breaches/:breachId/reported', { config: { access: 'admin' }, schema: { params: breachIdParamsSchema, response: { 200: breachSchema } } }, async (request) =>
    markBreachReported(db, breachActor(request, sessionOf(request).userId), request.params.breachId),
  );

  api.get('/api/admin/privacy/guardian-consents', { config: { access: 'admin' }, schema: { response: { 200: guardianConsentListSchema } } }, async () => listGuardianConsents(db));

  api.post(
    '/api/admin/privacy/guardian-consents',
    { config: { access: 'admin' }, schema: { body: guardianConsentBodySchema, response: { 201: guardianConsentSchema } } },
    async (request, reply) => {
      const recorded = await recordGuardianConsent(db, { adminId: sessionOf(request).userId, ip: request.ip, now: clock(), publicUrl: config.PUBLIC_URL }, request.body);
      onMessageQueued();
      return reply.code(201).send(recorded);
    },
  );

  api.get('/api/admin/privacy/retention-runs', { config: { access: 'admin' }, schema: { response: { 200: retentionRunListSchema } } }, async () => listRetentionRuns(db));

  api.patch(
    '/api/admin/privacy/requests/:requestId',
    { config: { access: 'admin' }, schema: { params: requestIdParamsSchema, body: answerRequestBodySchema, response: { 200: adminPrivacyRequestSchema } } },
    async (request) => {
      const answered = await answerPrivacyRequest(db, sessionOf(request).userId, request.params.requestId, request.body, context(request.ip));
      onMessageQueued();
      return answered;
    },
  );
}
