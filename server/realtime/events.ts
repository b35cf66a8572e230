import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

export const EVENTS_CHANNEL = 'workcred_events';

/**
 * A live event. Topics say who may receive it: `user:<id>`, `company:<id>`, `admins`.
 * Payloads carry ids, not rows (NOTIFY payloads are capped at 8,000 bytes); clients refetch.
 */
export interface LiveEvent {
  topic: string;
  type: string;
  id?: string;
}

/**
 * Publishes through Postgres NOTIFY, so every app instance on the database sees it. Inside a
 * transaction the event is delivered only if and when the transaction commits.
 */
export async function publish(db: Kysely<DB> | Transaction<DB>, event: LiveEvent): Promise<void> {
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`.execute(db);
}
