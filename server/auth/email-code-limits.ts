import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { enqueueMessage } from '../messaging/outbox.ts';
import { CANDIDATE_EMAIL_CODE_SUBJECT, candidateEmailCodeEmail } from './emails.ts';

/** Email codes to one address: at least this far apart (ASVS 6.6.3)… */
export const EMAIL_CODE_RESEND_SECONDS = 60;
/** …and at most this many an hour, whoever asks (no mail-bombing an inbox). */
export const EMAIL_CODES_PER_ADDRESS_PER_HOUR = 5;

export type EmailCodeRefusal = 'too-soon' | 'hourly-cap';

/** Thrown from better-auth's sendVerificationOTP callback when the address has had its codes. */
export class EmailCodeRefusedError extends Error {
  override name = 'EmailCodeRefusedError';
  constructor(readonly reason: EmailCodeRefusal) {
    super(`email code refused: ${reason}`);
  }
}

/**
 * Whether another code may be emailed to this address now. The outbox is the record of what was
 * sent to whom, so it is the ledger: codes are counted there (known and unknown addresses alike,
 * so the answer says nothing about whether an account exists).
 */
export async function emailCodeRefusal(db: Kysely<DB> | Transaction<DB>, email: string): Promise<EmailCodeRefusal | null> {
  const sent = await db
    .selectFrom('outbox_messages')
    .select([
      sql<string>`count(*)`.as('sent'),
      sql<boolean>`coalesce(bool_or(created_at > now() - make_interval(secs => ${EMAIL_CODE_RESEND_SECONDS})), false)`.as('recent'),
    ])
    .where('channel', '=', 'email')
    .where('recipient', '=', email)
    .where('subject', '=', CANDIDATE_EMAIL_CODE_SUBJECT)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (sent.recent) return 'too-soon';
  if (Number(sent.sent) >= EMAIL_CODES_PER_ADDRESS_PER_HOUR) return 'hourly-cap';
  return null;
}

/**
 * Queues the code's email unless the address has had its codes: the check and the outbox row are
 * one transaction under a per-address lock, so the caps hold even for requests arriving at once
 * on several instances. Throws EmailCodeRefusedError otherwise.
 */
export async function enqueueEmailCode(db: Kysely<DB>, email: string, code: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`email-code:${email}`}, 0))`.execute(trx);
    const refusal = await emailCodeRefusal(trx, email);
    if (refusal) throw new EmailCodeRefusedError(refusal);
    await enqueueMessage(trx, candidateEmailCodeEmail(email, code));
  });
}
