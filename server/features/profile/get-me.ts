import type { Kysely } from 'kysely';
import type { Me } from '../../../shared/schemas/auth.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';

/** The signed-in user's own profile, with the company name and the session's assurance level. */
export async function getMe(db: Kysely<DB>, session: SessionContext): Promise<Me> {
  const { profile } = session;
  const company = profile.company_id
    ? await db.selectFrom('companies').select('name').where('id', '=', profile.company_id).executeTakeFirst()
    : undefined;
  return {
    user: {
      id: profile.id,
      email: profile.email,
      full_name: profile.full_name,
      role: profile.role,
      company_id: profile.company_id,
      company_name: company?.name ?? null,
      company_role: profile.company_role,
      mobile_verified: profile.mobile_verified,
      email_verified: session.emailVerified,
      created_at: new Date(profile.created_at).toISOString(),
    },
    session: { aal: session.aal, next_aal: session.requiredAal, expires_at: session.expiresAt.toISOString() },
    is_admin: profile.role === 'admin',
  };
}
