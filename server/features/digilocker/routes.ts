import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import {
  callbackQuerySchema,
  devAuthorizeQuerySchema,
  importRequestSchema,
  importResultSchema,
  issuedDocumentListSchema,
  issuedFileListSchema,
  myIssuedDocumentsSchema,
  startAuthorizationSchema,
} from '../../../shared/schemas/digilocker.ts';
import { sessionOf } from '../../http/access.ts';
import { errorAnswer } from '../../http/error-handler.ts';
import { AppError, tooManyRequests } from '../../http/errors.ts';
import { createDigilockerProvider, isDevelopmentDigilocker } from '../verification/sources/digilocker/create-provider.ts';
import { hashState } from '../verification/sources/digilocker/pkce.ts';
import type { DigilockerProvider } from '../verification/sources/digilocker/provider.ts';
import { meteredDigilocker } from './metered-provider.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { completeCallback, startAuthorization } from './authorizations.ts';
import { importIssuedDocuments, listIssuedFiles } from './import-documents.ts';
import { deleteIssuedDocument, listIssuedDocumentsForViewer, listMyIssuedDocuments, openIssuedFile } from './issued-documents.ts';
import { consentPage, messagePage, PAGE_CSP } from './pages.ts';
import { clearTokenCookie, readTokenCookie, setTokenCookie } from './token-cookie.ts';

const text = messages.digilocker;
const documentParamsSchema = z.object({ documentId: z.uuid() });
const candidateParamsSchema = z.object({ candidateId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid candidate id') });

/** Each start and each import calls DigiLocker: thirty an hour per account is far above a person's need. */
const DIGILOCKER_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `digilocker:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
  errorResponseBuilder: () => tooManyRequests(messages.errors.rateLimited),
} as const;

/** Documents brought from DigiLocker (issue 34 §4): thin routes over the service functions beside them. */
export async function digilockerRoutes(app: FastifyInstance, { config, database, storage, clock }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const created = createDigilockerProvider({ config, now: clock });
  // Every call counted for the platform admins (issue 34 §5).
  const provider = created ? meteredDigilocker(created, db, app.log) : null;
  const secure = config.isProduction;
  const enabled = (): DigilockerProvider => {
    if (!provider) throw new AppError(404, 'DIGILOCKER_DISABLED', text.disabled);
    return provider;
  };
  const deps = (request: FastifyRequest) => ({ db, storage, provider: enabled(), clock, log: request.log, secret: config.AUTH_SECRET });

  api.get('/api/digilocker/documents', { config: { access: 'user' }, schema: { response: { 200: myIssuedDocumentsSchema } } }, async (request) => ({
    enabled: provider !== null,
    ...(await listMyIssuedDocuments(db, sessionOf(request))),
  }));

  api.post(
    '/api/digilocker/authorizations',
    { config: { access: 'user', rateLimit: DIGILOCKER_RATE_LIMIT }, schema: { response: { 201: startAuthorizationSchema } } },
    async (request, reply) => reply.code(201).send(await startAuthorization(deps(request), sessionOf(request))),
  );

  // DigiLocker sends the browser here, so the answer is a page: on to Documents, or why not.
  api.get(
    '/api/digilocker/callback',
    {
      config: { access: 'user' },
      schema: { querystring: callbackQuerySchema },
      errorHandler: (error: FastifyError, request, reply) => {
        const answer = errorAnswer(error, request);
        const message = answer.status === 400 && answer.body.code === 'VALIDATION_FAILED' ? text.invalidState : answer.body.message;
        return htmlPage(reply, answer.status, messagePage(message));
      },
    },
    async (request, reply) => {
      const outcome = await completeCallback(deps(request), sessionOf(request), request.query);
      if (outcome.kind === 'connected') setTokenCookie(reply, outcome.sealed, outcome.maxAgeSeconds, secure);
      return reply.redirect(`/dashboard/documents?digilocker=${outcome.kind === 'connected' ? 'choose' : 'denied'}`, 303);
    },
  );

  api.get('/api/digilocker/issued', { config: { access: 'user' }, schema: { response: { 200: issuedFileListSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listIssuedFiles(deps(request), sessionOf(request), readTokenCookie(request));
  });

  api.post(
    '/api/digilocker/import',
    { config: { access: 'user', rateLimit: DIGILOCKER_RATE_LIMIT }, schema: { body: importRequestSchema, response: { 201: importResultSchema } } },
    async (request, reply) => {
      const documents = await importIssuedDocuments(deps(request), sessionOf(request), readTokenCookie(request), request.body.uris, request.ip);
      // The token has done its work: the browser's sealed copy goes too.
      clearTokenCookie(reply, secure);
      return reply.code(201).send({ documents });
    },
  );

  api.delete('/api/digilocker/documents/:documentId', { config: { access: 'user' }, schema: { params: documentParamsSchema } }, async (request, reply) => {
    await deleteIssuedDocument({ db, storage, log: request.log }, sessionOf(request), request.params.documentId, request.ip);
    return reply.code(204).send();
  });

  api.get('/api/digilocker/documents/:documentId/file', { config: { access: 'user' }, schema: { params: documentParamsSchema } }, async (request, reply) => {
    const file = await openIssuedFile({ db, storage, log: request.log }, sessionOf(request), request.params.documentId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  api.get(
    '/api/candidates/:candidateId/issued-documents',
    { config: { access: 'user' }, schema: { params: candidateParamsSchema, response: { 200: issuedDocumentListSchema } } },
    async (request) => listIssuedDocumentsForViewer(db, sessionOf(request), request.params.candidateId),
  );

  // The development provider's consent screen: only when DIGILOCKER_PROVIDER=development (never in production).
  if (isDevelopmentDigilocker(created)) {
    const development = created;
    api.get(
      development.consentPath,
      {
        config: { access: 'public' },
        schema: { querystring: devAuthorizeQuerySchema },
        errorHandler: (error: FastifyError, request, reply) => htmlPage(reply, errorAnswer(error, request).status, messagePage(text.invalidState)),
      },
      async (request, reply) => {
        const query = request.query;
        // Only back to our own callback: the page is never a redirect to elsewhere.
        if (query.redirect_uri !== config.DIGILOCKER_REDIRECT_URI) return htmlPage(reply, 400, messagePage(text.invalidState));
        const holder = await db
          .selectFrom('digilocker_authorizations as a')
          .innerJoin('user_profiles as u', 'u.id', 'a.candidate_id')
          .select(['u.full_name', 'u.email'])
          .where('a.state_hash', '=', hashState(query.state))
          .executeTakeFirst();
        const name = holder ? holder.full_name.trim() || holder.email : 'DigiLocker user';
        const back = (params: Record<string, string>) => `${query.redirect_uri}?${new URLSearchParams({ ...params, state: query.state }).toString()}`;
        const code = development.issueCode({ codeChallenge: query.code_challenge, redirectUri: query.redirect_uri, holder: name });
        return htmlPage(reply, 200, consentPage({ holder: name, documents: development.samples, allowUrl: back({ code }), denyUrl: back({ error: 'access_denied' }) }));
      },
    );
  }
}

function htmlPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store').send(html);
}
