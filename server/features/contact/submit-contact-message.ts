import type { Kysely } from 'kysely';
import type { ContactMessage, ContactReceipt } from '../../../shared/schemas/contact.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Stores a message from /contact. The same submission_id twice (a double click, a retry after a
 * lost answer) stores one row and answers with it.
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
  if (!values.submission_id) {
    return db.insertInto('contact_messages').values(values).returning('id').executeTakeFirstOrThrow();
  }
  const inserted = await db
    .insertInto('contact_messages')
    .values(values)
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted;
  return db.selectFrom('contact_messages').select('id').where('submission_id', '=', values.submission_id).executeTakeFirstOrThrow();
}
