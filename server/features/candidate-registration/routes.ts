import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  candidateApplicationListSchema,
  personalBodySchema,
  phoneSendResultSchema,
  phoneVerifyResultSchema,
  professionalBodySchema,
  registrationStateSchema,
  startEmailBodySchema,
  uanBodySchema,
  verifyEmailBodySchema,
  verifyPhoneBodySchema,
} from '../../../shared/schemas/candidate.ts';
import { deriveMfaKeys } from '../../auth/mfa-crypto.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { candidatesOnly } from './candidate-access.ts';
import { completeRegistration } from './complete-registration.ts';
import { createKeyedQueue } from './keyed-queue.ts';
import { listCandidateApplications } from './list-applications.ts';
import type { RegistrationContext } from './registration-context.ts';
import { getRegistrationState } from './registration-state.ts';
import { savePersonalDetails, saveProfessionalDetails } from './save-details.ts';
import { saveNoUan, saveUan } from './save-uan.ts';
import { sendEmailCode } from './send-email-code.ts';
import { sendPhoneCode } from './send-phone-code.ts';
import { verifyEmailCode } from './verify-email-code.ts';
import { verifyPhoneCode } from './verify-phone-code.ts';

/** Email codes one address (IP) may request per minute; the per-email caps are in the database. */
export const EMAIL_CODE_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
/** Code checks one address may make per minute: each code also dies after five wrong tries. */
export const EMAIL_VERIFY_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

const emailCodeSentSchema = z.object({ sent: z.literal(true) });

/**
 * Candidate registration (issue 5; the contract is shared/schemas/candidate.ts): the email code
 * that creates or resumes the account, the phone code, UAN, personal and professional details,
 * completion, and the candidate's applications. Everything but the two email routes is for
 * signed-in candidates only, scoped to the caller's own rows.
 */
export async function candidateRegistrationRoutes(app: FastifyInstance, { auth, config, database, onMessageQueued }: FeatureDeps) {
  const ctx: RegistrationContext = { auth, database, keys: deriveMfaKeys(config.AUTH_SECRET), onMessageQueued, perAddress: createKeyedQueue() };
  const { db } = database;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const candidate = { config: { access: 'user' as const }, onRequest: candidatesOnly };

  api.post(
    '/api/candidate/registration/email',
    { config: { access: 'public', rateLimit: EMAIL_CODE_RATE_LIMIT }, schema: { body: startEmailBodySchema, response: { 202: emailCodeSentSchema } } },
    async (request, reply) => {
      await sendEmailCode(ctx, request.body.email, request);
      return reply.code(202).send({ sent: true });
    },
  );

  api.post(
    '/api/candidate/registration/email/verify',
    { config: { access: 'public', rateLimit: EMAIL_VERIFY_RATE_LIMIT }, schema: { body: verifyEmailBodySchema, response: { 200: registrationStateSchema } } },
    async (request, reply) => verifyEmailCode(ctx, request.body.email, request.body.otp, request, reply),
  );

  api.get('/api/candidate/registration', { ...candidate, schema: { response: { 200: registrationStateSchema } } }, async (request) =>
    getRegistrationState(db, sessionOf(request).userId),
  );

  api.post(
    '/api/candidate/verify-phone',
    { ...candidate, schema: { body: verifyPhoneBodySchema, response: { 200: z.union([phoneSendResultSchema, phoneVerifyResultSchema]) } } },
    async (request) => {
      const { userId } = sessionOf(request);
      const body = request.body;
      if (body.action === 'send') return sendPhoneCode(ctx, userId, body.phone, request.log);
      return verifyPhoneCode(ctx, userId, body.phone, body.otp, request.log);
    },
  );

  api.put('/api/candidate/profile/uan', { ...candidate, schema: { body: uanBodySchema, response: { 200: registrationStateSchema } } }, async (request) => {
    const { userId } = sessionOf(request);
    const { uan } = request.body;
    await (uan === undefined ? saveNoUan(db, userId, request.log) : saveUan(db, userId, uan, request.log));
    return getRegistrationState(db, userId);
  });

  api.put('/api/candidate/profile/personal', { ...candidate, schema: { body: personalBodySchema, response: { 200: registrationStateSchema } } }, async (request) => {
    const { userId } = sessionOf(request);
    await savePersonalDetails(db, userId, request.body);
    return getRegistrationState(db, userId);
  });

  api.put(
    '/api/candidate/profile/professional',
    { ...candidate, schema: { body: professionalBodySchema, response: { 200: registrationStateSchema } } },
    async (request) => {
      const { userId } = sessionOf(request);
      await saveProfessionalDetails(db, userId, request.body);
      return getRegistrationState(db, userId);
    },
  );

  api.post(
    '/api/candidate/registration/complete',
    // The body is empty ({}), or left out entirely.
    { ...candidate, schema: { body: z.strictObject({}).nullish(), response: { 200: registrationStateSchema } } },
    async (request) => completeRegistration(db, sessionOf(request).userId, request.log),
  );

  api.get('/api/candidate/applications', { ...candidate, schema: { response: { 200: candidateApplicationListSchema } } }, async (request) =>
    listCandidateApplications(db, sessionOf(request).userId),
  );
}
