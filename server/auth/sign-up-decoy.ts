import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

class Decoy extends Error {}

/** An id shaped like better-auth's (32 letters and digits). */
const decoyId = () => randomBytes(24).toString('base64url').replace(/[-_]/g, 'x').slice(0, 32);

/**
 * A sign-up with an address that already has an account writes the rows a new sign-up writes
 * (the user, its password account, its profile) for a decoy address, and rolls them back: the same
 * statements at the same cost, so the answer takes as long as for a new address (issue 33 A8,
 * ASVS 6.3.8). Nothing is kept and nothing is notified (a rolled-back transaction sends nothing).
 */
export async function writeSignUpDecoy(db: Kysely<DB>): Promise<void> {
  const id = decoyId();
  const email = `${id.toLowerCase()}@decoy.invalid`;
  const now = new Date();
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('auth_users').values({ id, name: 'Decoy', email, image: null, createdAt: now, updatedAt: now }).execute();
      // A password hash's length (scrypt "salt:key" in hex), so the row is the size of a real one.
      await trx.insertInto('auth_accounts').values({ id: decoyId(), accountId: id, providerId: 'credential', userId: id, password: 'x'.repeat(161), createdAt: now, updatedAt: now }).execute();
      await trx.insertInto('user_profiles').values({ id, email, full_name: 'Decoy', role: 'candidate' }).onConflict((oc) => oc.column('id').doNothing()).execute();
      throw new Decoy();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Decoy)) throw error;
    });
}
