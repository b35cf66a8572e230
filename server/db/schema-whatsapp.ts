import type { ColumnType, Generated } from 'kysely';

/** WhatsApp (migration 0059), merged into DB: the candidate's opt-ins and the webhook's delivery statuses. */

/** A candidate's opt-in to WhatsApp messages, a consent of the ledger; withdrawn by revoked_at. */
export interface WhatsappConsentsTable {
  id: Generated<string>;
  candidate_id: string;
  /** The verified number the opt-in was given for (E.164). */
  phone: string;
  notice_version: string | null;
  granted_at: Generated<Date>;
  revoked_at: Date | null;
  ip_address: string | null;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** One delivery status of a sent message, as the provider's webhook reported it. */
export interface OutboxDeliveryStatusesTable {
  outbox_id: ColumnType<string, string | number, never>;
  status: DeliveryStatus;
  occurred_at: Date;
  received_at: Generated<Date>;
  error_code: number | null;
  error_title: string | null;
}

/** An approved WhatsApp template as queued: its name, language and body parameters in order. */
export interface WhatsappTemplate {
  name: string;
  language: string;
  parameters: string[];
}

declare module './schema.ts' {
  interface DB {
    whatsapp_consents: WhatsappConsentsTable;
    outbox_delivery_statuses: OutboxDeliveryStatusesTable;
  }
}
