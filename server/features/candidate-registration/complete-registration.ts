import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { RegistrationState } from '../../../shared/schemas/candidate.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { firstMissingDetail, getRegistrationState } from './registration-state.ts';

/**
 * Complete Registration: marks the registration finished once every required step is saved
 * (documents are optional). Completing again changes nothing: the first time is kept.
 */
export async function completeRegistration(db: Kysely<DB>, userId: string, log: FastifyBaseLogger): Promise<RegistrationState> {
  const state = await getRegistrationState(db, userId);
  if (state.completed) return state;
  const missing = firstMissingDetail(state);
  if (missing) {
    log.info({ userId, missing, event: 'candidate-registration-incomplete' }, 'registration not completed: a step is unfinished');
    throw conflict(messages.candidate.registration.finishEarlierSteps, 'REGISTRATION_INCOMPLETE');
  }
  await db
    .updateTable('candidate_profiles')
    .set({ registration_completed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('registration_completed_at', 'is', null)
    .execute();
  log.info({ userId, event: 'candidate-registration-completed' }, 'candidate registration completed');
  return getRegistrationState(db, userId);
}
