import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import {
  compareResultSchema,
  companyLetterListSchema,
  companyLetterSchema,
  issueLetterBodySchema,
  LETTER_LIMITS,
  letterCodeParamsSchema,
  letterIdParamsSchema,
  letterKindParamsSchema,
  letterTemplateBodySchema,
  letterTemplateListSchema,
  letterTemplateSchema,
  myLetterListSchema,
  publicLetterSchema,
  revokeLetterBodySchema,
} from '../../../shared/schemas/letters.ts';
import { sessionOf } from '../../http/access.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { sendPdfDownload } from '../candidate-documents/file-names.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { issueLetter } from './issue-letter.ts';
import { listLetterTemplates, resetLetterTemplate, saveLetterTemplate, type CompanyActor } from './letter-templates.ts';
import { compareLetter, listCompanyLetters, myLetters, openLetterPdf, publicLetter, revokeLetter } from './letters.ts';

const text = messages.letters;

/**
 * Letters (issue 17): templates (owners and admins), issuing and revoking (owners, admins and
 * recruiters, see ROUTE_PERMISSIONS), the PDF for the company and the person, the candidate's own
 * list, and the public verification of a code and of an uploaded copy.
 */
export async function letterRoutes(app: FastifyInstance, { database, storage, config, clock, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const actorOf = (request: FastifyRequest): CompanyActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip };
  };
  const user = { access: 'user' as const };

  api.get('/api/letters/templates', { config: user, schema: { response: { 200: letterTemplateListSchema } } }, async (request) => listLetterTemplates(db, actorOf(request).companyId));
  api.put('/api/letters/templates/:kind', { config: user, schema: { params: letterKindParamsSchema, body: letterTemplateBodySchema, response: { 200: letterTemplateSchema } } }, async (request) =>
    saveLetterTemplate(db, actorOf(request), request.params.kind, request.body),
  );
  api.delete('/api/letters/templates/:kind', { config: user, schema: { params: letterKindParamsSchema, response: { 200: letterTemplateSchema } } }, async (request) =>
    resetLetterTemplate(db, actorOf(request), request.params.kind),
  );

  api.get('/api/letters', { config: user, schema: { response: { 200: companyLetterListSchema } } }, async (request) => listCompanyLetters(db, actorOf(request).companyId));
  api.post('/api/letters', { config: user, schema: { body: issueLetterBodySchema, response: { 201: companyLetterSchema } } }, async (request, reply) => {
    const letter = await issueLetter({ db, storage, log: request.log, publicUrl: config.PUBLIC_URL, now: clock() }, actorOf(request), request.body);
    onMessageQueued();
    return reply.code(201).send(letter);
  });
  api.post('/api/letters/:letterId/revoke', { config: user, schema: { params: letterIdParamsSchema, body: revokeLetterBodySchema, response: { 200: companyLetterSchema } } }, async (request) =>
    revokeLetter(db, actorOf(request), request.params.letterId, request.body.reason),
  );
  api.get('/api/letters/:letterId/pdf', { config: user, schema: { params: letterIdParamsSchema } }, async (request, reply) => {
    const session = sessionOf(request);
    const file = await openLetterPdf({ db, storage }, { userId: session.userId, companyId: session.profile.role === 'employer' ? session.profile.company_id : null }, request.params.letterId);
    return sendPdfDownload(reply, file, file.filename);
  });

  api.get('/api/candidate/letters', { config: user, schema: { response: { 200: myLetterListSchema } } }, async (request) => {
    const session = sessionOf(request);
    if (session.profile.role !== 'candidate') throw forbidden(messages.candidate.documents.candidatesOnly, 'CANDIDATES_ONLY');
    return myLetters(db, session.userId);
  });

  api.get('/api/public/letters/:code', { config: { access: 'public' }, schema: { params: letterCodeParamsSchema, response: { 200: publicLetterSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return publicLetter(db, request.params.code);
  });

  // A copy to compare arrives as the raw file, whatever its type (a changed file may not even be a
  // PDF): bytes only, never parsed (issue 33 A5: a JSON body was parsed and re-serialised, and
  // deep nesting overflowed the stack); only its hash is kept, in memory.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LETTER_LIMITS.compareBytes }, (_request, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/api/public/letters/:code/compare',
      {
        config: { access: 'public' },
        bodyLimit: LETTER_LIMITS.compareBytes,
        schema: { params: letterCodeParamsSchema, response: { 200: compareResultSchema } },
        errorHandler: (error: FastifyError, request, reply) => {
          const own = error.statusCode === 413 ? new AppError(413, 'FILE_TOO_LARGE', text.fileTooLarge) : null;
          return app.errorHandler((own ?? error) as FastifyError, request, reply);
        },
      },
      async (request) => compareLetter(db, request.params.code, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)),
    );
  });
}
