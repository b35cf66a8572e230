import type { Auth } from '../../auth/auth.ts';
import type { MfaKeys } from '../../auth/mfa-crypto.ts';
import type { Database } from '../../db/database.ts';

/** What the candidate registration services need, built once by the routes. */
export interface RegistrationContext {
  auth: Auth;
  database: Database;
  /** Keys for one-time code and phone hashes (derived from AUTH_SECRET). */
  keys: MfaKeys;
  onMessageQueued: () => void;
  /** Serialises email-code sends per address within this process. */
  perAddress: <T>(email: string, task: () => Promise<T>) => Promise<T>;
}
