import type { Kysely } from 'kysely';
import type { SignupCompany } from '../../../shared/schemas/getting-started.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The company the caller named at employer signup, for "Complete Your Profile" to offer again
 * (issue 33, B2: the new owner was asked for it a second time). Read from the caller's own account
 * only: the session says whose, never the request. Nothing once the profile has a company, or for
 * anyone but an employer. A repeated signup with a known email does not change the stored name
 * (better-auth answers it without writing), so no one can plant a name in another's account.
 */
export async function getSignupCompany(db: Kysely<DB>, session: SessionContext): Promise<SignupCompany> {
  const { role, company_id: companyId } = session.profile;
  if (role !== 'employer' || companyId) return { company_name: null };
  const account = await db.selectFrom('auth_users').select('companyName').where('id', '=', session.userId).executeTakeFirst();
  const name = account?.companyName?.trim();
  return { company_name: name ? name : null };
}
