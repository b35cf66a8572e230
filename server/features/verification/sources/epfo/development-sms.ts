import type { Kysely } from 'kysely';
import { fill } from '../../../../../shared/fill.ts';
import { messages } from '../../../../../shared/messages.ts';
import { maskPhone } from '../../../../auth/mfa-phone.ts';
import type { DB } from '../../../../db/schema.ts';
import { enqueueMessage } from '../../../../messaging/outbox.ts';

/**
 * The development provider's "EPFO mobile": the phone of the candidate holding the UAN. The code
 * goes out as an SMS through the durable outbox, as the phone codes do (in development the outbox
 * writes it to DATA_DIR/outbox/, README). Answers the masked number, or null when there is none.
 */
export function developmentOtpSender(db: Kysely<DB>, onMessageQueued: () => void) {
  return async (uan: string, code: string): Promise<string | null> => {
    const holder = await db
      .selectFrom('candidate_profiles as c')
      .innerJoin('user_profiles as u', 'u.id', 'c.user_id')
      .select('u.phone')
      .where('c.uan', '=', uan)
      .executeTakeFirst();
    if (!holder?.phone) return null;
    await enqueueMessage(db, { channel: 'sms', to: holder.phone, text: fill(messages.epfo.otpDevelopmentSms, { code }) });
    onMessageQueued();
    return maskPhone(holder.phone);
  };
}
