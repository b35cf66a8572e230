import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';
import type { WhatsappTemplate } from './schema-whatsapp.ts';

/** Notifications, the outbox, support chat, contact messages and the waitlist (migrations 0002, 0003, 0006, 0008), merged into DB. */

export interface NotificationsTable {
  id: Generated<string>;
  recipient_id: string;
  type: 'toast' | 'banner';
  title: string;
  message: string;
  read_at: NullableTimestamp;
  /** A toast's first showing (migration 0009); banners use read_at alone. */
  delivered_at: NullableTimestamp;
  batch_id: string | null;
  created_at: Timestamp;
}

export interface NotificationBatchesTable {
  id: Generated<string>;
  sender_id: string | null;
  type: 'toast' | 'banner';
  recipient_group: 'all' | 'employers' | 'candidates';
  title: string;
  message: string;
  recipients: Generated<number>;
  created_at: Timestamp;
}

export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** [{ filename, contentType, content }] with text content (an .ics invite); migration 0010. */
  attachments: ColumnType<MessageAttachment[] | null, string | null | undefined, string | null>;
  /** Lets a pending (scheduled) message be withdrawn, e.g. an interview's reminder. */
  dedupe_key: string | null;
  /** Reply-To of an email (a company's candidate emails, migration 0017). */
  reply_to: string | null;
  /** A WhatsApp message's approved template (migration 0059); null for email and SMS. */
  template: ColumnType<WhatsappTemplate | null, string | null | undefined, string | null>;
  /** The provider's id of the sent message (WhatsApp's wamid), which its delivery statuses name. */
  provider_message_id: ColumnType<string | null, never, string | null>;
}

export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** base64 for binary content (a letter's PDF); none: text. */
  encoding?: 'base64';
}

export interface SupportChatsTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<'open' | 'closed'>;
  chat_type: Generated<'candidate_support'>;
  last_message_at: Timestamp;
  created_at: Timestamp;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  chat_id: string;
  sender_id: string | null;
  message: string;
  client_message_id: string | null;
  created_at: Timestamp;
}

/** Messages sent through /contact (migration 0006_public_site). */
export interface ContactMessagesTable {
  id: Generated<string>;
  submission_id: string | null;
  name: string;
  email: string;
  company: string | null;
  topic: 'sales' | 'support' | 'partnership' | 'other';
  message: string;
  created_at: Timestamp;
}

export interface WaitlistTable {
  id: Generated<string>;
  email: string;
  created_at: Timestamp;
}

declare module './schema.ts' {
  interface DB {
    notifications: NotificationsTable;
    notification_batches: NotificationBatchesTable;
    outbox_messages: OutboxMessagesTable;
    support_chats: SupportChatsTable;
    chat_messages: ChatMessagesTable;
    contact_messages: ContactMessagesTable;
    waitlist: WaitlistTable;
  }
}
