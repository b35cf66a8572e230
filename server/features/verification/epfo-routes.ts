import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { candidateIdParamsSchema } from '../../../shared/schemas/employment.ts';
import { employerEpfoViewSchema, epfoLookupViewSchema, epfoOtpCodeBodySchema, epfoRefreshRequestSchema, providerCallsQuerySchema, providerCallsSchema } from '../../../shared/schemas/epfo.ts';
import { applicationIdParamsSchema } from '../../../shared/schemas/pipeline.ts';
import { consentBodySchema } from '../../../shared/schemas/verification.ts';
import { sessionOf } from '../../http/access.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { memberScope } from '../team/member-scope.ts';
import { candidateIdOf } from './candidate-checks.ts';
import { employerEpfoView } from './lookups/employer-view.ts';
import { cancelPassbookOtp, resendPassbookCode, startPassbookOtp, submitPassbookCode } from './lookups/passbook-otp.ts';
import { providerCallStats } from './lookups/provider-call-stats.ts';
import { refreshEpfoLookup } from './lookups/refresh-lookup.ts';
import { requestEpfoRefresh } from './lookups/refresh-request.ts';
import type { EpfoHistoryProvider } from './sources/epfo/provider.ts';

/** Refreshes one candidate may ask per hour: each is a paid provider call. */
export const EPFO_REFRESH_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `epfo-refresh:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
  errorResponseBuilder: () => tooManyRequests(messages.epfo.tooManyRefreshes),
} as const;

/**
 * Calls one candidate may make to the OTP flow per hour (start, code, resend, stop), on top of the
 * session's own limits in the database (passbook-otp-limits.ts), which hold across instances.
 */
export const EPFO_OTP_RATE_LIMIT = {
  max: 60,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `epfo-otp:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
  errorResponseBuilder: () => tooManyRequests(messages.epfo.otpTooManyStarts),
} as const;

/**
 * EPFO employment history (issue 34): the candidate refreshes their confirmation; a company reads
 * the history of a candidate who applied to it. The lookup itself runs in the lookup worker.
 */
export function createEpfoRoutes(options: { provider: EpfoHistoryProvider | null; onLookupQueued: () => void }) {
  return async function epfoRoutes(app: FastifyInstance, { config, database, clock, onMessageQueued }: FeatureDeps) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { db } = database;

    api.post(
      '/api/verification/epfo/refresh',
      { config: { access: 'user', rateLimit: EPFO_REFRESH_RATE_LIMIT }, schema: { body: consentBodySchema, response: { 200: epfoLookupViewSchema } } },
      async (request) => {
        const view = await refreshEpfoLookup(db, { provider: options.provider, now: clock(), ip: request.ip }, candidateIdOf(sessionOf(request)));
        options.onLookupQueued();
        return view;
      },
    );

    // The stronger option (issue 34): the member's OTP, then their passbook. Each call only moves
    // the session in the database; the lookup worker calls the provider.
    const queued = <T>(view: T) => {
      options.onLookupQueued();
      return view;
    };
    api.post(
      '/api/verification/epfo/otp',
      { config: { access: 'user', rateLimit: EPFO_OTP_RATE_LIMIT }, schema: { body: consentBodySchema, response: { 200: epfoLookupViewSchema } } },
      async (request) => queued(await startPassbookOtp(db, { provider: options.provider, now: clock(), ip: request.ip }, candidateIdOf(sessionOf(request)))),
    );
    api.post(
      '/api/verification/epfo/otp/code',
      { config: { access: 'user', rateLimit: EPFO_OTP_RATE_LIMIT }, schema: { body: epfoOtpCodeBodySchema, response: { 200: epfoLookupViewSchema } } },
      async (request) => queued(await submitPassbookCode(db, clock(), candidateIdOf(sessionOf(request)), request.body.code)),
    );
    api.post(
      '/api/verification/epfo/otp/resend',
      { config: { access: 'user', rateLimit: EPFO_OTP_RATE_LIMIT }, schema: { body: consentBodySchema, response: { 200: epfoLookupViewSchema } } },
      async (request) => queued(await resendPassbookCode(db, clock(), candidateIdOf(sessionOf(request)))),
    );
    api.delete(
      '/api/verification/epfo/otp',
      { config: { access: 'user', rateLimit: EPFO_OTP_RATE_LIMIT }, schema: { response: { 200: epfoLookupViewSchema } } },
      async (request) => cancelPassbookOtp(db, { ip: request.ip }, candidateIdOf(sessionOf(request))),
    );

    api.get(
      '/api/verification/applications/:applicationId/epfo',
      { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, response: { 200: employerEpfoViewSchema } } },
      async (request) => employerEpfoView(db, memberScope(sessionOf(request)), request.params.applicationId),
    );

    api.post(
      '/api/employment-records/shared/:candidateId/epfo-refresh',
      { config: { access: 'user' }, schema: { params: candidateIdParamsSchema, body: consentBodySchema, response: { 200: epfoRefreshRequestSchema } } },
      async (request) => {
        const session = sessionOf(request);
        const result = await requestEpfoRefresh(db, { userId: session.userId, companyId: memberScope(session).companyId, ip: request.ip, publicUrl: config.PUBLIC_URL }, request.params.candidateId, clock());
        onMessageQueued();
        return result;
      },
    );

    api.get('/api/verification/provider-calls', { config: { access: 'admin' }, schema: { querystring: providerCallsQuerySchema, response: { 200: providerCallsSchema } } }, async (request) =>
      providerCallStats(db, clock(), request.query.days),
    );
  };
}
