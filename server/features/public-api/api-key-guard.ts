import type { FastifyRequest } from 'fastify';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { API_KEY_PATTERN } from '../../../shared/schemas/api-keys.ts';
import type { Database } from '../../db/database.ts';
import type { ApiKeyContext, ApiKeyGuard } from '../../http/access.ts';
import { AnswerCache } from '../../http/answer-cache.ts';
import { AppError } from '../../http/errors.ts';
import { hashApiKey } from '../developers/api-keys.ts';

const text = messages.developers;
/** last_used_at is written at most this often per key: a busy integration does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;
/** The channel migration 0034's trigger notifies on, with the changed key's hash. */
export const API_KEY_CHANGES_CHANNEL = 'workcred_api_keys';

const unauthorized = (message: string) => new AppError(401, 'UNAUTHORIZED', message);

interface KeyRow {
  id: string;
  company_id: string;
  scopes: string[];
  created_by: string | null;
  revoked_at: string | null;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface StartedApiKeyGuard {
  guard: ApiKeyGuard;
  stop: () => Promise<void>;
}

/**
 * Authorization: Bearer wc_live_… → the key's company and scopes. A key is looked up by its hash
 * and kept in memory for `ttlMs` (as sessions are, issue 14), so a busy integration reads no key
 * rows; revoking or changing a key notifies every instance on commit (migration 0034), which
 * forget it at once, so a revoked key is refused everywhere from that moment. Expiry is checked on
 * every request. The route's scope is checked here, before the body is read.
 */
export async function startApiKeyGuard(database: Database, clock: () => Date, ttlMs: number): Promise<StartedApiKeyGuard> {
  const { db } = database;
  const cache = new AnswerCache(ttlMs);
  const unlisten = cache.enabled ? await database.listen(API_KEY_CHANGES_CHANNEL, (hash) => cache.forget(hash), () => cache.forgetAll()) : async () => undefined;
  /** When this instance last wrote each key's last_used_at (the cached row may predate it). */
  const lastWritten = new Map<string, number>();

  const guard: ApiKeyGuard = {
    async require(request: FastifyRequest): Promise<ApiKeyContext> {
      const header = request.headers.authorization;
      if (!header) throw unauthorized(text.missingKey);
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1] || !API_KEY_PATTERN.test(match[1])) throw unauthorized(text.invalidKey);
      const now = clock();
      const hash = hashApiKey(match[1]);
      const answer = await cache.answer(hash, '', async () => {
        const row = await db.selectFrom('api_keys').select(['id', 'company_id', 'scopes', 'created_by', 'revoked_at', 'expires_at', 'last_used_at']).where('secret_hash', '=', hash).executeTakeFirst();
        return row ? { value: row } : undefined;
      });
      const key = answer ? (JSON.parse(answer.body) as KeyRow) : undefined;
      if (!key || key.revoked_at || (key.expires_at && new Date(key.expires_at) <= now)) throw unauthorized(text.invalidKey);
      const scope = request.routeOptions.config?.apiScope;
      if (!scope || !key.scopes.includes(scope)) throw new AppError(403, 'MISSING_SCOPE', fill(text.missingScope, { scope: scope ?? '' }));
      const lastUsed = Math.max(key.last_used_at ? new Date(key.last_used_at).getTime() : 0, lastWritten.get(key.id) ?? 0);
      if (now.getTime() - lastUsed >= LAST_USED_EVERY_MS) {
        lastWritten.set(key.id, now.getTime());
        if (lastWritten.size > 10_000) lastWritten.clear();
        // The database has the last word, so with several instances (their cached rows a few
        // seconds old, their clocks a little apart) the key is written at most once a minute
        // and its last use never moves back.
        await db
          .updateTable('api_keys')
          .set({ last_used_at: now })
          .where('id', '=', key.id)
          .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', new Date(now.getTime() - LAST_USED_EVERY_MS))]))
          .execute();
      }
      return { keyId: key.id, companyId: key.company_id, scopes: key.scopes as ApiKeyContext['scopes'], createdBy: key.created_by };
    },
  };
  return {
    guard,
    async stop() {
      cache.forgetAll();
      await unlisten();
    },
  };
}
