import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import { MAX_DOCUMENT_BYTES } from '../../../shared/schemas/candidate.ts';
import { AppError } from '../../http/errors.ts';
import { sanitizeOriginalName } from './file-names.ts';
import type { PdfBody } from './store-pdf.ts';

const m = messages.candidate.documents;

/**
 * A PUT whose body is the PDF itself (not a form). The body reaches the handler unread: the upload
 * streams it to storage while counting and judging it, so a 10 MB PDF never sits in memory. Call
 * once in each plugin that takes such uploads (content-type parsers are scoped to their plugin).
 */
export function acceptRawPdfBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));
}

/** The route's onRequest hook: anything but Content-Type application/pdf is 415 before the body is read. */
export async function requirePdfContentType(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/pdf') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', m.wrongContentType);
}

/** What the upload needs from the request: the unread body, the declared length, the file's shown name (X-File-Name). */
export function pdfUploadOf(request: FastifyRequest, timeoutSeconds: number): PdfBody & { originalName: string | null } {
  const declared = Number(request.headers['content-length']);
  return {
    body: request.body as Readable,
    originalName: sanitizeOriginalName(request.headers['x-file-name']),
    declaredBytes: Number.isFinite(declared) ? declared : undefined,
    timeoutMs: timeoutSeconds * 1000,
  };
}

/**
 * After a refusal mid-body (too large, not a PDF), read and drop what the client is still sending,
 * so it gets to read our answer instead of a reset connection; but no more than another 10 MB,
 * nor for longer than 30 seconds.
 */
export function discardRestOfBody(body: Readable): void {
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
