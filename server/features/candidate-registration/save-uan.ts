import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { ensureCandidateProfile } from './ensure-candidate-profile.ts';

/** "••••••••9012": enough for a person reading logs to tell claims apart, never the number. */
export function maskUan(uan: string): string {
  return `${'•'.repeat(Math.max(uan.length - 4, 0))}${uan.slice(-4)}`;
}

/**
 * Saves the candidate's UAN. One UAN belongs to one candidate: a UAN another candidate holds is
 * refused with 409, and the claim is recorded for the verification team (one row per claimant and
 * UAN, counting the attempts) in the same request. Saving one's own UAN again changes nothing.
 */
export async function saveUan(db: Kysely<DB>, userId: string, uan: string, log: FastifyBaseLogger): Promise<void> {
  await ensureCandidateProfile(db, userId);
  const outcome = await db.transaction().execute(async (trx) => {
    // Two candidates claiming one UAN at the same moment: the lock makes one of them second.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`uan:${uan}`}, 0))`.execute(trx);
    const holder = await trx.selectFrom('candidate_profiles').select('user_id').where('uan', '=', uan).executeTakeFirst();
    if (holder && holder.user_id !== userId) {
      const claim = await trx
        .insertInto('uan_claims')
        .values({ uan, claimant_id: userId, holder_id: holder.user_id })
        .onConflict((oc) =>
          oc.constraint('uan_claims_one_per_claimant').doUpdateSet({
            attempts: sql<number>`uan_claims.attempts + 1`,
            last_attempt_at: sql<Date>`now()`,
            holder_id: holder.user_id,
          }),
        )
        .returning(['id', 'attempts'])
        .executeTakeFirstOrThrow();
      return { taken: true as const, holderId: holder.user_id, claimId: claim.id, attempts: claim.attempts };
    }
    await trx.updateTable('candidate_profiles').set({ uan, no_uan_at: null, updated_at: sql<Date>`now()` }).where('user_id', '=', userId).execute();
    return { taken: false as const };
  });

  // Thrown after the commit, so the claim stays recorded.
  if (outcome.taken) {
    log.warn({ userId, holderId: outcome.holderId, claimId: outcome.claimId, attempts: outcome.attempts, uan: maskUan(uan), event: 'candidate-uan-claimed' }, 'UAN held by another candidate');
    throw conflict(messages.candidate.uan.taken, 'UAN_TAKEN');
  }
  log.info({ userId, uan: maskUan(uan), event: 'candidate-uan-saved' }, 'UAN saved');
}

/**
 * "I don't have a UAN yet" (issue 33): a fresher finishes the UAN step without one, and adds it
 * later with saveUan. A saved UAN is not removed this way (its checks and claims hang on it):
 * the candidate is told to enter the new one instead. Saying it again changes nothing.
 */
export async function saveNoUan(db: Kysely<DB>, userId: string, log: FastifyBaseLogger): Promise<void> {
  await ensureCandidateProfile(db, userId);
  const updated = await db
    .updateTable('candidate_profiles')
    .set({ no_uan_at: sql<Date>`coalesce(no_uan_at, now())`, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('uan', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  if (!updated) throw conflict(messages.candidate.uan.alreadySaved, 'UAN_SAVED');
  log.info({ userId, event: 'candidate-no-uan' }, 'candidate has no UAN yet');
}
