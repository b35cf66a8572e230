import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { WebhookEvent } from '../../../shared/schemas/webhooks.ts';
import type { DB } from '../../db/schema.ts';

/** The webhook-id of a new message: the same for every endpoint, attempt and redelivery of this event. */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`;

/** The body every endpoint receives: what happened, when, and the ids and facts to act on. */
export function webhookBody(type: string, data: Record<string, unknown>, now: Date): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data });
}

/**
 * Records `type` for every enabled endpoint of the company that subscribed to it, in the caller's
 * transaction: the event exists exactly when the change does, and is delivered after commit by
 * the dispatcher on any instance (pg_notify wakes them). One indexed read when no one listens.
 */
export async function emitWebhookEvent(trx: Transaction<DB> | Kysely<DB>, companyId: string, type: WebhookEvent, data: Record<string, unknown>, now: Date = new Date()): Promise<void> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('company_id', '=', companyId)
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`${type} = ANY(events)`)
    .execute();
  if (endpoints.length === 0) return;
  const messageId = newMessageId();
  const payload = webhookBody(type, data, now);
  await trx
    .insertInto('webhook_deliveries')
    .values(endpoints.map((endpoint) => ({ endpoint_id: endpoint.id, message_id: messageId, event_type: type, payload, next_attempt_at: now })))
    .execute();
  await sql`SELECT pg_notify('webhook_deliveries', '')`.execute(trx);
}

/** application.stage_changed (and employee.hired when the move to hired recorded an employment). */
export async function emitStageChanged(
  trx: Transaction<DB>,
  application: { id: string; job_id: string; candidate_id: string; company_id: string },
  from: string,
  to: string,
  employmentId: string | null,
): Promise<void> {
  await emitWebhookEvent(trx, application.company_id, 'application.stage_changed', { application_id: application.id, job_id: application.job_id, candidate_id: application.candidate_id, from_stage: from, to_stage: to });
  if (employmentId) await emitWebhookEvent(trx, application.company_id, 'employee.hired', { employment_id: employmentId, candidate_id: application.candidate_id });
}
