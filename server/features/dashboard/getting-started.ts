import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { GettingStarted } from '../../../shared/schemas/getting-started.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';

const NOTHING_DONE: GettingStarted = { company: false, first_job: false, teammate: false, billing_profile: false };

/**
 * The overview's getting-started list (issue 33, B2), ticked from the company's own rows: a job
 * ever posted (a deleted one counts: it was posted), a teammate invited or already in, a billing
 * profile saved. An employer without a company has done none of it yet; anyone else is refused
 * as the overview refuses them (spec point 6).
 */
export async function getGettingStarted(db: Kysely<DB>, session: SessionContext): Promise<GettingStarted> {
  const { role, company_id: companyId } = session.profile;
  if (role !== 'employer') throw forbidden(messages.dashboardOverview.unauthorized);
  if (!companyId) return NOTHING_DONE;
  const exists = (table: 'job_postings' | 'company_invites' | 'company_billing_profiles') =>
    sql<boolean>`exists (select 1 from ${sql.table(table)} where company_id = ${companyId})`;
  const row = await db
    .selectNoFrom([
      exists('job_postings').as('first_job'),
      exists('company_invites').as('invited'),
      sql<boolean>`exists (select 1 from user_profiles where company_id = ${companyId} and id <> ${session.userId})`.as('joined'),
      exists('company_billing_profiles').as('billing_profile'),
    ])
    .executeTakeFirstOrThrow();
  return { company: true, first_job: row.first_job, teammate: row.invited || row.joined, billing_profile: row.billing_profile };
}
