import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';

/**
 * Test apps hash passwords at a low work factor (server/auth/test-password-hasher.ts). A server
 * started as its own process (NODE_ENV=development) checks them at the real one: an account made
 * by a test app for such a server gets its password hashed the real way.
 */
export async function useRealPasswordHash(db: Kysely<DB>, userId: string, password: string): Promise<void> {
  await db.updateTable('auth_accounts').set({ password: await hashPassword(password) }).where('userId', '=', userId).where('providerId', '=', 'credential').execute();
}
