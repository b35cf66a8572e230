import type { FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import { emailCodeRefusal, EmailCodeRefusedError, type EmailCodeRefusal } from '../../auth/email-code-limits.ts';
import { toWebHeaders } from '../../auth/web-request.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { RegistrationContext } from './registration-context.ts';

/**
 * The email step: better-auth's email-OTP plugin emails a 6-digit code that signs the candidate
 * in (creating the account when new). Known and unknown addresses, candidates' and employers'
 * alike, get the same answer and the same email, so the answer reveals nothing; the verify step
 * tells a non-candidate apart only after the code has proven the mailbox.
 *
 * The per-address caps are checked before better-auth is called, because calling it replaces the
 * address's current code: a refused request must not kill the code the candidate already has.
 */
export async function sendEmailCode(ctx: RegistrationContext, email: string, request: FastifyRequest): Promise<void> {
  const log = request.log;
  const refuse = (reason: EmailCodeRefusal) => {
    log.warn({ event: 'candidate-email-code-refused', reason, ip: request.ip }, 'candidate email code refused');
    return tooManyRequests(reason === 'too-soon' ? messages.candidate.registration.emailResendTooSoon : messages.candidate.registration.emailHourlyLimit);
  };

  await ctx.perAddress(email, async () => {
    const refusal = await emailCodeRefusal(ctx.database.db, email);
    if (refusal) throw refuse(refusal);
    try {
      await ctx.auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' }, headers: toWebHeaders(request) });
    } catch (error) {
      // Another instance sent one in the same instant: the transaction in the callback decided.
      const refused = refusedBy(error);
      if (refused) throw refuse(refused.reason);
      throw error;
    }
  });
  log.info({ event: 'candidate-email-code-sent', ip: request.ip }, 'candidate email code queued');
}

/** better-auth may pass our callback's error on as it is or wrapped in `cause`. */
function refusedBy(error: unknown): EmailCodeRefusedError | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (current instanceof EmailCodeRefusedError) return current;
  }
  return undefined;
}
