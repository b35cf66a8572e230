import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { generateCandidateCode, withFreshCandidateCode } from './candidate-code.ts';

/**
 * The candidate's profile row, created with a fresh candidate code when missing: at the email
 * step, and for candidates who came another way (password sign-up, the demo seed). Safe to call
 * twice at once: the primary key decides and the loser's insert does nothing.
 */
export async function ensureCandidateProfile(db: Kysely<DB>, userId: string, generate: () => string = generateCandidateCode): Promise<void> {
  const existing = await db.selectFrom('candidate_profiles').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (existing) return;
  await withFreshCandidateCode((code) =>
    db
      .insertInto('candidate_profiles')
      .values({ user_id: userId, candidate_code: code })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute(),
    generate,
  );
}
