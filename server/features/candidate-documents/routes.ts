import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import { candidateDocumentListSchema, candidateDocumentSchema, documentTypeSchema } from '../../../shared/schemas/candidate.ts';
import { sessionOf } from '../../http/access.ts';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { startStorageSweeper, type StorageSweeper } from '../../storage/sweep-intents.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { listDocumentsForViewer, openDocumentForViewer } from './document-access.ts';
import { sendPdfDownload } from './file-names.ts';
import { acceptRawPdfBodies, discardRestOfBody, pdfUploadOf, requirePdfContentType } from './pdf-request.ts';
import { listCandidateDocuments } from './list-documents.ts';
import { uploadCandidateDocument } from './upload-document.ts';

const m = messages.candidate.documents;

/**
 * Uploads one user may start per hour, counted per account (the access hook has resolved the
 * session before the limiter runs). With one current file per type, a candidate holds at most
 * 4 × 10 MB = 40 MB: that is the per-user quota (ASVS 5.2.4); this limit bounds the churn of
 * replacing files (at most 30 × 10 MB written per hour per account).
 */
export const UPLOAD_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `document-upload:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
  errorResponseBuilder: () => tooManyRequests(m.tooManyUploads),
} as const;

const uploadParamsSchema = z.object({ type: documentTypeSchema });
const documentParamsSchema = z.object({ documentId: z.uuid() });
// better-auth's user ids: letters and digits.
const candidateParamsSchema = z.object({ candidateId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid candidate id') });

/** Candidate documents: PDF uploads through the storage interface, and who may read them. */
export async function candidateDocumentRoutes(app: FastifyInstance, { config, database, storage }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  acceptRawPdfBodies(app);

  let sweeper: StorageSweeper | undefined;
  app.addHook('onReady', async () => {
    sweeper = startStorageSweeper({ db, storage, uploadTimeoutSeconds: config.UPLOAD_TIMEOUT_SECONDS, log: app.log });
    await sweeper.sweep();
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });

  api.put(
    '/api/candidate/documents/:type',
    {
      config: { access: 'user', rateLimit: UPLOAD_RATE_LIMIT },
      onRequest: requirePdfContentType,
      // The spec's own text for an anonymous upload; every other error as the app answers it.
      errorHandler: (error) => {
        if (error instanceof AppError && error.statusCode === 401) throw unauthorized(m.signInRequired);
        throw error;
      },
      schema: { params: uploadParamsSchema, response: { 201: candidateDocumentSchema } },
    },
    async (request, reply) => {
      const upload = pdfUploadOf(request, config.UPLOAD_TIMEOUT_SECONDS);
      try {
        const document = await uploadCandidateDocument({ db, storage, log: request.log }, sessionOf(request), { type: request.params.type, ...upload });
        return reply.code(201).send(document);
      } catch (error) {
        discardRestOfBody(upload.body);
        throw error;
      }
    },
  );

  api.get(
    '/api/candidate/documents',
    { config: { access: 'user' }, schema: { response: { 200: candidateDocumentListSchema } } },
    async (request) => {
      const session = sessionOf(request);
      if (session.profile.role !== 'candidate') throw forbidden(m.candidatesOnly, 'CANDIDATES_ONLY');
      return listCandidateDocuments(db, session.userId);
    },
  );

  api.get(
    '/api/candidates/:candidateId/documents',
    { config: { access: 'user' }, schema: { params: candidateParamsSchema, response: { 200: candidateDocumentListSchema } } },
    async (request) => listDocumentsForViewer(db, sessionOf(request), request.params.candidateId),
  );

  api.get('/api/documents/:documentId', { config: { access: 'user' }, schema: { params: documentParamsSchema } }, async (request, reply) => {
    const file = await openDocumentForViewer({ db, storage, log: request.log, ip: request.ip }, sessionOf(request), request.params.documentId);
    return sendPdfDownload(reply, file, file.fileName);
  });
}
