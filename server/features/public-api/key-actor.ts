import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';
import { apiKeyOf } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';

export interface KeyActor {
  userId: string;
  companyId: string;
  ip: string;
}

/**
 * Who a key's change is made by: the person who created the key, while they are still an active
 * member of its company (the audit log, created_by and stage history name them). A key whose
 * creator has left or been suspended still reads, but changes nothing (403).
 */
export async function keyActor(db: Kysely<DB>, request: FastifyRequest): Promise<KeyActor> {
  const key = apiKeyOf(request);
  const creator = key.createdBy
    ? await db.selectFrom('user_profiles').select('id').where('id', '=', key.createdBy).where('company_id', '=', key.companyId).where('suspended_at', 'is', null).executeTakeFirst()
    : undefined;
  if (!creator) throw forbidden(messages.developers.keyWithoutCreator, 'KEY_CREATOR_GONE');
  return { userId: creator.id, companyId: key.companyId, ip: request.ip };
}

/** The next page's address in a Link header (RFC 8288), beside next_cursor in the body. */
export function linkNext(request: FastifyRequest, reply: FastifyReply, nextCursor: string | null, publicUrl: string): void {
  if (!nextCursor) return;
  const url = new URL(request.url, publicUrl);
  url.searchParams.set('cursor', nextCursor);
  reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}
