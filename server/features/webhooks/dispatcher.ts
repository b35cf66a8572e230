import { sql, type Kysely, type Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';
import type { WebhookEndpointsTable } from '../../db/schema-webhooks.ts';
import { DrainLoop } from '../../messaging/drain-loop.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { DELIVERY_TIMEOUT_MS, postWebhook, signatureHeaders } from './send.ts';

const text = messages.developers;
/** After the first attempt fails: retried after these many seconds (Standard Webhooks' schedule), then given up. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 24 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint failing this long without one success is turned off (and its owners told). */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
/** Deliveries claimed at once, and at most this many of them for one endpoint (sent one after another). */
const BATCH = 50;
const PER_ENDPOINT = 5;
/** How far ahead to look for due deliveries when spreading a batch over endpoints. */
const LOOKAHEAD = 250;
/**
 * A claimed delivery not finished by then (its instance died) is tried again by any instance:
 * longer than one endpoint's share of a batch timing out on every delivery.
 */
export const LEASE_SECONDS = (PER_ENDPOINT * DELIVERY_TIMEOUT_MS) / 1000 + 30;

export interface WebhookDispatcherOptions {
  db: Kysely<DB>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  allowPrivate: boolean;
  publicUrl: string;
  /** After queueing an email (an endpoint turned off). */
  onMessageQueued: () => void;
}

type Endpoint = Selectable<WebhookEndpointsTable>;

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
 * Endpoints are sent to side by side, but each endpoint gets its deliveries one after another in
 * the order the events happened, so a receiver sees a job created before its applications.
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

/**
 * Sends recorded webhook deliveries (issue 16). Any instance may: a delivery is claimed by a
 * lease (FOR UPDATE SKIP LOCKED, next_attempt_at moved past the longest send), so two instances never send
 * the same attempt, and one killed mid-send leaves a delivery the others retry when the lease
 * ends. Woken by pg_notify('webhook_deliveries') from any instance and by a poll.
 */
export class WebhookDispatcher {
  private readonly loop: DrainLoop;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.loop = new DrainLoop(
      () => this.drain(),
      (error) => this.options.logger.error({ err: error }, 'webhook dispatch failed'),
    );
  }

  start(intervalMs = 5000): void {
    this.loop.start(intervalMs);
  }

  kick(): void {
    this.loop.kick();
  }

  async idle(): Promise<void> {
    await this.loop.idle();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const now = this.options.clock();
      const claimed = await sql<Claimed>`
        UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_SECONDS * 1000)}, last_attempt_at = ${now}
        WHERE id IN (
          -- Due is checked again here, where the rows are locked: a row another instance claimed
          -- meanwhile is seen in its new version (leased ahead) and left out, not sent twice.
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= ${now} AND id IN (
            SELECT id FROM (
              SELECT id, row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, created_at) AS depth
              FROM (SELECT id, endpoint_id, next_attempt_at, created_at FROM webhook_deliveries
                    WHERE status = 'pending' AND next_attempt_at <= ${now} ORDER BY next_attempt_at, created_at LIMIT ${LOOKAHEAD}) AS due
            ) AS ranked WHERE depth <= ${PER_ENDPOINT})
          ORDER BY next_attempt_at, created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, endpoint_id, message_id, payload, attempts, created_at, (extract(epoch FROM created_at) * 1000000)::bigint::text AS created_us`.execute(this.options.db);
      // Until nothing is due: a batch can be short because one endpoint has many waiting.
      if (claimed.rows.length === 0 || this.loop.isStopped) return;
      await this.deliverBatch(claimed.rows);
    }
  }

  /** Sends a claimed batch (endpoints side by side, each in order) and records it: one read, one write for the successes. */
  private async deliverBatch(rows: Claimed[]): Promise<void> {
    const { db } = this.options;
    const endpoints = new Map((await db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', [...new Set(rows.map((row) => row.endpoint_id))]).execute()).map((endpoint) => [endpoint.id, endpoint]));
    const succeeded: { id: string; status: number }[] = [];
    /** Endpoints that were failing and have had a success in this batch: their run of failures ends. */
    const recovered = new Set<string>();
    await Promise.all(
      inOrderPerEndpoint(rows).map(async (group) => {
        for (const row of group) {
          const endpoint = endpoints.get(row.endpoint_id);
          if (!endpoint || endpoint.disabled_at) {
            await db.updateTable('webhook_deliveries').set({ status: 'failed', last_error: 'The endpoint is turned off' }).where('id', '=', row.id).execute();
            continue;
          }
          const outcome = await this.send(row, endpoint);
          if (outcome.error === null) {
            succeeded.push({ id: row.id, status: outcome.status ?? 200 });
            if (endpoint.failing_since) recovered.add(endpoint.id);
          } else await this.recordFailure(row, endpoint, outcome.status, outcome.error);
        }
      }),
    );
    for (const status of new Set(succeeded.map((one) => one.status))) {
      const ids = succeeded.filter((one) => one.status === status).map((one) => one.id);
      await db.updateTable('webhook_deliveries').set({ status: 'succeeded', last_status_code: status, last_error: null }).where('id', 'in', ids).execute();
    }
    if (recovered.size > 0) await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', 'in', [...recovered]).execute();
  }

  private async send(row: Claimed, endpoint: Endpoint): Promise<{ status: number | null; error: string | null }> {
    const at = this.options.clock();
    const secrets = [endpoint.secret, ...(endpoint.previous_secret && endpoint.previous_secret_expires_at && new Date(endpoint.previous_secret_expires_at) > at ? [endpoint.previous_secret] : [])];
    try {
      const answer = await postWebhook(endpoint.url, signatureHeaders(row.message_id, at, row.payload, secrets), row.payload, this.options.allowPrivate);
      const ok = answer.status >= 200 && answer.status < 300;
      return { status: answer.status, error: ok ? null : `HTTP ${answer.status}${answer.body ? `: ${answer.body}` : ''}` };
    } catch (failure) {
      return { status: null, error: String((failure as Error).message ?? failure).slice(0, 500) };
    }
  }

  /** Schedules the next attempt (or gives up), and turns the endpoint off on a 410 or five days of failures. */
  private async recordFailure(row: Claimed, endpoint: Endpoint, status: number | null, error: string): Promise<void> {
    const { db, clock } = this.options;
    const now = clock();
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts, RETRY_DELAYS_SECONDS.length) - 1] ?? 0;
    await db
      .updateTable('webhook_deliveries')
      .set({ status: giveUp ? 'failed' : 'pending', last_status_code: status, last_error: error.slice(0, 500), next_attempt_at: new Date(now.getTime() + delay * 1000) })
      .where('id', '=', row.id)
      .execute();
    const failingSince = endpoint.failing_since ? new Date(endpoint.failing_since) : now;
    if (!endpoint.failing_since) await db.updateTable('webhook_endpoints').set({ failing_since: now }).where('id', '=', endpoint.id).where('failing_since', 'is', null).execute();
    if (status === 410) await this.disable(endpoint.id, endpoint.company_id, endpoint.url, text.webhookDisabledGone, now);
    else if (now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) await this.disable(endpoint.id, endpoint.company_id, endpoint.url, text.webhookDisabledFailing, now);
  }

  /** Turns the endpoint off and emails the company's owners, once (the first instance to do it). */
  private async disable(endpointId: string, companyId: string, url: string, reason: string, now: Date): Promise<void> {
    const { db } = this.options;
    await db.transaction().execute(async (trx) => {
      const turnedOff = await trx.updateTable('webhook_endpoints').set({ disabled_at: now, disabled_reason: reason }).where('id', '=', endpointId).where('disabled_at', 'is', null).returning('id').executeTakeFirst();
      if (!turnedOff) return;
      // Its other waiting deliveries stay in the log; they can be sent again once it is back on.
      await trx.updateTable('webhook_deliveries').set({ status: 'failed', last_error: 'The endpoint is turned off' }).where('endpoint_id', '=', endpointId).where('status', '=', 'pending').execute();
      const owners = await trx.selectFrom('user_profiles').select('email').where('company_id', '=', companyId).where('company_role', '=', 'owner').where('suspended_at', 'is', null).execute();
      const link = `${this.options.publicUrl}/dashboard/settings/developers`;
      for (const owner of owners) {
        await enqueueMessage(trx, { channel: 'email', to: owner.email, subject: fill(text.webhookDisabledEmailSubject, { url }), text: fill(text.webhookDisabledEmailBody, { url, reason, link }) });
      }
    });
    this.options.onMessageQueued();
  }
}
