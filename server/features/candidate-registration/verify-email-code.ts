import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAPIError } from 'better-auth/api';
import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { RegistrationState } from '../../../shared/schemas/candidate.ts';
import { toWebHeaders } from '../../auth/web-request.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { getRegistrationState } from './registration-state.ts';
import type { RegistrationContext } from './registration-context.ts';

/**
 * Proves the email with its code and signs the candidate in: better-auth's sign-in-email-otp
 * creates the account when new (the user.create hook makes it a candidate) and sets the session
 * cookie, which is passed on. The candidate profile is created on first arrival.
 *
 * An employer's or admin's address is refused with 409 and no session at all. Its code is checked
 * first without signing in, so only the mailbox owner learns the account is not a candidate's, and
 * the sign-in (which would strip an unconfirmed account of its password) never runs for it.
 */
export async function verifyEmailCode(ctx: RegistrationContext, email: string, otp: string, request: FastifyRequest, reply: FastifyReply): Promise<RegistrationState> {
  const { db } = ctx.database;
  const log = request.log;

  const existing = await db
    .selectFrom('auth_users as a')
    .leftJoin('user_profiles as p', 'p.id', 'a.id')
    .select(['a.id', 'p.role'])
    .where('a.email', '=', email)
    .executeTakeFirst();
  if (existing?.role && existing.role !== 'candidate') {
    await callBetterAuth(() => ctx.auth.api.checkVerificationOTP({ body: { email, type: 'sign-in', otp } }), request);
    // Used once: better-auth keeps a checked code, and this one has served its purpose.
    await sql`DELETE FROM auth_verifications WHERE identifier = ${`sign-in-otp-${email}`}`.execute(db);
    log.warn({ userId: existing.id, event: 'candidate-email-sign-in-refused', reason: 'not-a-candidate', ip: request.ip }, 'email code sign-in refused: not a candidate account');
    throw conflict(messages.candidate.registration.notACandidateAccount, 'NOT_A_CANDIDATE_ACCOUNT');
  }

  const { headers, response } = await callBetterAuth(
    () => ctx.auth.api.signInEmailOTP({ body: { email, otp }, headers: toWebHeaders(request), returnHeaders: true }),
    request,
  );
  const userId = response.user.id;
  const profile = await db.selectFrom('user_profiles').select(['role', 'suspended_at']).where('id', '=', userId).executeTakeFirst();
  if (!profile || profile.role !== 'candidate' || profile.suspended_at) {
    // The role changed in between, or the account is suspended: the new session must not live.
    await db.deleteFrom('auth_sessions').where('token', '=', response.token).execute();
    log.warn({ userId, event: 'candidate-email-sign-in-refused', reason: profile?.suspended_at ? 'suspended' : 'not-a-candidate', ip: request.ip }, 'email code sign-in refused');
    if (profile?.suspended_at) throw forbidden(messages.auth.accountSuspended, 'ACCOUNT_SUSPENDED');
    throw conflict(messages.candidate.registration.notACandidateAccount, 'NOT_A_CANDIDATE_ACCOUNT');
  }

  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  log.info({ userId, event: 'sign-in', method: 'email-code', ip: request.ip }, 'signed in');

  // A candidate with a second factor is signed in at aal1 and must pass it before reading their
  // data: the browser learns this from MFA_REQUIRED, as from any other call, and shows the challenge.
  const factor = await db.selectFrom('mfa_factors').select('id').where('user_id', '=', userId).where('status', '=', 'verified').executeTakeFirst();
  if (factor) throw forbidden(messages.auth.mfaRequired, 'MFA_REQUIRED');
  return getRegistrationState(db, userId);
}

/** better-auth's refusals of a code (wrong, expired, too many tries) become one 400; the rest stays an error. */
async function callBetterAuth<T>(call: () => Promise<T>, request: FastifyRequest): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    const reason = (error.body as { code?: string } | undefined)?.code ?? error.status;
    request.log.info({ event: 'candidate-email-code-failed', reason, ip: request.ip }, 'email code refused');
    throw badRequest(messages.candidate.registration.emailCodeInvalid, 'EMAIL_CODE_INVALID');
  }
}
