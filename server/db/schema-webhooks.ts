import type { ColumnType, Generated } from 'kysely';
import type { WebhookEvent } from '../../shared/schemas/webhooks.ts';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** The public API's webhooks (migration 0032), merged into DB. */

export interface WebhookEndpointsTable {
  id: Generated<string>;
  company_id: string;
  url: string;
  description: string | null;
  events: ColumnType<WebhookEvent[], WebhookEvent[], WebhookEvent[]>;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: NullableTimestamp;
  disabled_at: NullableTimestamp;
  disabled_reason: string | null;
  failing_since: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  payload: string;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_attempt_at: NullableTimestamp;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
}

/** Each object's last event sequence, per company (migration 0050). */
export interface WebhookSequencesTable {
  company_id: string;
  object_key: string;
  last_sequence: number;
}

declare module './schema.ts' {
  interface DB {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_sequences: WebhookSequencesTable;
  }
}
