import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** SMS codes to one number: at least this far apart (ASVS 6.6.3)… */
export const SMS_RESEND_SECONDS = 60;
/** …and at most this many an hour per number… */
export const SMS_PER_PHONE_PER_HOUR = 5;
/** …and per account, whatever the numbers (SMS pumping through many numbers). */
export const SMS_PER_USER_PER_HOUR = 10;

export type SmsSendRefusal = 'too-soon' | 'hourly-cap';

/**
 * "May I text a code to this number now?", for every code we send by SMS (the MFA phone factor and
 * the candidate registration's phone step): one number, one budget, counted in mfa_sms_sends.
 * Takes a per-number lock until the transaction ends, so two requests at once cannot both pass,
 * and when the send is allowed records it in the same transaction. Returns why not, or null.
 */
export async function reserveSmsSend(trx: Transaction<DB>, phoneHash: string, userId: string): Promise<SmsSendRefusal | null> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`mfa-sms:${phoneHash}`}, 0))`.execute(trx);
  const byPhone = await trx
    .selectFrom('mfa_sms_sends')
    .select([
      sql<string>`count(*)`.as('sent'),
      sql<boolean>`coalesce(bool_or(created_at > now() - make_interval(secs => ${SMS_RESEND_SECONDS})), false)`.as('recent'),
    ])
    .where('phone_hash', '=', phoneHash)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (byPhone.recent) return 'too-soon';
  const byUser = await trx
    .selectFrom('mfa_sms_sends')
    .select(sql<string>`count(*)`.as('sent'))
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (Number(byPhone.sent) >= SMS_PER_PHONE_PER_HOUR || Number(byUser.sent) >= SMS_PER_USER_PER_HOUR) return 'hourly-cap';

  await trx.insertInto('mfa_sms_sends').values({ phone_hash: phoneHash, user_id: userId }).execute();
  // Old send records serve no limit any more.
  await trx.deleteFrom('mfa_sms_sends').where('created_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  return null;
}
