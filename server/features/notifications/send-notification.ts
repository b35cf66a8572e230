import { sql, type Kysely } from 'kysely';
import { LIVE_CONTENT_MAX_BYTES, type NotificationBatch, type SendNotificationValues } from '../../../shared/schemas/notifications.ts';
import type { DB } from '../../db/schema.ts';
import { publish } from '../../realtime/events.ts';

export interface Sender {
  userId: string;
  fullName: string;
  ip: string | null;
}

/** Who each recipient group is (spec point 9): every account, or one role. Suspended accounts get nothing. */
const groupRole = { all: null, employers: 'employer', candidates: 'candidate' } as const;

/** The live topic every member of a group already listens to (server/realtime/hub.ts topicsFor). */
const groupTopic = { all: 'everyone', employers: 'role:employer', candidates: 'role:candidate' } as const;

/**
 * An admin's notification to a group (spec points 2 and 7, "notifications insert: one row per
 * recipient"), as one unit: the batch row, one INSERT … SELECT writing a row per recipient (one
 * statement whatever the number of users, so 100,000 recipients cost one round trip), the count,
 * the audit entry and one live event for the whole group. Either all of it happens or none.
 * The live event carries the batch id (and the text, when it fits); each client asks for its own rows.
 */
export async function sendNotification(db: Kysely<DB>, sender: Sender, values: SendNotificationValues): Promise<NotificationBatch> {
  return db.transaction().execute(async (trx) => {
    const batch = await trx
      .insertInto('notification_batches')
      .values({ sender_id: sender.userId, type: values.type, recipient_group: values.recipient_group, title: values.title, message: values.message })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();

    const role = groupRole[values.recipient_group];
    const inserted = await sql`
      INSERT INTO notifications (recipient_id, type, title, message, batch_id, created_at)
      SELECT id, ${values.type}, ${values.title}, ${values.message}, ${batch.id}::uuid, ${batch.created_at}::timestamptz
      FROM user_profiles
      WHERE suspended_at IS NULL${role === null ? sql`` : sql` AND role = ${role}`}
    `.execute(trx);
    const recipients = Number(inserted.numAffectedRows ?? 0n);

    await trx.updateTable('notification_batches').set({ recipients }).where('id', '=', batch.id).execute();
    await trx
      .insertInto('admin_audit_logs')
      .values({
        admin_id: sender.userId,
        action: 'notification_sent',
        entity_type: 'notification_batch',
        entity_id: batch.id,
        details: JSON.stringify({ recipient_group: values.recipient_group, type: values.type, recipients, title: values.title }),
        ip_address: sender.ip,
      })
      .execute();
    // Delivered by NOTIFY only if and when the transaction commits. The send's text rides along
    // when it fits (see liveNotificationEventSchema): the topic is exactly the group, and the text
    // is the same for each of them, so online clients show it without asking first.
    const createdAt = new Date(batch.created_at).toISOString();
    const event = { topic: groupTopic[values.recipient_group], type: 'notification', id: batch.id };
    const withContent = { ...event, notification: { type: values.type, title: values.title, message: values.message, created_at: createdAt } };
    await publish(trx, Buffer.byteLength(JSON.stringify(withContent)) <= LIVE_CONTENT_MAX_BYTES ? withContent : event);

    return {
      id: batch.id,
      title: values.title,
      message: values.message,
      type: values.type,
      recipient_group: values.recipient_group,
      recipients,
      sender_name: sender.fullName,
      created_at: createdAt,
    };
  });
}
