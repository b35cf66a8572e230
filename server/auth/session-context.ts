import type { UserProfile } from '../db/schema.ts';

/** The caller's resolved session (loadSession in session.ts), kept per request and in the session cache. */
export interface SessionContext {
  userId: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
  /** aal2 when the user has a verified second factor, so this session must reach aal2. */
  requiredAal: 'aal1' | 'aal2';
  expiresAt: Date;
  /** When the session began (sign-in): the absolute lifetime counts from here. */
  createdAt: Date;
  emailVerified: boolean;
  profile: UserProfile;
  /** The name of the profile's company (kept with the session; a rename notifies every instance). */
  companyName: string | null;
}
