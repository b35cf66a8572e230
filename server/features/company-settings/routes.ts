import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingProfileBodySchema,
  billingProfileResponseSchema,
  candidateEmailSettingsResponseSchema,
  candidateEmailSettingsSchema,
  COMPANY_LIMITS,
  companySettingsSchema,
  companySlugParamsSchema,
  companyPageSchema,
  updateCompanyBodySchema,
} from '../../../shared/schemas/company-settings.ts';
import { messages } from '../../../shared/messages.ts';
import { sessionOf } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { publicRead } from '../../http/public-reads.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { getBillingProfile, getCandidateEmailSettings, saveBillingProfile, saveCandidateEmailSettings } from './billing-and-emails.ts';
import { openLogo, removeLogo, uploadLogo } from './company-logo.ts';
import { getCompanySettings, getPublicCompany, updateCompanySettings, type CompanyActor } from './company-profile.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

/**
 * Settings → Company, Billing profile and Candidate emails (issue 13), and the public company page.
 * The access hook checks settings.company / billing.manage / settings.emails (route-permissions.ts);
 * the company always comes from the caller's session.
 */
export async function companySettingsRoutes(app: FastifyInstance, { database, storage }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const actorOf = (request: FastifyRequest): CompanyActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip };
  };

  // The logo arrives as the raw image; its type is judged from the bytes, not from this header.
  app.addContentTypeParser(LOGO_TYPES, { parseAs: 'buffer', bodyLimit: COMPANY_LIMITS.logoBytes }, (_request, body, done) => done(null, body));

  api.get('/api/settings/company', { config: { access: 'user' }, schema: { response: { 200: companySettingsSchema } } }, async (request) => getCompanySettings(db, actorOf(request).companyId));
  api.put('/api/settings/company', { config: { access: 'user' }, schema: { body: updateCompanyBodySchema, response: { 200: companySettingsSchema } } }, async (request) =>
    updateCompanySettings(db, actorOf(request), request.body),
  );
  api.put(
    '/api/settings/company/logo',
    {
      config: { access: 'user' },
      bodyLimit: COMPANY_LIMITS.logoBytes,
      schema: { response: { 200: companySettingsSchema } },
      // Too large is the one refusal Fastify makes itself: say it in the logo's words.
      errorHandler: (error: FastifyError, request, reply) => {
        const own =
          error.statusCode === 413 ? new AppError(413, 'LOGO_TOO_LARGE', messages.settings.logoTooLarge) : error.statusCode === 415 ? new AppError(415, 'LOGO_NOT_IMAGE', messages.settings.logoNotImage) : null;
        return app.errorHandler((own ?? error) as FastifyError, request, reply);
      },
    },
    async (request) => {
      // Bytes from the image parser; a text body (text/plain has its own parser) is judged like any other.
      const body = Buffer.isBuffer(request.body) ? request.body : typeof request.body === 'string' ? Buffer.from(request.body) : Buffer.alloc(0);
      return uploadLogo({ db, storage, log: request.log }, actorOf(request), body);
    },
  );
  api.delete('/api/settings/company/logo', { config: { access: 'user' }, schema: { response: { 200: companySettingsSchema } } }, async (request) =>
    removeLogo({ db, storage, log: request.log }, actorOf(request)),
  );

  api.get('/api/settings/billing-profile', { config: { access: 'user' }, schema: { response: { 200: billingProfileResponseSchema } } }, async (request) => ({
    profile: await getBillingProfile(db, actorOf(request).companyId),
  }));
  api.put('/api/settings/billing-profile', { config: { access: 'user' }, schema: { body: billingProfileBodySchema, response: { 200: billingProfileResponseSchema } } }, async (request) => ({
    profile: await saveBillingProfile(db, actorOf(request), request.body),
  }));

  api.get('/api/settings/candidate-emails', { config: { access: 'user' }, schema: { response: { 200: candidateEmailSettingsResponseSchema } } }, async (request) =>
    getCandidateEmailSettings(db, actorOf(request).companyId),
  );
  api.put('/api/settings/candidate-emails', { config: { access: 'user' }, schema: { body: candidateEmailSettingsSchema, response: { 200: candidateEmailSettingsResponseSchema } } }, async (request) =>
    saveCandidateEmailSettings(db, actorOf(request), request.body),
  );

  // The public company page /companies/:slug and its logo.
  api.get('/api/public/companies/:slug', { config: { access: 'public' }, schema: { params: companySlugParamsSchema, response: { 200: companyPageSchema } } }, async (request) =>
    publicRead(database, request, (reads) => getPublicCompany(reads, request.params.slug)),
  );
  api.get('/api/public/companies/:slug/logo', { config: { access: 'public' }, schema: { params: companySlugParamsSchema } }, async (request, reply) => {
    const file = await openLogo({ db, storage }, request.params.slug);
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .send(file.body);
  });
}
