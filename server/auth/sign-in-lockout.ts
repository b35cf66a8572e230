import { createFailureCounter } from './failure-counter.ts';

/**
 * Per-account lock on repeated sign-in failures, on top of better-auth's per-IP limit: 10 failures
 * within 15 minutes lock the account for 10 minutes (GitLab's anchor). The owner can still reset
 * the password. Keyed by the lower-cased email.
 */
export const LOCK_AFTER_FAILURES = 10;
const counter = createFailureCounter({ prefix: 'sign-in', lockAfter: LOCK_AFTER_FAILURES, windowMinutes: 15, lockMinutes: 10 });
const subject = (email: string) => email.trim().toLowerCase();

export const isLocked = (database: Parameters<typeof counter.isLocked>[0], email: string) => counter.isLocked(database, subject(email));
export const recordFailure = (database: Parameters<typeof counter.recordFailure>[0], email: string) => counter.recordFailure(database, subject(email));
export const clearFailures = (database: Parameters<typeof counter.clear>[0], email: string) => counter.clear(database, subject(email));
