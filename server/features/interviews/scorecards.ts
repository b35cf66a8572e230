import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { scorecardsMessages } from '../../../shared/messages/scorecards.ts';
import { averageRating, type Scorecard, type ScorecardBody, type ScorecardList } from '../../../shared/schemas/scorecards.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import type { MemberScope } from '../team/member-scope.ts';
import { assertCompanyInterview, lockCompanyInterview, type Actor } from './interview-scope.ts';
import { criteriaOfJob } from './scorecard-templates.ts';

type Db = Kysely<DB> | Transaction<DB>;
const text = messages.interviews;

const jobOfInterview = async (db: Db, interviewId: string): Promise<string> =>
  (
    await db
      .selectFrom('interviews as i')
      .innerJoin('job_applications as ja', 'ja.id', 'i.application_id')
      .select('ja.job_id')
      .where('i.id', '=', interviewId)
      .executeTakeFirstOrThrow()
  ).job_id;

/**
 * The ratings in the template's order and spelling: each of its criteria rated once (400 naming the
 * first one without a rating), and nothing else (400 naming the stranger).
 */
function ratingsAgainstTemplate(template: { name: string }[], criteria: ScorecardBody['criteria']): { name: string; rating: number }[] {
  const given = new Map(criteria.map((criterion) => [criterion.name.toLowerCase(), criterion]));
  const known = new Set(template.map((criterion) => criterion.name.toLowerCase()));
  const stranger = criteria.find((criterion) => !known.has(criterion.name.toLowerCase()));
  if (stranger) throw badRequest(fill(scorecardsMessages.criterionUnknown, { name: stranger.name }), 'UNKNOWN_CRITERION');
  return template.map(({ name }) => {
    const rated = given.get(name.toLowerCase());
    if (!rated) throw badRequest(fill(scorecardsMessages.criterionMissing, { name }), 'CRITERION_NOT_RATED');
    return { name, rating: rated.rating };
  });
}

/**
 * The caller's scorecard for an interview of their company: only an interviewer of that interview
 * (403 for a colleague who was not), only once it has started (409 before, and for a cancelled
 * one). Every criterion of the job's template rated 1–4 and an overall recommendation (issue 36
 * §4). One per interviewer: a second PUT replaces the first.
 */
export async function saveScorecard(db: Kysely<DB>, actor: Actor, interviewId: string, body: ScorecardBody, now: Date = new Date()): Promise<Scorecard> {
  const saved = await db.transaction().execute(async (trx) => {
    const interview = await lockCompanyInterview(trx, actor.companyId, interviewId);
    const isInterviewer = await trx.selectFrom('interview_interviewers').select('user_id').where('interview_id', '=', interviewId).where('user_id', '=', actor.userId).executeTakeFirst();
    if (!isInterviewer) throw forbidden(text.notAnInterviewer, 'NOT_AN_INTERVIEWER');
    if (interview.status === 'cancelled') throw conflict(text.scorecardCancelled, 'INTERVIEW_CANCELLED');
    if (interview.status === 'no_show') throw conflict(text.scorecardNoShow, 'INTERVIEW_NO_SHOW');
    if (interview.scheduled_at.getTime() > now.getTime()) throw conflict(text.scorecardTooEarly, 'INTERVIEW_NOT_STARTED');

    const ratings = ratingsAgainstTemplate(await criteriaOfJob(trx, await jobOfInterview(trx, interviewId)), body.criteria);
    const criteria = JSON.stringify(ratings);
    const values = { criteria, recommendation: body.recommendation, notes: body.notes ?? null, updated_at: now };
    const row = await trx
      .insertInto('interview_scorecards')
      .values({ interview_id: interviewId, interviewer_id: actor.userId, ...values })
      .onConflict((oc) => oc.constraint('interview_scorecards_one_per_interviewer').doUpdateSet(values))
      .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: row.inserted ? 'interview_scorecard_submitted' : 'interview_scorecard_updated',
      entityType: 'interview',
      entityId: interviewId,
      details: { scorecard_id: row.id, ratings: ratings.map((c) => c.rating), recommendation: body.recommendation },
      ip: actor.ip,
    });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'interview', id: interviewId });
    return row.id;
  });
  const mine = (await readScorecards(db, interviewId)).find((card) => card.id === saved);
  if (!mine) throw new Error('saved scorecard not found');
  return mine;
}

/** Every scorecard of the interview, oldest first, as the API shows them. */
async function readScorecards(db: Db, interviewId: string): Promise<Scorecard[]> {
  const rows = await db
    .selectFrom('interview_scorecards as s')
    .innerJoin('user_profiles as up', 'up.id', 's.interviewer_id')
    .where('s.interview_id', '=', interviewId)
    .select(['s.id', 's.interviewer_id', 'up.full_name as interviewer_name', 's.criteria', 's.recommendation', 's.notes', 's.created_at', 's.updated_at'])
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  return rows.map((row) => {
    const criteria = typeof row.criteria === 'string' ? (JSON.parse(row.criteria) as Scorecard['criteria']) : row.criteria;
    return {
      ...row,
      criteria,
      average_rating: averageRating(criteria),
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  });
}

/**
 * The interview's scorecards for a member who may see the interview (issue 36 §4): an interviewer
 * of it sees the others' scores only once their own is in; before that only who has submitted.
 * Members who are not interviewing it (owners, admins, recruiters) see them all.
 */
export async function listScorecards(db: Kysely<DB>, scope: MemberScope, viewerId: string, interviewId: string): Promise<ScorecardList> {
  await assertCompanyInterview(db, scope, interviewId);
  const [people, scorecards, template] = await Promise.all([
    db
      .selectFrom('interview_interviewers as ii')
      .innerJoin('user_profiles as up', 'up.id', 'ii.user_id')
      .where('ii.interview_id', '=', interviewId)
      .select(['up.id', 'up.full_name'])
      .orderBy('up.full_name')
      .orderBy('up.id')
      .execute(),
    readScorecards(db, interviewId),
    jobOfInterview(db, interviewId).then((jobId) => criteriaOfJob(db, jobId)),
  ]);
  const submitted = new Set(scorecards.map((card) => card.interviewer_id));
  const hidden = people.some((person) => person.id === viewerId) && !submitted.has(viewerId);
  return {
    scorecards: hidden ? [] : scorecards,
    hidden,
    interviewers: people.map((person) => ({ id: person.id, full_name: person.full_name, submitted: submitted.has(person.id) })),
    template,
  };
}
