import type { Kysely, Selectable } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';
import type { WebhookEndpointsTable } from '../../db/schema-webhooks.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { DELIVERY_TIMEOUT_MS, postWebhook, signatureHeaders } from './send.ts';
import { AddressRefusedError, type ResolveAll } from './url-policy.ts';

const text = messages.developers;
/** After the first attempt fails: retried after these many seconds (Standard Webhooks' schedule), then given up. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 24 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint failing this long without one success is turned off (and its owners told). */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/** Deliveries of one endpoint a drain claims at once (sent one after another). */
export const PER_ENDPOINT = 5;
/**
 * A claimed delivery not finished by then (its instance died) is tried again by any instance:
 * longer than one endpoint's share of a batch timing out on every delivery.
 */
export const LEASE_SECONDS = (PER_ENDPOINT * DELIVERY_TIMEOUT_MS) / 1000 + 30;
const TURNED_OFF = 'The endpoint is turned off';

export interface DeliveryOptions {
  db: Kysely<DB>;
  clock: () => Date;
  allowPrivate: boolean;
  publicUrl: string;
  /** After queueing an email (an endpoint turned off). */
  onMessageQueued: () => void;
  /** How names are resolved; tests pass their own. */
  resolve?: ResolveAll;
}

type Endpoint = Selectable<WebhookEndpointsTable>;

/** A delivery claimed for one attempt: its attempt counted, its lease (next_attempt_at) ahead. */
export interface Claimed {
  id: string;
  endpoint_id: string;
  message_id: string;
  payload: string;
  attempts: number;
  created_at: Date;
  /** created_at in microseconds since the epoch (a Date keeps milliseconds: two events of one move share one). */
  created_us: string;
}

/**
 * Endpoints are sent to side by side, each endpoint's deliveries one after another in the order
 * the events happened. Best effort only: a failed delivery is retried while later ones go on, so
 * receivers order by each event's sequence (see the developer docs).
 */
export function inOrderPerEndpoint(rows: Claimed[]): Claimed[][] {
  const byEndpoint = new Map<string, Claimed[]>();
  const sorted = [...rows].sort((a, b) => {
    const difference = BigInt(a.created_us) - BigInt(b.created_us);
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  });
  for (const row of sorted) {
    const group = byEndpoint.get(row.endpoint_id);
    if (group) group.push(row);
    else byEndpoint.set(row.endpoint_id, [row]);
  }
  return [...byEndpoint.values()];
}

interface Outcome {
  status: number | null;
  error: string | null;
  /** Not sent at all: the address is refused. Final, as a retry would be refused too. */
  refused: boolean;
}

/**
 * Sends claimed deliveries (endpoints side by side, each in order) and records each outcome: one
 * read of the endpoints, one write for the successes. Used by the dispatcher's drain and by Send
 * test, which answers with the outcome.
 */
export async function deliverClaimed(options: DeliveryOptions, rows: Claimed[]): Promise<void> {
  const { db } = options;
  if (rows.length === 0) return;
  const endpoints = new Map((await db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', [...new Set(rows.map((row) => row.endpoint_id))]).execute()).map((endpoint) => [endpoint.id, endpoint]));
  const succeeded: { id: string; status: number }[] = [];
  /** Endpoints that were failing and have had a success in this batch: their run of failures ends. */
  const recovered = new Set<string>();
  await Promise.all(
    inOrderPerEndpoint(rows).map(async (group) => {
      for (const row of group) {
        const endpoint = endpoints.get(row.endpoint_id);
        if (!endpoint || endpoint.disabled_at) {
          await db.updateTable('webhook_deliveries').set({ status: 'failed', last_error: TURNED_OFF }).where('id', '=', row.id).execute();
          continue;
        }
        const outcome = await send(options, row, endpoint);
        if (outcome.error === null) {
          succeeded.push({ id: row.id, status: outcome.status ?? 200 });
          if (endpoint.failing_since) recovered.add(endpoint.id);
        } else await recordFailure(options, row, endpoint, outcome);
      }
    }),
  );
  for (const status of new Set(succeeded.map((one) => one.status))) {
    const ids = succeeded.filter((one) => one.status === status).map((one) => one.id);
    await db.updateTable('webhook_deliveries').set({ status: 'succeeded', last_status_code: status, last_error: null }).where('id', 'in', ids).execute();
  }
  if (recovered.size > 0) await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', 'in', [...recovered]).execute();
}

async function send(options: DeliveryOptions, row: Claimed, endpoint: Endpoint): Promise<Outcome> {
  const at = options.clock();
  const secrets = [endpoint.secret, ...(endpoint.previous_secret && endpoint.previous_secret_expires_at && new Date(endpoint.previous_secret_expires_at) > at ? [endpoint.previous_secret] : [])];
  try {
    // The address is checked here, on every attempt (first, retry, redelivery, test): the policy
    // or the name's addresses may have changed since the endpoint was saved.
    const answer = await postWebhook(endpoint.url, signatureHeaders(row.message_id, at, row.payload, secrets), row.payload, options.allowPrivate, options.resolve);
    const ok = answer.status >= 200 && answer.status < 300;
    return { status: answer.status, error: ok ? null : `HTTP ${answer.status}${answer.body ? `: ${answer.body}` : ''}`, refused: false };
  } catch (failure) {
    return { status: null, error: String((failure as Error).message ?? failure).slice(0, 500), refused: failure instanceof AddressRefusedError };
  }
}

/** Schedules the next attempt (or gives up), and turns the endpoint off on a 410 or five days of failures. */
async function recordFailure(options: DeliveryOptions, row: Claimed, endpoint: Endpoint, outcome: Outcome): Promise<void> {
  const { db, clock } = options;
  const now = clock();
  const giveUp = outcome.refused || row.attempts >= MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts, RETRY_DELAYS_SECONDS.length) - 1] ?? 0;
  await db
    .updateTable('webhook_deliveries')
    .set({ status: giveUp ? 'failed' : 'pending', last_status_code: outcome.status, last_error: (outcome.error ?? '').slice(0, 500), next_attempt_at: new Date(now.getTime() + delay * 1000) })
    .where('id', '=', row.id)
    .execute();
  const failingSince = endpoint.failing_since ? new Date(endpoint.failing_since) : now;
  if (!endpoint.failing_since) await db.updateTable('webhook_endpoints').set({ failing_since: now }).where('id', '=', endpoint.id).where('failing_since', 'is', null).execute();
  if (outcome.status === 410) await disable(options, endpoint, text.webhookDisabledGone, now);
  else if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) await disable(options, endpoint, text.webhookDisabledFailing, now);
}

/** Turns the endpoint off and emails the company's owners, once (the first instance to do it). */
async function disable(options: DeliveryOptions, endpoint: Endpoint, reason: string, now: Date): Promise<void> {
  const { db } = options;
  const { id, company_id: companyId, url } = endpoint;
  await db.transaction().execute(async (trx) => {
    const turnedOff = await trx.updateTable('webhook_endpoints').set({ disabled_at: now, disabled_reason: reason }).where('id', '=', id).where('disabled_at', 'is', null).returning('id').executeTakeFirst();
    if (!turnedOff) return;
    // Its other waiting deliveries stay in the log; they can be sent again once it is back on.
    await trx.updateTable('webhook_deliveries').set({ status: 'failed', last_error: TURNED_OFF }).where('endpoint_id', '=', id).where('status', '=', 'pending').execute();
    const owners = await trx.selectFrom('user_profiles').select('email').where('company_id', '=', companyId).where('company_role', '=', 'owner').where('suspended_at', 'is', null).execute();
    const link = `${options.publicUrl}/dashboard/settings/developers`;
    for (const owner of owners) {
      await enqueueMessage(trx, { channel: 'email', to: owner.email, subject: fill(text.webhookDisabledEmailSubject, { url }), text: fill(text.webhookDisabledEmailBody, { url, reason, link }) });
    }
  });
  options.onMessageQueued();
}
