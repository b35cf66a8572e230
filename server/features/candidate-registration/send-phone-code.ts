import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { z } from 'zod';
import type { phoneSendResultSchema } from '../../../shared/schemas/candidate.ts';
import { generateOneTimeCode, hashPhone } from '../../auth/mfa-crypto.ts';
import { maskPhone } from '../../auth/mfa-phone.ts';
import { reserveSmsSend, SMS_RESEND_SECONDS } from '../../auth/sms-send-limits.ts';
import { conflict, tooManyRequests } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { hashPhoneCode, PHONE_CODE_TTL_MINUTES, phoneOrRefuse, phoneVerifiedElsewhere } from './phone-codes.ts';
import type { RegistrationContext } from './registration-context.ts';

/**
 * verify-phone {action: 'send'}: texts a fresh 6-digit code to the candidate's number through the
 * outbox. Only its keyed hash is kept; it expires in 10 minutes, and a new send ends the
 * candidate's earlier open codes, so only the newest works. Sends share the per-number spacing
 * and hourly caps of the MFA phone factor.
 */
export async function sendPhoneCode(ctx: RegistrationContext, userId: string, input: string, log: FastifyBaseLogger): Promise<z.infer<typeof phoneSendResultSchema>> {
  const { db } = ctx.database;
  const phone = phoneOrRefuse(input);
  const masked = maskPhone(phone);
  if (await phoneVerifiedElsewhere(db, phone, userId)) {
    log.warn({ userId, phone: masked, event: 'candidate-phone-taken' }, 'phone code refused: number verified on another account');
    throw conflict(messages.candidate.phone.phoneTaken, 'PHONE_TAKEN');
  }

  const codeId = await db.transaction().execute(async (trx) => {
    const refusal = await reserveSmsSend(trx, hashPhone(ctx.keys, phone), userId);
    if (refusal) {
      log.warn({ userId, phone: masked, event: refusal === 'too-soon' ? 'candidate-phone-too-soon' : 'candidate-phone-hourly-cap' }, 'phone code refused');
      throw tooManyRequests(refusal === 'too-soon' ? messages.candidate.phone.resendTooSoon : messages.candidate.phone.hourlyLimit);
    }
    await trx
      .updateTable('phone_verification_codes')
      .set({ expires_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute();
    const id = randomUUID();
    const code = generateOneTimeCode();
    await trx
      .insertInto('phone_verification_codes')
      .values({
        id,
        user_id: userId,
        phone,
        code_hash: hashPhoneCode(ctx.keys, id, code),
        expires_at: sql<Date>`now() + make_interval(mins => ${PHONE_CODE_TTL_MINUTES})`,
      })
      .execute();
    // Rows a day old serve neither a check nor a limit any more.
    await trx.deleteFrom('phone_verification_codes').where('user_id', '=', userId).where('created_at', '<', sql<Date>`now() - interval '1 day'`).execute();
    await enqueueMessage(trx, { channel: 'sms', to: phone, text: messages.candidate.phone.smsText.replace('{code}', code) });
    return id;
  });
  ctx.onMessageQueued();
  log.info({ userId, codeId, phone: masked, event: 'candidate-phone-code-sent' }, 'phone code texted');
  return { sent: true, phone: masked, resend_after_seconds: SMS_RESEND_SECONDS };
}
