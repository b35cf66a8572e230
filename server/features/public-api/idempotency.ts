import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';
import { apiKeyOf } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';

const text = messages.developers;
/** How long a key's answer is kept for retries (as Stripe does). */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed: its answer is stored when it is sent. */
    idempotencyClaim?: { keyId: string; key: string };
  }
}

/** JSON with object keys sorted, so the same body written in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${url}\n${canonicalJson(body)}`).digest('hex');
}

/**
 * Idempotency-Key on every POST of /api/v1 (issue 16). The key is claimed (one row per API key
 * and Idempotency-Key, so two instances racing with the same key let one through) before the
 * route runs; the answer is stored before it is sent, so any answer a client received is the one
 * a retry gets (with Idempotent-Replayed: true). The same key with another method, path or body
 * is refused (422); a retry while the first is still running is 409. Server errors and rate-limit
 * refusals are not kept: the key is released and a retry runs again.
 */
export function registerIdempotency(v1: FastifyInstance, db: Kysely<DB>, clock: () => Date): void {
  v1.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', text.idempotencyKeyInvalid);
    const { keyId } = apiKeyOf(request);
    const hash = requestHash(request.method, request.url, request.body);
    const now = clock();
    const expired = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS);
    // A key's expired row is forgotten when the key comes again; others by the outbox sweeper's schedule.
    await db.deleteFrom('api_idempotency_keys').where('key_id', '=', keyId).where('idempotency_key', '=', header).where('created_at', '<', expired).execute();
    const claimed = await db
      .insertInto('api_idempotency_keys')
      .values({ key_id: keyId, idempotency_key: header, request_hash: hash, created_at: now })
      .onConflict((conflict) => conflict.doNothing())
      .returning('key_id')
      .executeTakeFirst();
    if (claimed) {
      request.idempotencyClaim = { keyId, key: header };
      return;
    }
    const first = await db.selectFrom('api_idempotency_keys').selectAll().where('key_id', '=', keyId).where('idempotency_key', '=', header).executeTakeFirst();
    if (first && first.request_hash !== hash) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', text.idempotencyKeyReused);
    if (!first || first.status_code === null || first.response === null) throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', text.idempotencyInProgress);
    reply.header('idempotent-replayed', 'true');
    if (first.content_type) reply.type(first.content_type);
    return reply.code(first.status_code).send(first.response);
  });

  v1.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const row = db.updateTable('api_idempotency_keys').where('key_id', '=', claim.keyId).where('idempotency_key', '=', claim.key);
    if (reply.statusCode >= 500 || reply.statusCode === 429 || (payload !== null && payload !== undefined && typeof payload !== 'string')) {
      await db.deleteFrom('api_idempotency_keys').where('key_id', '=', claim.keyId).where('idempotency_key', '=', claim.key).execute();
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await row
      .set({ status_code: reply.statusCode, response: payload ?? '', content_type: typeof contentType === 'string' ? contentType : null, completed_at: clock() })
      .execute();
    return payload;
  });
}

/** Forgets answers older than a day (called with the other periodic sweeps). */
export async function sweepIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db.deleteFrom('api_idempotency_keys').where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
