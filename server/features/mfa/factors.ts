import type { Selectable } from 'kysely';
import type { Factor } from '../../../shared/schemas/auth.ts';
import { messages } from '../../../shared/messages.ts';
import type { Auth } from '../../auth/auth.ts';
import type { MfaKeys } from '../../auth/mfa-crypto.ts';
import { maskPhone } from '../../auth/mfa-phone.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { Database } from '../../db/database.ts';
import type { MfaFactorsTable } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';

/** What the MFA services need, built once by the routes. */
export interface MfaContext {
  auth: Auth;
  database: Database;
  keys: MfaKeys;
  onMessageQueued: () => void;
}

export type FactorRow = Selectable<MfaFactorsTable>;

/** One-time codes and challenges expire after this long (ASVS 6.5.5). */
export const CHALLENGE_TTL_MINUTES = 10;
/** Wrong codes a challenge survives (ASVS 6.6.3). */
export const MAX_CHALLENGE_ATTEMPTS = 5;
/** Factors one account may hold, verified or not. */
export const MAX_FACTORS_PER_USER = 10;
export const DEFAULT_TOTP_ISSUER = 'WorkCred';

export function toFactor(row: FactorRow): Factor {
  return {
    id: row.id,
    factor_type: row.factor_type,
    friendly_name: row.friendly_name,
    status: row.status,
    ...(row.factor_type === 'phone' && row.phone ? { phone_hint: maskPhone(row.phone) } : {}),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The caller's own factor; anyone else's answers 404 exactly like a missing one (ASVS 8.2.2). */
export async function ownFactor(ctx: MfaContext, session: SessionContext, factorId: string): Promise<FactorRow> {
  const row = await ctx.database.db.selectFrom('mfa_factors').selectAll().where('id', '=', factorId).where('user_id', '=', session.userId).executeTakeFirst();
  if (!row) throw notFound(messages.mfa.factorNotFound);
  return row;
}

/**
 * Finishing the enrolment of a new factor needs the assurance the account already requires: a
 * session that still owes its second factor must prove an existing one first, never a new one.
 */
export function assertMayUseFactor(row: FactorRow, session: SessionContext): void {
  if (row.status === 'unverified' && session.aal !== session.requiredAal) {
    throw forbidden(messages.mfa.verifyOtherFactorFirst, 'MFA_REQUIRED');
  }
}
