import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Adds a (validated, lower-cased) work email to the waitlist. A repeat is not an error and adds
 * no second row: the caller gets the same answer either way, so the endpoint does not reveal who
 * has already signed up.
 */
export async function joinWaitlist(db: Kysely<DB>, email: string): Promise<void> {
  await db
    .insertInto('waitlist')
    .values({ email: email.toLowerCase() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}
