import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { formatIst } from '../../../shared/schemas/interviews.ts';
import { averageRating, type ScorecardSummary } from '../../../shared/schemas/scorecards.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { applicationInScope, interviewInScope, type MemberScope } from '../team/member-scope.ts';

/**
 * The application's scorecards at a glance, for its panel in the pipeline (issue 36 §4): for each
 * interview that has started and took place, each interviewer's recommendation and average rating.
 * The hiding rule of listScorecards holds per interview: a caller interviewing it who has not
 * submitted sees who has, not what they gave. Another company's application is 404.
 */
export async function applicationScorecardSummary(db: Kysely<DB>, scope: MemberScope, viewerId: string, applicationId: string, now: Date): Promise<ScorecardSummary> {
  const application = await db
    .selectFrom('job_applications as ja')
    .select('ja.id')
    .where('ja.id', '=', applicationId)
    .where('ja.company_id', '=', scope.companyId)
    .where((eb) => applicationInScope(scope, eb.ref('ja.id')))
    .executeTakeFirst();
  if (!application) throw notFound(messages.interviews.applicationNotFound);

  const rows = await db
    .selectFrom('interviews as i')
    .innerJoin('interview_interviewers as ii', 'ii.interview_id', 'i.id')
    .innerJoin('user_profiles as up', 'up.id', 'ii.user_id')
    .leftJoin('interview_scorecards as s', (join) => join.onRef('s.interview_id', '=', 'i.id').onRef('s.interviewer_id', '=', 'ii.user_id'))
    .where('i.application_id', '=', applicationId)
    .where('i.company_id', '=', scope.companyId)
    .where('i.status', 'in', ['scheduled', 'completed'])
    .where('i.scheduled_at', '<=', now)
    .where((eb) => interviewInScope(scope, eb.ref('i.id')))
    .select(['i.id as interview_id', 'i.scheduled_at', 'ii.user_id', 'up.full_name', 's.id as scorecard_id', 's.criteria', 's.recommendation'])
    .orderBy('i.scheduled_at', 'desc')
    .orderBy('i.id')
    .orderBy('up.full_name')
    .orderBy('up.id')
    .execute();

  // Interviews the caller is on and has not scored yet: the others' scores stay hidden there.
  const unscoredByViewer = new Set(rows.filter((row) => row.user_id === viewerId && row.scorecard_id === null).map((row) => row.interview_id));
  return {
    rows: rows.map((row) => {
      const submitted = row.scorecard_id !== null;
      const hidden = unscoredByViewer.has(row.interview_id) && row.user_id !== viewerId && submitted;
      const criteria = typeof row.criteria === 'string' ? (JSON.parse(row.criteria) as { rating: number }[]) : (row.criteria ?? []);
      return {
        interview_id: row.interview_id,
        starts_at_label: formatIst(row.scheduled_at as Date),
        interviewer_id: row.user_id,
        interviewer_name: row.full_name,
        submitted,
        hidden,
        recommendation: hidden ? null : (row.recommendation ?? null),
        average_rating: hidden || !submitted ? null : averageRating(criteria),
      };
    }),
  };
}
