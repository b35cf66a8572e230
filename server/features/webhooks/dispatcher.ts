import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { Drainer } from '../../messaging/drain-loop.ts';
import { deliverClaimed, LEASE_SECONDS, PER_ENDPOINT, type Claimed, type DeliveryOptions } from './deliver.ts';

/** Deliveries claimed at once, at most PER_ENDPOINT of them for one endpoint. */
const BATCH = 50;
/** How far ahead to look for due deliveries when spreading a batch over endpoints. */
const LOOKAHEAD = 250;

export interface WebhookDispatcherOptions extends DeliveryOptions {
  logger: FastifyBaseLogger;
}

/**
 * Sends recorded webhook deliveries (issue 16). Any instance may: a delivery is claimed by a
 * lease (FOR UPDATE SKIP LOCKED, next_attempt_at moved past the longest send), so two instances never send
 * the same attempt, and one killed mid-send leaves a delivery the others retry when the lease
 * ends. Woken by pg_notify('webhook_deliveries') from any instance and by a poll.
 */
export class WebhookDispatcher extends Drainer {
  constructor(private readonly options: WebhookDispatcherOptions) {
    super(options.logger, 'webhook dispatch failed');
  }

  protected async drain(): Promise<void> {
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
      await deliverClaimed(this.options, claimed.rows);
    }
  }
}
