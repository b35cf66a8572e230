import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkCompanyBodySchema,
  checkCompanyResponseSchema,
  employerSignupBodySchema,
  employerSignupResultSchema,
} from '../../../shared/schemas/employer-signup.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { checkCompanyExists } from './check-company-exists.ts';
import { signUpEmployer } from './sign-up-employer.ts';

/** Live checks one address may make per minute: a person typing (debounced) stays well under. */
export const COMPANY_CHECK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** Signups one address may attempt per minute. */
export const EMPLOYER_SIGNUP_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** Employer signup (spec point 2, /employer-signup): the live company check and the signup. */
export async function employerSignupRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/rpc/check-company-exists',
    {
      config: { access: 'public', rateLimit: COMPANY_CHECK_RATE_LIMIT },
      schema: { body: checkCompanyBodySchema, response: { 200: checkCompanyResponseSchema } },
    },
    async (request) => [await checkCompanyExists(deps.database.db, request.body.company_name)],
  );

  api.post(
    '/api/employer-signup',
    {
      config: { access: 'public', rateLimit: EMPLOYER_SIGNUP_RATE_LIMIT },
      schema: { body: employerSignupBodySchema, response: { 200: employerSignupResultSchema } },
    },
    async (request) => signUpEmployer(deps, request.body, request.log),
  );
}
