import type { Me } from '../../../shared/schemas/auth.ts';
import type { SessionContext } from '../../auth/session.ts';

/** The signed-in user's own profile, with the company name and the session's assurance level: no query (the session carries them). */
export function getMe(session: SessionContext): Me {
  const { profile } = session;
  return {
    user: {
      id: profile.id,
      email: profile.email,
      full_name: profile.full_name,
      role: profile.role,
      company_id: profile.company_id,
      company_name: session.companyName,
      company_role: profile.company_role,
      mobile_verified: profile.mobile_verified,
      email_verified: session.emailVerified,
      created_at: new Date(profile.created_at).toISOString(),
    },
    session: { aal: session.aal, next_aal: session.requiredAal, expires_at: session.expiresAt.toISOString() },
    is_admin: profile.role === 'admin',
  };
}
