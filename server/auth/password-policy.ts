import { dictionary } from '@zxcvbn-ts/language-common';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/options.ts';

// ~49,000 common passwords shipped with @zxcvbn-ts/language-common (pinned in the lock file).
// Compared lower-cased so "Password123" is refused as well as "password123".
let commonPasswords: Set<string> | undefined;
function common(): Set<string> {
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as string[]).filter((p) => p.length >= MIN_PASSWORD_LENGTH).map((p) => p.toLowerCase()),
  );
  return commonPasswords;
}

export const passwordMessages = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  tooCommon: 'This password is too common. Please choose a less guessable one.',
} as const;

/** Returns the reason a new password is refused, or undefined when it is acceptable. */
export function checkNewPassword(password: string): string | undefined {
  // Length counts Unicode code points, not UTF-16 units; nothing is truncated or case-folded.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return passwordMessages.tooLong;
  if (common().has(password.toLowerCase())) return passwordMessages.tooCommon;
  return undefined;
}
