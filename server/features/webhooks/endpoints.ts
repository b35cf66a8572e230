import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { WEBHOOK_LIMITS, WEBHOOK_SECRET_PREFIX, WEBHOOK_TEST_EVENT, type CreateWebhookValues, type WebhookDelivery, type WebhookEndpoint, type WebhookWithSecret } from '../../../shared/schemas/webhooks.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema-webhooks.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { KeyActor } from '../developers/api-keys.ts';
import { deliverClaimed, LEASE_SECONDS, type DeliveryOptions } from './deliver.ts';
import { newMessageId, nextSequence, webhookBody } from './emit.ts';
import { checkWebhookUrl, type UrlPolicy } from './url-policy.ts';

const text = messages.developers;
/** After a rotation the old secret keeps signing this long, so receivers can switch over. */
export const PREVIOUS_SECRET_MS = 24 * 3600 * 1000;
/** What the delivery log shows. */
const DELIVERIES_SHOWN = 50;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

type Db = Kysely<DB> | Transaction<DB>;

function endpointsOf(db: Db, companyId: string) {
  return db
    .selectFrom('webhook_endpoints as w')
    .leftJoin('user_profiles as u', 'u.id', 'w.created_by')
    .selectAll('w')
    .select(sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('creator'))
    .where('w.company_id', '=', companyId);
}

function toEndpoint(row: Selectable<WebhookEndpointsTable> & { creator: string | null }): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.disabled_at ? 'disabled' : 'active',
    disabled_reason: row.disabled_reason,
    secret_prefix: `${row.secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4)}…`,
    created_by_name: row.creator,
    created_at: iso(row.created_at)!,
  };
}

function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    created_at: iso(row.created_at)!,
    payload: row.payload,
  };
}

async function endpointRow(db: Db, companyId: string, webhookId: string) {
  const row = await endpointsOf(db, companyId).where('w.id', '=', webhookId).executeTakeFirst();
  if (!row) throw notFound(text.webhookNotFound);
  return row;
}

async function wake(db: Db): Promise<void> {
  await sql`SELECT pg_notify('webhook_deliveries', '')`.execute(db);
}

export async function listWebhooks(db: Kysely<DB>, companyId: string): Promise<WebhookEndpoint[]> {
  const rows = await endpointsOf(db, companyId).orderBy('w.created_at', 'desc').orderBy('w.id').execute();
  return rows.map(toEndpoint);
}

/** A new endpoint with its whsec_ secret, shown in this answer only. Audited without the secret. */
export async function createWebhook(db: Kysely<DB>, actor: KeyActor, input: CreateWebhookValues, policy: UrlPolicy): Promise<WebhookWithSecret> {
  checkWebhookUrl(input.url, policy);
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    // The company's endpoints are counted under a lock on the company row: two creations at once cannot pass the limit.
    await trx.selectFrom('companies').select('id').where('id', '=', actor.companyId).forUpdate().executeTakeFirst();
    const count = await trx.selectFrom('webhook_endpoints').select(sql<number>`count(*)::int`.as('n')).where('company_id', '=', actor.companyId).executeTakeFirstOrThrow();
    if (count.n >= WEBHOOK_LIMITS.perCompany) throw conflict(fill(text.webhookLimit, { max: WEBHOOK_LIMITS.perCompany }), 'WEBHOOK_LIMIT');
    const inserted = await trx
      .insertInto('webhook_endpoints')
      .values({ company_id: actor.companyId, url: input.url, description: input.description ?? null, events: input.events, secret, created_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'webhook_created', entityType: 'webhook_endpoint', entityId: inserted.id, details: { url: input.url, events: input.events }, ip: actor.ip });
    return { endpoint: toEndpoint(await endpointRow(trx, actor.companyId, inserted.id)), secret };
  });
}

/** Turns an endpoint off, or on again (its failure run forgotten). Audited. */
export async function setWebhookEnabled(db: Kysely<DB>, actor: KeyActor, webhookId: string, enabled: boolean, now: Date): Promise<WebhookEndpoint> {
  return db.transaction().execute(async (trx) => {
    await endpointRow(trx, actor.companyId, webhookId);
    await trx
      .updateTable('webhook_endpoints')
      .set(enabled ? { disabled_at: null, disabled_reason: null, failing_since: null } : { disabled_at: now, disabled_reason: null })
      .where('id', '=', webhookId)
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: enabled ? 'webhook_enabled' : 'webhook_disabled', entityType: 'webhook_endpoint', entityId: webhookId, details: {}, ip: actor.ip });
    return toEndpoint(await endpointRow(trx, actor.companyId, webhookId));
  });
}

/** Deletes an endpoint and its delivery log. Audited. */
export async function deleteWebhook(db: Kysely<DB>, actor: KeyActor, webhookId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await endpointRow(trx, actor.companyId, webhookId);
    await trx.deleteFrom('webhook_endpoints').where('id', '=', webhookId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'webhook_deleted', entityType: 'webhook_endpoint', entityId: webhookId, details: { url: row.url }, ip: actor.ip });
  });
}

/** A new secret, shown once; the old one keeps signing for 24 hours beside it. Audited. */
export async function rotateWebhookSecret(db: Kysely<DB>, actor: KeyActor, webhookId: string, now: Date): Promise<WebhookWithSecret> {
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    const row = await endpointRow(trx, actor.companyId, webhookId);
    await trx
      .updateTable('webhook_endpoints')
      .set({ secret, previous_secret: row.secret, previous_secret_expires_at: new Date(now.getTime() + PREVIOUS_SECRET_MS) })
      .where('id', '=', webhookId)
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'webhook_secret_rotated', entityType: 'webhook_endpoint', entityId: webhookId, details: {}, ip: actor.ip });
    return { endpoint: toEndpoint(await endpointRow(trx, actor.companyId, webhookId)), secret };
  });
}

/**
 * Sends a webhook.test event to this endpoint only (whatever it subscribed to) at once, and answers
 * with the outcome: delivered, or the receiver's answer or why it was not sent. It is recorded
 * already claimed (attempt 1, its lease ahead), so no dispatcher sends it too; if this instance
 * dies mid-send, any instance retries it when the lease ends. A failed test is retried as any
 * delivery is.
 */
export async function sendTestEvent(db: Kysely<DB>, actor: KeyActor, webhookId: string, delivery: DeliveryOptions): Promise<WebhookDelivery> {
  const now = delivery.clock();
  const claimed = await db.transaction().execute(async (trx) => {
    await endpointRow(trx, actor.companyId, webhookId);
    const data = { endpoint_id: webhookId, sent_by: actor.userId };
    const sequence = await nextSequence(trx, actor.companyId, WEBHOOK_TEST_EVENT, data);
    return trx
      .insertInto('webhook_deliveries')
      .values({ endpoint_id: webhookId, message_id: newMessageId(), event_type: WEBHOOK_TEST_EVENT, payload: webhookBody(WEBHOOK_TEST_EVENT, data, now, sequence), attempts: 1, last_attempt_at: now, next_attempt_at: new Date(now.getTime() + LEASE_SECONDS * 1000) })
      .returning(['id', 'endpoint_id', 'message_id', 'payload', 'attempts', 'created_at', sql<string>`(extract(epoch FROM created_at) * 1000000)::bigint::text`.as('created_us')])
      .executeTakeFirstOrThrow();
  });
  await deliverClaimed(delivery, [claimed]);
  // Deleted meanwhile: gone with its endpoint.
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', claimed.id).executeTakeFirst();
  if (!row) throw notFound(text.webhookNotFound);
  return toDelivery(row);
}

/** The endpoint's newest deliveries, with each one's attempts and the receiver's last answer. */
export async function listDeliveries(db: Kysely<DB>, companyId: string, webhookId: string): Promise<WebhookDelivery[]> {
  await endpointRow(db, companyId, webhookId);
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', webhookId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DELIVERIES_SHOWN).execute();
  return rows.map(toDelivery);
}

/** Sends a delivery again: the same message (webhook-id and body), so a receiver that already has it can tell. */
export async function redeliver(db: Kysely<DB>, actor: KeyActor, webhookId: string, deliveryId: string, now: Date): Promise<WebhookDelivery> {
  return db.transaction().execute(async (trx) => {
    await endpointRow(trx, actor.companyId, webhookId);
    const original = await trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('endpoint_id', '=', webhookId).executeTakeFirst();
    if (!original) throw notFound(text.deliveryNotFound);
    const row = await trx
      .insertInto('webhook_deliveries')
      .values({ endpoint_id: webhookId, message_id: original.message_id, event_type: original.event_type, payload: original.payload, next_attempt_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await wake(trx);
    return toDelivery(row);
  });
}
