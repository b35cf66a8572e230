import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { Scorecard, ScorecardBody } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { wholeCompany, type MemberScope } from '../team/member-scope.ts';
import { assertCompanyInterview, lockCompanyInterview, type Actor } from './interview-scope.ts';

const text = messages.interviews;

/**
 * The caller's scorecard for an interview of their company: only an interviewer of that interview
 * (403 for a colleague who was not), only once it has started (409 before, and for a cancelled
 * one). One per interviewer: a second PUT replaces the first.
 */
export async function saveScorecard(db: Kysely<DB>, actor: Actor, interviewId: string, body: ScorecardBody, now: Date = new Date()): Promise<Scorecard> {
  const saved = await db.transaction().execute(async (trx) => {
    const interview = await lockCompanyInterview(trx, actor.companyId, interviewId);
    const isInterviewer = await trx.selectFrom('interview_interviewers').select('user_id').where('interview_id', '=', interviewId).where('user_id', '=', actor.userId).executeTakeFirst();
    if (!isInterviewer) throw forbidden(text.notAnInterviewer, 'NOT_AN_INTERVIEWER');
    if (interview.status === 'cancelled') throw conflict(text.scorecardCancelled, 'INTERVIEW_CANCELLED');
    if (interview.status === 'no_show') throw conflict(text.scorecardNoShow, 'INTERVIEW_NO_SHOW');
    if (interview.scheduled_at.getTime() > now.getTime()) throw conflict(text.scorecardTooEarly, 'INTERVIEW_NOT_STARTED');

    const criteria = JSON.stringify(body.criteria.map(({ name, rating }) => ({ name, rating })));
    const row = await trx
      .insertInto('interview_scorecards')
      .values({ interview_id: interviewId, interviewer_id: actor.userId, criteria, notes: body.notes ?? null, updated_at: now })
      .onConflict((oc) => oc.constraint('interview_scorecards_one_per_interviewer').doUpdateSet({ criteria, notes: body.notes ?? null, updated_at: now }))
      .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: row.inserted ? 'interview_scorecard_submitted' : 'interview_scorecard_updated',
      entityType: 'interview',
      entityId: interviewId,
      details: { scorecard_id: row.id, ratings: body.criteria.map((c) => c.rating) },
      ip: actor.ip,
    });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'interview', id: interviewId });
    return row.id;
  });
  const scorecards = await listScorecards(db, wholeCompany(actor.companyId), interviewId);
  const mine = scorecards.find((card) => card.id === saved);
  if (!mine) throw new Error('saved scorecard not found');
  return mine;
}

/** Every scorecard of one of the company's interviews, for any member of the company who may see the interview. */
export async function listScorecards(db: Kysely<DB>, scope: MemberScope, interviewId: string): Promise<Scorecard[]> {
  await assertCompanyInterview(db, scope, interviewId);
  const rows = await db
    .selectFrom('interview_scorecards as s')
    .innerJoin('user_profiles as up', 'up.id', 's.interviewer_id')
    .where('s.interview_id', '=', interviewId)
    .select(['s.id', 's.interviewer_id', 'up.full_name as interviewer_name', 's.criteria', 's.notes', 's.created_at', 's.updated_at'])
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    criteria: typeof row.criteria === 'string' ? (JSON.parse(row.criteria) as Scorecard['criteria']) : row.criteria,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}
