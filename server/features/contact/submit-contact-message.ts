import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { formatIstDate } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { contactTopicLabels, type ContactMessage, type ContactReceipt } from '../../../shared/schemas/contact.ts';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';

const text = messages.adminConsole;

/**
 * Stores a message from /contact and, in the same transaction, emails it to every platform admin
 * (replies go to the sender), so an Enterprise enquiry reaches sales. The same submission_id twice
 * (a double click, a retry after a lost answer) stores one row, emails once and answers with it.
 */
export async function submitContactMessage(db: Kysely<DB>, input: ContactMessage): Promise<ContactReceipt> {
  const values = {
    submission_id: input.submission_id ?? null,
    name: input.name,
    email: input.email,
    company: input.company ? input.company : null,
    topic: input.topic,
    message: input.message,
  };
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('contact_messages')
      .values(values)
      .onConflict((oc) => oc.column('submission_id').doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
    if (!inserted) {
      return trx.selectFrom('contact_messages').select('id').where('submission_id', '=', values.submission_id!).executeTakeFirstOrThrow();
    }
    await emailAdmins(trx, { ...values, createdAt: inserted.created_at });
    return { id: inserted.id };
  });
}

async function emailAdmins(
  trx: Transaction<DB>,
  message: { name: string; email: string; company: string | null; topic: ContactMessage['topic']; message: string; createdAt: Date },
): Promise<void> {
  const admins = await trx.selectFrom('user_profiles').select('email').where('role', '=', 'admin').where('suspended_at', 'is', null).orderBy('email').execute();
  const values = {
    name: message.name,
    email: message.email,
    company: message.company ? ` (${message.company})` : '',
    topic: contactTopicLabels[message.topic],
    date: formatIstDate(message.createdAt),
    message: message.message,
  };
  for (const admin of admins) {
    await enqueueMessage(trx, {
      channel: 'email',
      to: admin.email,
      subject: fill(text.contactEmailSubject, values),
      text: fill(text.contactEmailBody, values),
      replyTo: message.email,
    });
  }
}
