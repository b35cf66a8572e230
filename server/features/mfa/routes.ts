import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  challengeResultSchema,
  challengeSchema,
  enrolFactorSchema,
  enrolledFactorSchema,
  factorListSchema,
  factorParamsSchema,
  reauthCodeSentSchema,
  unenrolFactorSchema,
  verifyFactorSchema,
  verifyResultSchema,
} from '../../../shared/schemas/auth.ts';
import { issuedRecoveryCodesSchema, recoveryCodesStatusSchema, recoveryVerifyResultSchema, useRecoveryCodeSchema } from '../../../shared/schemas/mfa-recovery.ts';
import type { Auth } from '../../auth/auth.ts';
import { deriveMfaKeys } from '../../auth/mfa-crypto.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { sessionOf } from '../../http/access.ts';
import { challengeFactor } from './challenge-factor.ts';
import { enrolFactor } from './enrol-factor.ts';
import type { MfaContext } from './factors.ts';
import { sendReauthCode } from '../../auth/reauth.ts';
import { listFactors } from './list-factors.ts';
import { recoveryCodesStatus } from './recovery-codes.ts';
import { redeemRecoveryCode } from './redeem-recovery-code.ts';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes.ts';
import { unenrolFactor } from './unenrol-factor.ts';
import { verifyFactor } from './verify-factor.ts';

export interface MfaDeps {
  auth: Auth;
  database: Database;
  config: Config;
  onMessageQueued: () => void;
}

/**
 * Second factors (spec points 3, 4 and 7): TOTP and phone (SMS), enrolment, challenge, verify and
 * unenrol, and recovery codes. Listing, challenging, verifying and using a recovery code work at
 * aal1 ('session') so a signed-in user can reach aal2; adding and removing factors and new
 * recovery codes need the account's full assurance ('user') and the password again.
 */
export async function mfaRoutes(app: FastifyInstance, { auth, database, config, onMessageQueued }: MfaDeps) {
  const ctx: MfaContext = { auth, database, keys: deriveMfaKeys(config.AUTH_SECRET), onMessageQueued };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/mfa/factors', { config: { access: 'session' }, schema: { response: { 200: factorListSchema } } }, async (request) =>
    listFactors(ctx, sessionOf(request)),
  );

  api.post(
    '/api/mfa/factors',
    { config: { access: 'user' }, schema: { body: enrolFactorSchema, response: { 201: enrolledFactorSchema } } },
    async (request, reply) => reply.code(201).send(await enrolFactor(ctx, sessionOf(request), request.body, request.log)),
  );

  api.post(
    '/api/mfa/factors/:factorId/challenge',
    // The body may be left out entirely: channel is optional and SMS is the only one.
    { config: { access: 'session' }, schema: { params: factorParamsSchema, body: challengeSchema.nullish(), response: { 201: challengeResultSchema } } },
    async (request, reply) => reply.code(201).send(await challengeFactor(ctx, sessionOf(request), request.params.factorId, request.log)),
  );

  api.post(
    '/api/mfa/factors/:factorId/verify',
    { config: { access: 'session' }, schema: { params: factorParamsSchema, body: verifyFactorSchema, response: { 200: verifyResultSchema } } },
    async (request, reply) => verifyFactor(ctx, sessionOf(request), request.params.factorId, request.body, request, reply),
  );

  // A password-less account (a candidate who registered by email code) confirms changes with an emailed code.
  api.post(
    '/api/mfa/reauth-code',
    { config: { access: 'user' }, schema: { response: { 200: reauthCodeSentSchema } } },
    async (request) => sendReauthCode(ctx, sessionOf(request), request.log),
  );

  // Recovery codes (issue 33, A7): the count left; a new set after the password again; one code at sign-in.
  api.get('/api/mfa/recovery-codes', { config: { access: 'user' }, schema: { response: { 200: recoveryCodesStatusSchema } } }, async (request) =>
    recoveryCodesStatus(database.db, sessionOf(request).userId),
  );

  api.post(
    '/api/mfa/recovery-codes',
    { config: { access: 'user' }, schema: { body: unenrolFactorSchema, response: { 201: issuedRecoveryCodesSchema } } },
    async (request, reply) => reply.code(201).send(await regenerateRecoveryCodes(ctx, sessionOf(request), request.body, request.ip ?? null, request.log)),
  );

  api.post(
    '/api/mfa/recovery-codes/verify',
    { config: { access: 'session' }, schema: { body: useRecoveryCodeSchema, response: { 200: recoveryVerifyResultSchema } } },
    async (request, reply) => redeemRecoveryCode(ctx, sessionOf(request), request.body, request, reply),
  );

  api.delete(
    '/api/mfa/factors/:factorId',
    { config: { access: 'user' }, schema: { params: factorParamsSchema, body: unenrolFactorSchema } },
    async (request, reply) => {
      await unenrolFactor(ctx, sessionOf(request), request.params.factorId, request.body, request.log);
      return reply.code(204).send();
    },
  );
}
