import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';
import { DrainLoop } from '../../messaging/drain-loop.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { DELIVERY_TIMEOUT_MS, postWebhook, signatureHeaders } from './send.ts';

const text = messages.developers;
/** After the first attempt fails: retried after these many seconds (Standard Webhooks' schedule), then given up. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 24 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint failing this long without one success is turned off (and its owners told). */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
const BATCH = 10;
/**
 * A claimed delivery not finished by then (its instance died) is tried again by any instance:
 * longer than a batch sent to one endpoint that times out on every delivery.
 */
export const LEASE_SECONDS = (BATCH * DELIVERY_TIMEOUT_MS) / 1000 + 30;

export interface WebhookDispatcherOptions {
  db: Kysely<DB>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  allowPrivate: boolean;
  publicUrl: string;
  /** After queueing an email (an endpoint turned off). */
  onMessageQueued: () => void;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  message_id: string;
  payload: string;
  attempts: number;
  created_at: Date;
}

/**
 * Endpoints are sent to side by side, but each endpoint gets its deliveries one after another in
 * the order the events happened, so a receiver sees a job created before its applications.
 */
function inOrderPerEndpoint(rows: Claimed[]): Claimed[][] {
  const byEndpoint = new Map<string, Claimed[]>();
  for (const row of [...rows].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())) {
    byEndpoint.set(row.endpoint_id, [...(byEndpoint.get(row.endpoint_id) ?? []), row]);
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
          SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at, created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, endpoint_id, message_id, payload, attempts, created_at`.execute(this.options.db);
      await Promise.all(inOrderPerEndpoint(claimed.rows).map(async (rows) => {
        for (const row of rows) await this.deliver(row);
      }));
      if (claimed.rows.length < BATCH || this.loop.isStopped) return;
    }
  }

  private async deliver(row: Claimed): Promise<void> {
    const { db, clock } = this.options;
    const endpoint = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', row.endpoint_id).executeTakeFirst();
    if (!endpoint || endpoint.disabled_at) {
      await db.updateTable('webhook_deliveries').set({ status: 'failed', last_error: 'The endpoint is turned off' }).where('id', '=', row.id).execute();
      return;
    }
    const at = clock();
    const secrets = [endpoint.secret, ...(endpoint.previous_secret && endpoint.previous_secret_expires_at && new Date(endpoint.previous_secret_expires_at) > at ? [endpoint.previous_secret] : [])];
    let status: number | null = null;
    let error: string | null = null;
    try {
      const answer = await postWebhook(endpoint.url, signatureHeaders(row.message_id, at, row.payload, secrets), row.payload, this.options.allowPrivate);
      status = answer.status;
      if (status < 200 || status >= 300) error = `HTTP ${status}${answer.body ? `: ${answer.body}` : ''}`;
    } catch (failure) {
      error = String((failure as Error).message ?? failure).slice(0, 500);
    }
    const now = clock();
    if (!error) {
      await db.updateTable('webhook_deliveries').set({ status: 'succeeded', last_status_code: status, last_error: null }).where('id', '=', row.id).execute();
      await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', endpoint.id).where('failing_since', 'is not', null).execute();
      return;
    }
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
