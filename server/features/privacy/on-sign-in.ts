import type { Kysely } from 'kysely';
import type { SignInEvents } from '../../auth/sign-in-events.ts';
import type { DB } from '../../db/schema.ts';
import { cancelErasure } from './erasure.ts';
import { markSeen } from './retention.ts';

/**
 * Signing in keeps the account out of the retention schedule's reach for another period, and
 * signing in during an erasure's 30 days cancels it (issue 18; the person is emailed).
 */
export function listenToSignIns(events: SignInEvents, deps: { db: Kysely<DB>; onMessageQueued: () => void }): void {
  events.onSignedIn(async ({ userId, ip, at }) => {
    await markSeen(deps.db, userId, at);
    if (await cancelErasure(deps.db, userId, { ip, now: at, bySignIn: true })) deps.onMessageQueued();
  });
}
