import { createFailureCounter } from './failure-counter.ts';

/**
 * Per-account limit on wrong second-factor codes across all challenges and sessions (ASVS 6.3.1,
 * on top of 6.6.3's five tries per code): otherwise someone holding the password could sign in
 * again and again for fresh challenges and keep guessing. 10 wrong codes within 15 minutes lock
 * MFA verification for the account for 15 minutes.
 */
export const MFA_LOCK_AFTER_FAILURES = 10;
const counter = createFailureCounter({ prefix: 'mfa', lockAfter: MFA_LOCK_AFTER_FAILURES, windowMinutes: 15, lockMinutes: 15 });

export const isMfaLocked = counter.isLocked;
export const recordMfaFailure = counter.recordFailure;
export const clearMfaFailures = counter.clear;
