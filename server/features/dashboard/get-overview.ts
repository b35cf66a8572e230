import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { DashboardOverview } from '../../../shared/schemas/dashboard.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { activitySubjects } from './activity-subjects.ts';
import { activityText } from './activity-text.ts';
import { kolkataMonthStarts, monthOverMonthPercent } from './trend.ts';

const RECENT_ACTIVITY_LIMIT = 10;

/** The company whose overview the caller may see: their own, and only as an employer (spec point 6). */
export function overviewCompanyOf(session: SessionContext): string {
  const { role, company_id } = session.profile;
  if (role !== 'employer' || !company_id) throw forbidden(messages.dashboardOverview.unauthorized);
  return company_id;
}

/** An entry's details as an object (jsonb arrives parsed; an entry written by hand may hold anything). */
function detailsOf(details: unknown): Record<string, unknown> {
  return typeof details === 'object' && details !== null && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
}

interface MonthlyCounts {
  total: number;
  this_month: number;
  last_month: number;
}

/**
 * Counts, month-over-month trends and the 10 newest audit entries of the caller's own company.
 * Every query is scoped by company_id and walks the company's jobs through
 * job_postings_company_live_idx, then applications and interviews through their job/application
 * indexes: no scan of every application on the platform.
 */
export async function getDashboardOverview(db: Kysely<DB>, session: SessionContext, now = new Date()): Promise<DashboardOverview> {
  const companyId = overviewCompanyOf(session);
  const { thisMonth, lastMonth } = kolkataMonthStarts(now);
  const monthly = (column: string) =>
    [
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) FILTER (WHERE ${sql.ref(column)} >= ${thisMonth}))::int`.as('this_month'),
      sql<number>`(count(*) FILTER (WHERE ${sql.ref(column)} >= ${lastMonth} AND ${sql.ref(column)} < ${thisMonth}))::int`.as('last_month'),
    ] as const;

  const [jobs, applications, interviews, activity] = await Promise.all([
    db
      .selectFrom('job_postings as jp')
      .where('jp.company_id', '=', companyId)
      .where('jp.is_deleted', '=', false)
      .where('jp.status', '=', 'published')
      .where((eb) => eb.or([eb('jp.expires_at', 'is', null), eb('jp.expires_at', '>', sql<Date>`now()`)]))
      .select(monthly('jp.created_at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('job_applications as ja')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .where('jp.company_id', '=', companyId)
      .where('jp.is_deleted', '=', false)
      .select(monthly('ja.created_at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('interviews as i')
      .innerJoin('job_applications as ja', 'ja.id', 'i.application_id')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .where('jp.company_id', '=', companyId)
      .where('jp.is_deleted', '=', false)
      .where('i.status', '!=', 'cancelled')
      // The count is the interviews still scheduled (issue 7 point 4); the trend compares the
      // interviews arranged this month and last (by when they were booked), cancelled ones left out.
      .select([...monthly('i.created_at'), sql<number>`(count(*) FILTER (WHERE i.status = 'scheduled'))::int`.as('scheduled')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('admin_audit_logs as al')
      .leftJoin('user_profiles as up', 'up.id', 'al.admin_id')
      .where('al.company_id', '=', companyId)
      .select(['al.id', 'up.full_name as actor_name', 'al.action', 'al.entity_type', 'al.entity_id', 'al.details', 'al.created_at'])
      .orderBy('al.created_at', 'desc')
      .orderBy('al.id', 'desc')
      .limit(RECENT_ACTIVITY_LIMIT)
      .execute(),
  ]);

  const subjects = await activitySubjects(db, companyId, activity);
  const trend = (counts: MonthlyCounts) => monthOverMonthPercent(Number(counts.this_month), Number(counts.last_month));
  return {
    active_jobs: Number(jobs.total),
    applications: Number(applications.total),
    interviews: Number(interviews.scheduled),
    trends: { active_jobs: trend(jobs), applications: trend(applications), interviews: trend(interviews) },
    recent_activity: activity.map((row, index) => ({
      id: row.id,
      actor_name: row.actor_name || null,
      action: row.action,
      text: activityText(row.action, detailsOf(row.details)),
      entity_type: row.entity_type,
      subject: subjects[index] ?? null,
      created_at: new Date(row.created_at).toISOString(),
    })),
  };
}
