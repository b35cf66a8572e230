import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { TeamMember } from '../../../shared/schemas/dashboard.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';

/** The caller's company, or 403 for someone in none. */
export function teamCompanyId(session: SessionContext): string {
  const companyId = session.profile.company_id;
  if (!companyId || session.profile.role !== 'employer') throw forbidden(messages.dashboardOverview.noCompany, 'NO_COMPANY');
  return companyId;
}

/** Team Management (spec points 2 and 6): the profiles of a company, oldest first. */
export async function listTeam(db: Kysely<DB>, companyId: string): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'email', 'role', 'company_role', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1000)
    .execute();
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
