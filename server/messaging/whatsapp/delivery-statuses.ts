import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeliveryStatus } from '../../db/schema-whatsapp.ts';

/** One status of a sent message, read from the webhook's entry[].changes[].value.statuses[]. */
export interface StatusReport {
  /** The wamid the send answered. */
  messageId: string;
  status: DeliveryStatus;
  occurredAt: Date;
  errorCode: number | null;
  errorTitle: string | null;
}

const STATUSES = new Set<string>(['sent', 'delivered', 'read', 'failed']);
/** Meta batches; a body has a few. This bounds the work one call can ask of the database. */
const MAX_REPORTS = 1000;

/**
 * The statuses in a webhook body (Meta's messages webhook, status reference):
 *   {"object": "whatsapp_business_account", "entry": [{"id", "changes": [{"field": "messages",
 *    "value": {"messaging_product", "metadata", "statuses": [{"id": "<wamid>", "status":
 *    "sent|delivered|read|failed", "timestamp": "<unix seconds>", "recipient_id", "conversation",
 *    "pricing", "errors": [{"code", "title", "message", "error_data": {"details"}}]}]}}]}]}
 * Read defensively: anything else in the body (incoming messages, other fields, statuses this
 * slice does not keep such as "deleted") is skipped, never refused, so Meta is not made to retry.
 */
export function statusReportsOf(body: unknown, now: Date): StatusReport[] {
  const reports: StatusReport[] = [];
  for (const entry of arrayOf(field(body, 'entry'))) {
    for (const change of arrayOf(field(entry, 'changes'))) {
      for (const status of arrayOf(field(field(change, 'value'), 'statuses'))) {
        const report = reportOf(status, now);
        if (report) reports.push(report);
        if (reports.length >= MAX_REPORTS) return reports;
      }
    }
  }
  return reports;
}

function reportOf(value: unknown, now: Date): StatusReport | null {
  const id = field(value, 'id');
  const status = field(value, 'status');
  if (typeof id !== 'string' || id.length === 0 || id.length > 128 || typeof status !== 'string' || !STATUSES.has(status)) return null;
  const error = arrayOf(field(value, 'errors'))[0];
  const code = field(error, 'code');
  const title = field(error, 'title') ?? field(error, 'message');
  return {
    messageId: id,
    status: status as DeliveryStatus,
    occurredAt: timeOf(field(value, 'timestamp')) ?? now,
    errorCode: typeof code === 'number' && Number.isSafeInteger(code) && Math.abs(code) <= 2_147_483_647 ? code : null,
    errorTitle: typeof title === 'string' ? title.slice(0, 200) : null,
  };
}

/** Unix seconds, as a string (documented) or a number; out-of-range or unreadable: null. */
function timeOf(value: unknown): Date | null {
  const seconds = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : typeof value === 'number' && Number.isFinite(value) ? value : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 32_503_680_000) return null;
  return new Date(seconds * 1000);
}

/**
 * Keeps each report against the outbox message its wamid names; a wamid we never sent (another
 * app on the same business account, a forged id) is ignored. A repeat of a status already kept
 * changes nothing. A failure also goes on the message's last_error, where the outbox keeps it.
 */
export async function recordStatusReports(db: Kysely<DB>, reports: StatusReport[]): Promise<{ recorded: number; ignored: number }> {
  let recorded = 0;
  for (const report of reports) {
    const message = await db.selectFrom('outbox_messages').select('id').where('provider_message_id', '=', report.messageId).where('channel', '=', 'whatsapp').executeTakeFirst();
    if (!message) continue;
    const inserted = await db
      .insertInto('outbox_delivery_statuses')
      .values({ outbox_id: message.id, status: report.status, occurred_at: report.occurredAt, error_code: report.errorCode, error_title: report.errorTitle })
      .onConflict((oc) => oc.columns(['outbox_id', 'status']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    recorded += 1;
    if (report.status === 'failed') {
      const why = `WhatsApp delivery failed${report.errorCode !== null ? ` (${report.errorCode})` : ''}${report.errorTitle ? `: ${report.errorTitle}` : ''}`;
      await db.updateTable('outbox_messages').set({ last_error: why.slice(0, 500) }).where('id', '=', message.id).execute();
    }
  }
  return { recorded, ignored: reports.length - recorded };
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
