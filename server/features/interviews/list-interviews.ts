import { sql, type Kysely, type Transaction } from 'kysely';
import { formatIst, utcToIstLocal, type Interview, type ListInterviewsQuery, type MyInterview } from '../../../shared/schemas/interviews.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { interviewInScope, type MemberScope } from '../team/member-scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

function baseQuery(db: Db, scope: MemberScope) {
  return db
    .selectFrom('interviews as i')
    .innerJoin('job_applications as ja', 'ja.id', 'i.application_id')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('user_profiles as cand', 'cand.id', 'ja.candidate_id')
    .where('i.company_id', '=', scope.companyId)
    .where('i.scheduled_at', 'is not', null)
    .where((eb) => interviewInScope(scope, eb.ref('i.id')))
    .select((eb) => [
      'i.id',
      'i.application_id',
      'jp.id as job_id',
      'jp.title as job_title',
      'ja.candidate_id',
      'cand.full_name as candidate_name',
      'i.scheduled_at',
      'i.duration_minutes',
      'i.mode',
      'i.location',
      'i.status',
      'i.sequence',
      'i.cancel_reason',
      'i.created_at',
      'i.updated_at',
      eb.selectFrom('interview_scorecards as s').whereRef('s.interview_id', '=', 'i.id').select(sql<number>`count(*)::int`.as('n')).as('scorecard_count'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

async function withInterviewers(db: Db, rows: Row[]): Promise<Interview[]> {
  const ids = rows.map((row) => row.id);
  const people = ids.length
    ? await db
        .selectFrom('interview_interviewers as ii')
        .innerJoin('user_profiles as up', 'up.id', 'ii.user_id')
        .where('ii.interview_id', 'in', ids)
        .select(['ii.interview_id', 'up.id', 'up.full_name'])
        .orderBy('up.full_name')
        .execute()
    : [];
  return rows.map((row) => {
    const start = new Date(row.scheduled_at as Date);
    return {
      id: row.id,
      application_id: row.application_id,
      job_id: row.job_id,
      job_title: row.job_title,
      candidate_id: row.candidate_id,
      candidate_name: row.candidate_name,
      scheduled_at: start.toISOString(),
      starts_at_ist: utcToIstLocal(start),
      starts_at_label: formatIst(start),
      duration_minutes: row.duration_minutes,
      mode: row.mode,
      location: row.location ?? '',
      status: row.status,
      sequence: row.sequence,
      cancel_reason: row.cancel_reason,
      interviewers: people.filter((person) => person.interview_id === row.id).map((person) => ({ id: person.id, full_name: person.full_name })),
      scorecard_count: Number(row.scorecard_count ?? 0),
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  });
}

/**
 * The company's interviews (view: upcoming soonest first, past newest first, cancelled, or all with
 * the upcoming ones first). Scoped by company_id through interviews_company_idx.
 */
export async function listInterviews(db: Db, scope: MemberScope, query: ListInterviewsQuery, now: Date = new Date()): Promise<Interview[]> {
  let q = baseQuery(db, scope);
  if (query.application_id) q = q.where('i.application_id', '=', query.application_id);
  if (query.from) q = q.where('i.scheduled_at', '>=', new Date(query.from));
  if (query.to) q = q.where('i.scheduled_at', '<', new Date(query.to));
  if (query.view === 'upcoming') q = q.where('i.status', '=', 'scheduled').where('i.scheduled_at', '>', now).orderBy('i.scheduled_at', 'asc');
  else if (query.view === 'past') q = q.where('i.status', '!=', 'cancelled').where('i.scheduled_at', '<=', now).orderBy('i.scheduled_at', 'desc');
  else if (query.view === 'cancelled') q = q.where('i.status', '=', 'cancelled').orderBy('i.scheduled_at', 'desc');
  else {
    q = q
      .orderBy(sql`CASE WHEN i.status = 'scheduled' AND i.scheduled_at > ${now} THEN 0 ELSE 1 END`)
      .orderBy(sql`CASE WHEN i.status = 'scheduled' AND i.scheduled_at > ${now} THEN i.scheduled_at END`, 'asc')
      .orderBy('i.scheduled_at', 'desc');
  }
  const rows = await q.orderBy('i.id').limit(query.limit).execute();
  return withInterviewers(db, rows);
}

export async function getInterview(db: Db, scope: MemberScope, interviewId: string): Promise<Interview> {
  const rows = await baseQuery(db, scope).where('i.id', '=', interviewId).execute();
  const [interview] = await withInterviewers(db, rows);
  if (!interview) throw notFound(messages.interviews.notFound);
  return interview;
}

/** A candidate's own interviews (upcoming first, then the past); only ever their applications. */
export async function listMyInterviews(db: Db, candidateId: string, now: Date = new Date()): Promise<MyInterview[]> {
  const rows = await db
    .selectFrom('interviews as i')
    .innerJoin('job_applications as ja', 'ja.id', 'i.application_id')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .where('ja.candidate_id', '=', candidateId)
    .where('i.scheduled_at', 'is not', null)
    .select(['i.id', 'c.name as company_name', 'jp.title as job_title', 'i.scheduled_at', 'i.duration_minutes', 'i.mode', 'i.location', 'i.status', 'i.cancel_reason'])
    .orderBy(sql`CASE WHEN i.scheduled_at > ${now} THEN 0 ELSE 1 END`)
    .orderBy(sql`CASE WHEN i.scheduled_at > ${now} THEN i.scheduled_at END`, 'asc')
    .orderBy('i.scheduled_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => {
    const start = new Date(row.scheduled_at as Date);
    return {
      id: row.id,
      company_name: row.company_name,
      job_title: row.job_title,
      scheduled_at: start.toISOString(),
      starts_at_label: formatIst(start),
      duration_minutes: row.duration_minutes,
      mode: row.mode,
      location: row.location ?? '',
      status: row.status,
      cancel_reason: row.cancel_reason,
    };
  });
}
