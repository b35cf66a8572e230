import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { TeamMember } from '../../../shared/schemas/dashboard.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';

/** Team Management (spec points 2 and 6): the profiles of the caller's own company, oldest first. */
export async function listTeam(db: Kysely<DB>, session: SessionContext): Promise<TeamMember[]> {
  const companyId = session.profile.company_id;
  if (!companyId) throw forbidden(messages.dashboardOverview.noCompany, 'NO_COMPANY');
  const rows = await db
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'role', 'company_role', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1000)
    .execute();
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
