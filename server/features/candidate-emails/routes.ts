import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { candidateEmailsMessages as text } from '../../../shared/messages/candidate-emails.ts';
import {
  applicationNoticePreferenceSchema,
  CANDIDATE_EMAIL_LIMITS,
  emailComposeSchema,
  emailTemplateBodySchema,
  emailTemplateListSchema,
  emailTemplateParamsSchema,
  emailTemplateSchema,
  sendCandidateEmailBodySchema,
  sentCandidateEmailSchema,
} from '../../../shared/schemas/candidate-emails.ts';
import { applicationIdParamsSchema } from '../../../shared/schemas/pipeline.ts';
import { sessionOf } from '../../http/access.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { getEmailCompose, sendCandidateEmail } from './candidate-email.ts';
import { createEmailTemplate, deleteEmailTemplate, listEmailTemplates, updateEmailTemplate, type CompanyActor } from './email-templates.ts';
import { getNoticePreference, saveNoticePreference } from './notice-preferences.ts';

/** Emails one member may send from the pipeline per hour (counted in the shared database, so across instances). */
const SEND_RATE_LIMIT = {
  max: CANDIDATE_EMAIL_LIMITS.sendsPerHour,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `candidate-email:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
  errorResponseBuilder: () => tooManyRequests(text.tooManyEmails),
} as const;

/**
 * Candidate emails (issue 36 §3 and §2): the company's templates (Settings → Candidate emails,
 * settings.emails), emailing a candidate from the pipeline (candidates.email: not interviewers),
 * and each member's instant-or-digest choice for new applications. The company always comes from
 * the session; another company's template or application is 404.
 */
export async function candidateEmailRoutes(app: FastifyInstance, { database, config, clock, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const actorOf = (request: FastifyRequest): CompanyActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip };
  };
  const user = { access: 'user' as const };

  api.get('/api/settings/email-templates', { config: user, schema: { response: { 200: emailTemplateListSchema } } }, async (request) => ({
    templates: await listEmailTemplates(db, actorOf(request).companyId),
  }));
  api.post(
    '/api/settings/email-templates',
    { config: user, schema: { body: emailTemplateBodySchema, response: { 201: emailTemplateSchema } } },
    async (request, reply) => reply.code(201).send(await createEmailTemplate(db, actorOf(request), request.body)),
  );
  api.put(
    '/api/settings/email-templates/:templateId',
    { config: user, schema: { params: emailTemplateParamsSchema, body: emailTemplateBodySchema, response: { 200: emailTemplateSchema } } },
    async (request) => updateEmailTemplate(db, actorOf(request), request.params.templateId, request.body),
  );
  api.delete('/api/settings/email-templates/:templateId', { config: user, schema: { params: emailTemplateParamsSchema } }, async (request, reply) => {
    await deleteEmailTemplate(db, actorOf(request), request.params.templateId);
    return reply.code(204).send();
  });

  api.get(
    '/api/pipeline/applications/:applicationId/email',
    { config: user, schema: { params: applicationIdParamsSchema, response: { 200: emailComposeSchema } } },
    async (request) => getEmailCompose(db, actorOf(request).companyId, request.params.applicationId, clock()),
  );
  api.post(
    '/api/pipeline/applications/:applicationId/email',
    { config: { ...user, rateLimit: SEND_RATE_LIMIT }, schema: { params: applicationIdParamsSchema, body: sendCandidateEmailBodySchema, response: { 201: sentCandidateEmailSchema } } },
    async (request, reply) => {
      const sent = await sendCandidateEmail(db, { ...actorOf(request), publicUrl: config.PUBLIC_URL }, request.params.applicationId, request.body, clock());
      onMessageQueued();
      return reply.code(201).send(sent);
    },
  );

  api.get('/api/notifications/application-notices', { config: user, schema: { response: { 200: applicationNoticePreferenceSchema } } }, async (request) =>
    getNoticePreference(db, sessionOf(request).userId),
  );
  api.put(
    '/api/notifications/application-notices',
    { config: user, schema: { body: applicationNoticePreferenceSchema, response: { 200: z.object({ mode: applicationNoticePreferenceSchema.shape.mode }) } } },
    async (request) => saveNoticePreference(db, actorOf(request), request.body, clock()),
  );
}
