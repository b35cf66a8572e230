import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  employerOnboardingResultSchema,
  employerOnboardingSchema,
  sendOnboardingCodeBodySchema,
  sendOnboardingCodeResultSchema,
} from '../../../shared/schemas/employer-onboarding.ts';
import { deriveMfaKeys } from '../../auth/mfa-crypto.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { sendOnboardingCode, type OnboardingContext } from './onboarding-codes.ts';
import { submitOnboarding } from './submit-onboarding.ts';

/** The employer onboarding wizard (spec point 2, /employer/onboarding): signed-in users only. */
export async function employerOnboardingRoutes(app: FastifyInstance, { config, database, onMessageQueued }: FeatureDeps) {
  const ctx: OnboardingContext = { database, keys: deriveMfaKeys(config.AUTH_SECRET), onMessageQueued };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/employer-onboarding/send-code',
    { config: { access: 'user' }, schema: { body: sendOnboardingCodeBodySchema, response: { 201: sendOnboardingCodeResultSchema } } },
    async (request, reply) => reply.code(201).send(await sendOnboardingCode(ctx, sessionOf(request), request.body.work_email, request.log)),
  );

  api.post(
    '/api/employer-onboarding',
    { config: { access: 'user' }, schema: { body: employerOnboardingSchema, response: { 201: employerOnboardingResultSchema } } },
    async (request, reply) => reply.code(201).send(await submitOnboarding(ctx, sessionOf(request), request.body, request.ip, request.log)),
  );
}
