import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, MessageAttachment } from '../db/schema.ts';
import type { WhatsappTemplate } from '../db/schema-whatsapp.ts';
import { Drainer } from './drain-loop.ts';
import type { EmailSender, SmsSender } from './providers.ts';
import type { WhatsAppSender } from './whatsapp/provider.ts';

export interface OutgoingEmail {
  channel: 'email';
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Text attachments, e.g. an .ics calendar invite. */
  attachments?: MessageAttachment[];
  /** Where replies go (a company's candidate emails); none: the sender. */
  replyTo?: string | null;
}
export interface OutgoingSms {
  channel: 'sms';
  to: string;
  text: string;
}
/** An approved template to a candidate who opted in (issue 36); text is the same message in words. */
export interface OutgoingWhatsApp {
  channel: 'whatsapp';
  to: string;
  template: WhatsappTemplate;
  text: string;
}
export type OutgoingMessage = OutgoingEmail | OutgoingSms | OutgoingWhatsApp;

/** A pending message as the dispatcher reads it back from outbox_messages. */
interface StoredMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  attachments: MessageAttachment[] | null;
  reply_to: string | null;
  template: WhatsappTemplate | null;
  created_at: Date;
}

/**
 * Records a message in the same transaction as the change that caused it. Delivery happens after
 * commit (see OutboxDispatcher), so a crash between commit and send leaves a pending row that is
 * sent on the next start: nothing acknowledged is lost.
 */
export async function enqueueMessage(
  db: Kysely<DB> | Transaction<DB>,
  message: OutgoingMessage,
  /** sendAt: not before this time (a reminder); key: lets cancelQueuedMessages withdraw it while pending. */
  options: { sendAt?: Date; key?: string } = {},
): Promise<void> {
  await db
    .insertInto('outbox_messages')
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.channel === 'email' ? message.subject : null,
      body_text: message.text,
      body_html: message.channel === 'email' ? (message.html ?? null) : null,
      attachments: message.channel === 'email' && message.attachments?.length ? JSON.stringify(message.attachments) : null,
      reply_to: message.channel === 'email' ? (message.replyTo ?? null) : null,
      template: message.channel === 'whatsapp' ? JSON.stringify(message.template) : null,
      dedupe_key: options.key ?? null,
      ...(options.sendAt ? { next_attempt_at: options.sendAt } : {}),
    })
    .execute();
}

/**
 * Withdraws pending messages queued with this key (a rescheduled or cancelled interview's
 * reminder), in the caller's transaction. A message already claimed for sending is not stopped.
 */
export async function cancelQueuedMessages(db: Kysely<DB> | Transaction<DB>, key: string): Promise<number> {
  const result = await db.deleteFrom('outbox_messages').where('dedupe_key', '=', key).where('status', '=', 'pending').where('attempts', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;

export interface DispatcherOptions {
  db: Kysely<DB>;
  email: EmailSender;
  sms: SmsSender;
  /** WhatsApp templates (issue 36); none given: such messages fail as not configured. */
  whatsapp?: WhatsAppSender;
  logger: FastifyBaseLogger;
  /** Outside production: write every message to this folder and print it. */
  devOutboxDir?: string;
  /** Print development copies to the console too (off in tests). */
  printDevCopies?: boolean;
}

export class OutboxDispatcher extends Drainer {
  constructor(private readonly options: DispatcherOptions) {
    super(options.logger, 'outbox dispatch failed');
    if (options.devOutboxDir) mkdirSync(options.devOutboxDir, { recursive: true });
  }

  protected async drain(): Promise<void> {
    for (;;) {
      const batch = await this.options.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (batch.length === 0) return;
      for (const row of batch) await this.deliver(row);
      if (batch.length < BATCH) return;
    }
  }

  private async deliver(row: StoredMessage & { attempts: number }): Promise<void> {
    // Claim the row first so a second instance does not send it too.
    const claimed = await this.options.db
      .updateTable('outbox_messages')
      .set({ attempts: row.attempts + 1, next_attempt_at: sql<Date>`now() + interval '1 minute'` })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    let providerMessageId: string | null = null;
    try {
      if (this.options.devOutboxDir) this.writeDevCopy(row);
      if (row.channel === 'email') {
        await this.options.email.send({
          to: row.recipient,
          subject: row.subject ?? '',
          text: row.body_text,
          html: row.body_html ?? undefined,
          attachments: row.attachments ?? undefined,
          ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        });
      } else if (row.channel === 'sms') {
        await this.options.sms.send({ to: row.recipient, text: row.body_text });
      } else {
        providerMessageId = await this.sendWhatsApp(row);
      }
      await this.options.db
        .updateTable('outbox_messages')
        .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null, ...(providerMessageId ? { provider_message_id: providerMessageId } : {}) })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const attempts = row.attempts + 1;
      // A provider's verdict on this message itself (a WhatsApp template or recipient error) is not retried.
      const failed = attempts >= MAX_ATTEMPTS || isPermanent(error);
      const backoffSeconds = Math.min(3600, 2 ** attempts * 15);
      this.options.logger.warn({ outboxId: row.id, channel: row.channel, attempts, err: error }, 'message delivery failed');
      await this.options.db
        .updateTable('outbox_messages')
        .set({
          status: failed ? 'failed' : 'pending',
          last_error: String((error as Error).message ?? error).slice(0, 500),
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${backoffSeconds})`,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }

  private async sendWhatsApp(row: StoredMessage): Promise<string> {
    if (!row.template) throw Object.assign(new Error('WhatsApp message without a template'), { permanent: true });
    if (!this.options.whatsapp) throw Object.assign(new Error('WhatsApp is not configured'), { permanent: true });
    return (await this.options.whatsapp.send({ to: row.recipient, template: row.template })).id;
  }

  private writeDevCopy(row: StoredMessage): void {
    const dir = this.options.devOutboxDir;
    if (!dir) return;
    const createdAt = new Date(row.created_at).toISOString();
    const record = {
      channel: row.channel,
      to: row.recipient,
      subject: row.subject ?? undefined,
      text: row.body_text,
      ...(row.body_html ? { html: row.body_html } : {}),
      ...(row.attachments?.length ? { attachments: row.attachments } : {}),
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      ...(row.template ? { template: row.template } : {}),
      createdAt,
    };
    const file = path.join(dir, `${createdAt.replace(/[:.]/g, '-')}-${row.id.padStart(8, '0')}-${row.channel}.json`);
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    // The development outbox is the one place message bodies are printed, on purpose:
    // a developer reads confirmation links and codes here. Never enabled in production.
    if (this.options.printDevCopies) process.stdout.write(`\n[outbox] ${row.channel} to ${row.recipient}${row.subject ? ` — ${row.subject}` : ''}\n${row.body_text}\n`);
  }
}

/** Whether a sender said sending this message again cannot succeed (WhatsAppError.permanent). */
function isPermanent(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}
