import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { API_KEY_PATTERN } from '../../../shared/schemas/api-keys.ts';
import type { DB } from '../../db/schema.ts';
import type { ApiKeyContext, ApiKeyGuard } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { hashApiKey } from '../developers/api-keys.ts';

const text = messages.developers;
/** last_used_at is written at most this often per key: a busy integration does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;

const unauthorized = (message: string) => new AppError(401, 'UNAUTHORIZED', message);

/**
 * Authorization: Bearer wc_live_… → the key's company and scopes. Each request looks the key up
 * (one indexed read of its hash, no cache), so a revoked key is refused from the moment it is
 * revoked, on every instance. The route's scope is checked here, before the body is read.
 */
export function apiKeyGuard(db: Kysely<DB>, clock: () => Date): ApiKeyGuard {
  return {
    async require(request: FastifyRequest): Promise<ApiKeyContext> {
      const header = request.headers.authorization;
      if (!header) throw unauthorized(text.missingKey);
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1] || !API_KEY_PATTERN.test(match[1])) throw unauthorized(text.invalidKey);
      const now = clock();
      const key = await db
        .selectFrom('api_keys')
        .select(['id', 'company_id', 'scopes', 'created_by', 'revoked_at', 'expires_at', 'last_used_at'])
        .where('secret_hash', '=', hashApiKey(match[1]))
        .executeTakeFirst();
      if (!key || key.revoked_at || (key.expires_at && new Date(key.expires_at) <= now)) throw unauthorized(text.invalidKey);
      const scope = request.routeOptions.config?.apiScope;
      if (!scope || !key.scopes.includes(scope)) throw new AppError(403, 'MISSING_SCOPE', fill(text.missingScope, { scope: scope ?? '' }));
      if (!key.last_used_at || now.getTime() - new Date(key.last_used_at).getTime() >= LAST_USED_EVERY_MS) {
        await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', key.id).execute();
      }
      return { keyId: key.id, companyId: key.company_id, scopes: key.scopes, createdBy: key.created_by };
    },
  };
}
