import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PipelineStage } from '../../../shared/schemas/pipeline.ts';
import type { WebhookEvent, WebhookEventData } from '../../../shared/schemas/webhooks.ts';
import type { DB } from '../../db/schema.ts';

/** The webhook-id of a new message: the same for every endpoint, attempt and redelivery of this event. */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`;

/**
 * The body every endpoint receives: what happened, when, its sequence (see nextSequence) and the
 * ids and facts to act on.
 */
export function webhookBody(type: string, data: Record<string, unknown>, now: Date, sequence: number): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), sequence, data });
}

/** The id of the object an event is about, by the event's first word: what its sequence counts. */
const OBJECT_ID: Record<string, (data: Record<string, unknown>) => unknown> = {
  job: (data) => data.job_id,
  application: (data) => data.application_id,
  interview: (data) => data.interview_id,
  employee: (data) => data.employment_id,
  verification: (data) => (typeof data.candidate_id === 'string' && typeof data.check === 'string' ? `${data.candidate_id}/${data.check}` : undefined),
  webhook: (data) => data.endpoint_id,
};

/**
 * The next sequence number of the events about this event's object, for this company: 1, 2, 3…
 * in the order the changes commit (the counter's row stays locked until then). Deliveries can
 * arrive out of order (retries, redeliveries), so a receiver keeps the highest sequence it has
 * applied per object and ignores a lower one. An event without its object's id is counted with
 * every event of its kind: still increasing, only with larger gaps.
 */
export async function nextSequence(trx: Transaction<DB> | Kysely<DB>, companyId: string, type: string, data: Record<string, unknown>): Promise<number> {
  const kind = type.split('.')[0] ?? type;
  const id = OBJECT_ID[kind]?.(data);
  const objectKey = typeof id === 'string' ? `${kind}:${id}` : kind;
  const row = await trx
    .insertInto('webhook_sequences')
    .values({ company_id: companyId, object_key: objectKey, last_sequence: 1 })
    .onConflict((conflict) => conflict.columns(['company_id', 'object_key']).doUpdateSet({ last_sequence: sql<number>`webhook_sequences.last_sequence + 1` }))
    .returning('last_sequence')
    .executeTakeFirstOrThrow();
  return row.last_sequence;
}

/**
 * Records `type` for every enabled endpoint of the company that subscribed to it, in the caller's
 * transaction: the event exists exactly when the change does, and is delivered after commit by
 * the dispatcher on any instance (pg_notify wakes them). One indexed read when no one listens.
 */
export async function emitWebhookEvent<T extends WebhookEvent>(trx: Transaction<DB> | Kysely<DB>, companyId: string, type: T, data: WebhookEventData<T>, now: Date = new Date()): Promise<void> {
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('company_id', '=', companyId)
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`${type} = ANY(events)`)
    .execute();
  if (endpoints.length === 0) return;
  const messageId = newMessageId();
  const payload = webhookBody(type, data, now, await nextSequence(trx, companyId, type, data));
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
  from: PipelineStage,
  to: PipelineStage,
  hire: { employment_id: string; title: string; joining_date: string } | null,
): Promise<void> {
  await emitWebhookEvent(trx, application.company_id, 'application.stage_changed', { application_id: application.id, job_id: application.job_id, candidate_id: application.candidate_id, from_stage: from, to_stage: to });
  // A hire through the company's own pipeline is its own source: confirmed (issue 33 A1).
  if (hire) await emitWebhookEvent(trx, application.company_id, 'employee.hired', { ...hire, candidate_id: application.candidate_id, confirmation: 'confirmed' });
}
