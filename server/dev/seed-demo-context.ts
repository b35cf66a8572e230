import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionContext } from '../auth/session.ts';
import type { DB } from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { Factories } from './factories.ts';

/** What the demo seed's parts share. */
export interface SeedContext {
  app: FastifyInstance;
  db: Kysely<DB>;
  storage: FileStorage;
  factories: Factories;
  publicUrl: string;
  mailFrom: string;
}

/** Requests in the audit trail come from an office address, as they would. */
export const SEED_IP = '103.21.58.14';

/**
 * The session a service function would get for this user from a request: the seed acts as the
 * person, through the same functions, without a cookie.
 */
export async function sessionFor(db: Kysely<DB>, userId: string): Promise<SessionContext> {
  const { company_name: companyName, ...profile } = await db
    .selectFrom('user_profiles as p')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .selectAll('p')
    .select('c.name as company_name')
    .where('p.id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, sessionId: 'demo-seed', aal: 'aal1', requiredAal: 'aal1', expiresAt: new Date(Date.now() + 3_600_000), createdAt: new Date(), emailVerified: true, profile, companyName };
}

/** A date N days from today in India (YYYY-MM-DD), for joining and relieving days. */
export function indiaDate(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

/** An IST wall-clock time N days from now at HH:MM, as the scheduling form sends it. */
export function istLocal(daysFromToday: number, time: string): string {
  return `${indiaDate(daysFromToday)}T${time}`;
}
