import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import { candidateDocumentListSchema, candidateDocumentSchema, documentTypeSchema, MAX_DOCUMENT_BYTES } from '../../../shared/schemas/candidate.ts';
import { sessionOf } from '../../http/access.ts';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { startStorageSweeper, type StorageSweeper } from '../../storage/sweep-intents.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { listDocumentsForViewer, openDocumentForViewer } from './document-access.ts';
import { attachmentDisposition, sanitizeOriginalName } from './file-names.ts';
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

  // The body reaches the handler unread: the upload streams it to storage while counting and
  // judging it, so a 10 MB PDF never sits in memory. Only in this plugin's scope.
  app.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));

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
      onRequest: async (request) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/pdf') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', m.wrongContentType);
      },
      // The spec's own text for an anonymous upload; every other error as the app answers it.
      errorHandler: (error) => {
        if (error instanceof AppError && error.statusCode === 401) throw unauthorized(m.signInRequired);
        throw error;
      },
      schema: { params: uploadParamsSchema, response: { 201: candidateDocumentSchema } },
    },
    async (request, reply) => {
      const body = request.body as Readable;
      const declared = Number(request.headers['content-length']);
      try {
        const document = await uploadCandidateDocument({ db, storage, log: request.log }, sessionOf(request), {
          type: request.params.type,
          body,
          originalName: sanitizeOriginalName(request.headers['x-file-name']),
          declaredBytes: Number.isFinite(declared) ? declared : undefined,
          timeoutMs: config.UPLOAD_TIMEOUT_SECONDS * 1000,
        });
        return reply.code(201).send(document);
      } catch (error) {
        discardRestOfBody(body);
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
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.body);
  });
}

/**
 * After a refusal mid-body (too large, not a PDF), read and drop what the client is still sending,
 * so it gets to read our answer instead of a reset connection; but no more than another 10 MB,
 * nor for longer than 30 seconds.
 */
function discardRestOfBody(body: Readable): void {
  if (body.readableEnded || body.destroyed) return;
  let discarded = 0;
  const giveUp = setTimeout(() => body.destroy(), 30_000);
  giveUp.unref();
  body.once('end', () => clearTimeout(giveUp));
  body.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DOCUMENT_BYTES) {
      clearTimeout(giveUp);
      body.destroy();
    }
  });
  body.resume();
}
