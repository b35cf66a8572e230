import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  candidateCheckListSchema,
  checkDetailSchema,
  checkIdParamsSchema,
  checkPageParamsSchema,
  consentBodySchema,
  decisionBodySchema,
  queuePageSchema,
  queueQuerySchema,
  subjectParamsSchema,
} from '../../../shared/schemas/verification.ts';
import { messages } from '../../../shared/messages.ts';
import { sessionOf } from '../../http/access.ts';
import { AppError, tooManyRequests } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { candidateIdOf, checksFor, revokeConsent } from './candidate-checks.ts';
import { giveConsent } from './give-consent.ts';
import { renderCheckPage } from './check-page-image.ts';
import { checkWithConsent, decideCheck, getCheckDetail, listQueue, openCheckDocument } from './review-queue.ts';
import { runCheckSafely, type CheckDeps } from './run-check.ts';
import type { EpfoHistoryProvider } from './sources/epfo/provider.ts';
import { originOf } from '../../realtime/events.ts';

/**
 * Consents (and withdrawals) one candidate may make per hour: each consent reads a PDF or asks a
 * provider, so a script toggling consent must not turn into unbounded work. A person needs a few.
 */
export const CONSENT_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `verification-consent:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
  errorResponseBuilder: () => tooManyRequests(messages.verification.tooManyConsents),
} as const;

/**
 * Verification (issue 7 point 2): a candidate's checks and consents ('user', candidates only, their
 * own checks by construction), and the verification team's review queue ('admin').
 * `uanProvider` is the EPFO provider UAN_PROVIDER names (app.ts makes it, with the lookup worker
 * whose kick is `onLookupQueued`).
 */
export function createVerificationRoutes(options: { uanProvider: EpfoHistoryProvider | null; onLookupQueued: () => void; onReadQueued?: () => void }) {
  return async function verificationRoutesWith(app: FastifyInstance, { config, database, storage, onMessageQueued, clock }: FeatureDeps) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { db } = database;
    const { uanProvider, onLookupQueued, onReadQueued } = options;
    const checkDeps = (log: FastifyInstance['log']): CheckDeps => ({ db, storage, log, uanProvider, onLookupQueued, onReadQueued, clock });

    const listChecks = (candidateId: string) => checksFor(db, candidateId, uanProvider);
    api.get('/api/verification/checks', { config: { access: 'user' }, schema: { response: { 200: candidateCheckListSchema } } }, async (request) =>
      listChecks(candidateIdOf(sessionOf(request))),
    );

    // Consent, then the check runs once the consent is committed. If the run fails the consent
    // stands and the check stays pending in the team's queue; the answer is the checks as they are.
    api.post(
      '/api/verification/checks/:subject/consent',
      { config: { access: 'user', rateLimit: CONSENT_RATE_LIMIT }, schema: { params: subjectParamsSchema, body: consentBodySchema, response: { 200: candidateCheckListSchema } } },
      async (request) => {
        const candidateId = candidateIdOf(sessionOf(request));
        const { subject } = request.params;
        // The answer is the list read after the consent commits: the page that asked (its live
        // socket in X-Live-Socket) gets the consent's event marked as its own and need not refetch.
        const { shouldRun, lookupQueued } = await giveConsent(db, candidateId, subject, request.ip, uanProvider?.name ?? null, clock(), originOf(request));
        if (lookupQueued) onLookupQueued();
        if (shouldRun) await runCheckSafely(checkDeps(request.log), candidateId, subject, { id: candidateId, ip: request.ip });
        return listChecks(candidateId);
      },
    );

    api.delete(
      '/api/verification/checks/:subject/consent',
      { config: { access: 'user', rateLimit: CONSENT_RATE_LIMIT }, schema: { params: subjectParamsSchema, response: { 200: candidateCheckListSchema } } },
      async (request) => {
        const candidateId = candidateIdOf(sessionOf(request));
        await revokeConsent(db, candidateId, request.params.subject, request.ip, originOf(request));
        return listChecks(candidateId);
      },
    );

    api.get('/api/verification/queue', { config: { access: 'admin' }, schema: { querystring: queueQuerySchema, response: { 200: queuePageSchema } } }, async (request) =>
      listQueue(db, request.query),
    );

    api.get('/api/verification/checks/:checkId', { config: { access: 'admin' }, schema: { params: checkIdParamsSchema, response: { 200: checkDetailSchema } } }, async (request) =>
      getCheckDetail(db, request.params.checkId),
    );

    // Inline for the team's viewer, sandboxed: the PDF is shown, never run as a page of ours.
    api.get('/api/verification/checks/:checkId/document', { config: { access: 'admin' }, schema: { params: checkIdParamsSchema } }, async (request, reply) => {
      const file = await openCheckDocument({ db, storage, log: request.log }, request.params.checkId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', 'inline; filename="document.pdf"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .send(file.body);
    });

    // One page drawn as a PNG for the team's page view, which marks a finding's place over it
    // (issue 35 §2); the page's size in points comes with it, the space the finding's rect is in.
    api.get(
      '/api/verification/checks/:checkId/pages/:page',
      { config: { access: 'admin' }, schema: { params: checkPageParamsSchema } },
      async (request, reply) => {
        const { checkId, page } = request.params;
        const image = await renderCheckPage({ db, storage, log: request.log }, checkId, page);
        return reply
          .header('content-type', 'image/png')
          .header('content-length', image.png.byteLength)
          .header('content-disposition', `inline; filename="page-${page}.png"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('x-page-width', String(image.pointWidth))
          .header('x-page-height', String(image.pointHeight))
          .header('x-page-count', String(image.pageCount))
          .send(Buffer.from(image.png.buffer, image.png.byteOffset, image.png.byteLength));
      },
    );

    api.post(
      '/api/verification/checks/:checkId/decision',
      { config: { access: 'admin' }, schema: { params: checkIdParamsSchema, body: decisionBodySchema, response: { 200: checkDetailSchema } } },
      async (request) => {
        const admin = sessionOf(request);
        const detail = await decideCheck(db, { id: admin.userId, ip: request.ip }, request.params.checkId, request.body, config.PUBLIC_URL);
        onMessageQueued();
        return detail;
      },
    );

    api.post(
      '/api/verification/checks/:checkId/rerun',
      { config: { access: 'admin' }, schema: { params: checkIdParamsSchema, body: consentBodySchema, response: { 200: checkDetailSchema } } },
      async (request) => {
        const check = await checkWithConsent(db, request.params.checkId);
        const result = await runCheckSafely(checkDeps(request.log), check.candidate_id, check.subject, { id: sessionOf(request).userId, ip: request.ip });
        if (result === 'failed') throw new AppError(503, 'CHECK_FAILED', messages.verification.runFailed);
        return getCheckDetail(db, check.id);
      },
    );
  };
}
