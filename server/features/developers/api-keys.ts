import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { todayInIndia } from '../../../shared/schemas/jobs.ts';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH, type ApiKey, type CreateApiKeyValues, type CreatedApiKey } from '../../../shared/schemas/api-keys.ts';
import { messages } from '../../../shared/messages.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import type { ApiKeysTable } from '../../db/schema-developers.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { expiryInstant } from '../jobs/create-job.ts';

const text = messages.developers;

export interface KeyActor {
  userId: string;
  companyId: string;
  ip: string;
}

/** SHA-256 of the whole key, hex: what is stored and looked up. */
export const hashApiKey = (secret: string): string => createHash('sha256').update(secret).digest('hex');

function statusOf(row: Pick<Selectable<ApiKeysTable>, 'revoked_at' | 'expires_at'>, now: Date): ApiKey['status'] {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && new Date(row.expires_at) <= now) return 'expired';
  return 'active';
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toApiKey(row: Selectable<ApiKeysTable> & { creator: string | null }, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_by: row.creator,
    created_at: iso(row.created_at)!,
    expires_at: iso(row.expires_at),
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
    status: statusOf(row, now),
  };
}

function keysOf(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('user_profiles as u', 'u.id', 'k.created_by')
    .selectAll('k')
    .select(sql<string | null>`coalesce(nullif(u.full_name, ''), u.email)`.as('creator'))
    .where('k.company_id', '=', companyId);
}

/** Settings → Developers: the company's keys, newest first, revoked and expired ones included. */
export async function listApiKeys(db: Kysely<DB>, companyId: string, now: Date): Promise<ApiKey[]> {
  const rows = await keysOf(db, companyId).orderBy('k.created_at', 'desc').orderBy('k.id').execute();
  return rows.map((row) => toApiKey(row, now));
}

/**
 * A new key for the actor's company: wc_live_ and 32 random bytes (base64url). Only its hash is
 * kept; the secret is in this answer and nowhere else. Audited (name, prefix, scopes; never the secret).
 */
export async function createApiKey(db: Kysely<DB>, actor: KeyActor, input: CreateApiKeyValues, now: Date): Promise<CreatedApiKey> {
  if (input.expires_on && input.expires_on < todayInIndia(now)) {
    throw badRequest(text.expiryPast, 'EXPIRY_PAST');
  }
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('api_keys')
      .values({
        company_id: actor.companyId,
        name: input.name,
        prefix: secret.slice(0, API_KEY_SHOWN_LENGTH),
        secret_hash: hashApiKey(secret),
        scopes: input.scopes,
        created_by: actor.userId,
        expires_at: input.expires_on ? expiryInstant(input.expires_on) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'api_key_created', entityType: 'api_key', entityId: inserted.id, details: { name: input.name, prefix: secret.slice(0, API_KEY_SHOWN_LENGTH), scopes: input.scopes, expires_on: input.expires_on ?? null }, ip: actor.ip });
    const row = await keysOf(trx, actor.companyId).where('k.id', '=', inserted.id).executeTakeFirstOrThrow();
    return { key: toApiKey(row, now), secret };
  });
}

/** Revokes a key of the actor's company; requests with it are refused from this moment. Audited. */
export async function revokeApiKey(db: Kysely<DB>, actor: KeyActor, keyId: string, now: Date): Promise<ApiKey> {
  return db.transaction().execute(async (trx) => {
    const key = await trx.selectFrom('api_keys').select(['id', 'name', 'prefix', 'revoked_at']).where('id', '=', keyId).where('company_id', '=', actor.companyId).forUpdate().executeTakeFirst();
    if (!key) throw notFound(text.keyNotFound);
    if (key.revoked_at) throw conflict(text.alreadyRevoked, 'ALREADY_REVOKED');
    await trx.updateTable('api_keys').set({ revoked_at: now, revoked_by: actor.userId }).where('id', '=', keyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'api_key_revoked', entityType: 'api_key', entityId: keyId, details: { name: key.name, prefix: key.prefix }, ip: actor.ip });
    const row = await keysOf(trx, actor.companyId).where('k.id', '=', keyId).executeTakeFirstOrThrow();
    return toApiKey(row, now);
  });
}
