import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  candidateInvitationListSchema,
  candidateInvitationSchema,
  invitationAnswerBodySchema,
  invitationAnswerResultSchema,
  invitationBodySchema,
  invitationForCandidateSchema,
  invitationImportPreviewSchema,
  invitationImportResultSchema,
  invitationJobParamsSchema,
  invitationParamsSchema,
  invitationTokenBodySchema,
} from '../../../shared/schemas/candidate-invitations.ts';
import { csvImportBodySchema } from '../../../shared/schemas/csv-import.ts';
import { CSV_IMPORT_BODY_BYTES } from '../../imports/csv-table.ts';
import { candidateInvitationsMessages as text } from '../../../shared/messages/candidate-invitations.ts';
import { sessionOf } from '../../http/access.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { sendPdfDownload } from '../candidate-documents/file-names.ts';
import { acceptRawPdfBodies, discardRestOfBody, pdfUploadOf, requirePdfContentType } from '../candidate-documents/pdf-request.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { answerInvitation, lookupInvitation, openInvitationResumeForPerson } from './answer-invitation.ts';
import { attachInvitationResume, openInvitationResumeForCompany, removeInvitationResume, type HeldResumeFile } from './invitation-resume.ts';
import { importInvitations, previewInvitationImport } from './invitation-import.ts';
import { inviteCandidate, listInvitations, withdrawInvitation } from './invitations.ts';

/** The link's page is public: a token guess is one of 2^256, but keep each address from hammering it. */
const LINK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** Resumes one team member may attach an hour: a walk-in drive's busiest hour, with room; each file at most 10 MB. */
const RESUME_RATE_LIMIT = {
  max: 120,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `invitation-resume:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
  errorResponseBuilder: () => tooManyRequests(text.tooManyResumes),
} as const;

/**
 * Adding candidates by hand or from a CSV file (issue 36 §2, ADR 0030): the company's side
 * (pipeline.move, its own jobs only) and the person's answer from the emailed link, with no session:
 * the secret token (in the link's #fragment, sent in the body) is the only key.
 */
export async function candidateInvitationRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const sendHeld = (reply: FastifyReply, file: HeldResumeFile) => sendPdfDownload(reply, file, file.fileName);
  const files = (request: FastifyRequest) => ({ db, storage: deps.storage, log: request.log });
  acceptRawPdfBodies(app);
  const actorOf = (request: Parameters<typeof sessionOf>[0]) => ({ userId: sessionOf(request).userId, companyId: employerCompanyId(sessionOf(request)), ip: request.ip });
  const context = () => ({ now: deps.clock(), publicUrl: deps.config.PUBLIC_URL });

  api.get(
    '/api/pipeline/jobs/:jobId/invitations',
    { config: { access: 'user' }, schema: { params: invitationJobParamsSchema, response: { 200: candidateInvitationListSchema } } },
    async (request) => ({ invitations: await listInvitations(db, actorOf(request).companyId, request.params.jobId, deps.clock()) }),
  );

  api.post(
    '/api/pipeline/jobs/:jobId/invitations',
    { config: { access: 'user' }, schema: { params: invitationJobParamsSchema, body: invitationBodySchema, response: { 201: candidateInvitationSchema } } },
    async (request, reply) => {
      const invitation = await inviteCandidate(db, actorOf(request), request.params.jobId, request.body, context());
      deps.onMessageQueued();
      return reply.code(201).send(invitation);
    },
  );

  api.post(
    '/api/pipeline/jobs/:jobId/invitations/import/preview',
    { config: { access: 'user' }, bodyLimit: CSV_IMPORT_BODY_BYTES, schema: { params: invitationJobParamsSchema, body: csvImportBodySchema, response: { 200: invitationImportPreviewSchema } } },
    async (request) => previewInvitationImport(db, actorOf(request), request.params.jobId, request.body.csv),
  );

  api.post(
    '/api/pipeline/jobs/:jobId/invitations/import',
    { config: { access: 'user' }, bodyLimit: CSV_IMPORT_BODY_BYTES, schema: { params: invitationJobParamsSchema, body: csvImportBodySchema, response: { 201: invitationImportResultSchema } } },
    async (request, reply) => {
      const result = await importInvitations(db, actorOf(request), request.params.jobId, request.body.csv, context());
      deps.onMessageQueued();
      return reply.code(201).send(result);
    },
  );

  api.post(
    '/api/pipeline/invitations/:invitationId/withdraw',
    { config: { access: 'user' }, schema: { params: invitationParamsSchema, response: { 200: candidateInvitationSchema } } },
    async (request) => withdrawInvitation(files(request), actorOf(request), request.params.invitationId),
  );

  // The resume a walk-in or a referral handed over (ADR 0030 addendum): the company's copy until the person answers.
  api.put(
    '/api/pipeline/invitations/:invitationId/resume',
    { config: { access: 'user', rateLimit: RESUME_RATE_LIMIT }, onRequest: requirePdfContentType, schema: { params: invitationParamsSchema, response: { 200: candidateInvitationSchema } } },
    async (request) => {
      const upload = pdfUploadOf(request, deps.config.UPLOAD_TIMEOUT_SECONDS);
      try {
        return await attachInvitationResume(files(request), actorOf(request), request.params.invitationId, upload, deps.clock());
      } catch (error) {
        discardRestOfBody(upload.body);
        throw error;
      }
    },
  );

  api.delete(
    '/api/pipeline/invitations/:invitationId/resume',
    { config: { access: 'user' }, schema: { params: invitationParamsSchema, response: { 200: candidateInvitationSchema } } },
    async (request) => removeInvitationResume(files(request), actorOf(request), request.params.invitationId, deps.clock()),
  );

  api.get('/api/pipeline/invitations/:invitationId/resume', { config: { access: 'user' }, schema: { params: invitationParamsSchema } }, async (request, reply) =>
    sendHeld(reply, await openInvitationResumeForCompany(files(request), actorOf(request).companyId, request.params.invitationId, deps.clock())),
  );

  api.post(
    '/api/candidate-invitations/lookup',
    { config: { access: 'public', rateLimit: LINK_RATE_LIMIT }, schema: { body: invitationTokenBodySchema, response: { 200: invitationForCandidateSchema } } },
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await lookupInvitation(db, request.body.token, deps.clock())),
  );

  api.post(
    '/api/candidate-invitations/answer',
    { config: { access: 'public', rateLimit: LINK_RATE_LIMIT }, schema: { body: invitationAnswerBodySchema, response: { 200: invitationAnswerResultSchema } } },
    async (request) => {
      const { token, answer, keep_resume: keepResume } = request.body;
      const result = await answerInvitation(files(request), token, answer, { now: deps.clock(), ip: request.ip, publicUrl: deps.config.PUBLIC_URL, planLimits: deps.planLimits, keepResume });
      deps.onMessageQueued();
      return result;
    },
  );

  // The person's look at the resume the company attached, before they answer.
  api.post(
    '/api/candidate-invitations/resume',
    { config: { access: 'public', rateLimit: LINK_RATE_LIMIT }, schema: { body: invitationTokenBodySchema } },
    async (request, reply) => sendHeld(reply, await openInvitationResumeForPerson(files(request), request.body.token, deps.clock())),
  );
}
