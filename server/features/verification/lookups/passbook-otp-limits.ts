/**
 * The limits of an OTP passbook session (issue 34, the stronger option), in one place for the
 * routes, the worker and the view. They follow ASVS 6.6.3 as our own codes do: a few wrong tries
 * end the code, resends are spaced and capped.
 */

/** Surepass's codes last about ten minutes; a session waits as long for the code. */
export const OTP_SESSION_MS = 10 * 60 * 1000;
/** Wrong codes before the session ends and the candidate starts again. */
export const OTP_MAX_WRONG = 3;
/** A new code no sooner than this after the last one. */
export const OTP_RESEND_SECONDS = 60;
/** Codes sent in one session, the first included (so three resends). */
export const OTP_MAX_SENDS = 4;
/** Sessions one candidate may start in an hour: each sends a text and is a paid call. */
export const OTP_MAX_STARTS_PER_HOUR = 5;
/**
 * How long the worker keeps retrying a provider that cannot send the code or give the passbook
 * before the session ends: the candidate is waiting on the screen, not for a day as with the
 * lookup by UAN.
 */
export const OTP_STEP_RETRY_MS = 10 * 60 * 1000;
