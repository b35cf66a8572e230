import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { candidateNotesMessages as text } from '../../../shared/messages/candidate-notes.ts';
import { CANDIDATE_RECORD_LIMITS, type CandidateTag, type CompanyTag } from '../../../shared/schemas/candidate-record.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import type { MemberScope } from '../team/member-scope.ts';
import { recordApplication, type RecordActor, type RecordApplication } from './record-scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Tags (issue 36 §2) sit on the candidate within a company, as Greenhouse's do: every application
 * of theirs to the company shows the same tags. At most CANDIDATE_RECORD_LIMITS.tagsPerCandidate,
 * one per spelling whatever its case (a unique index on lower(label)).
 */
async function tagsOf(db: Db, companyId: string, candidateId: string): Promise<CandidateTag[]> {
  return db
    .selectFrom('candidate_tags')
    .select(['id', 'label'])
    .where('company_id', '=', companyId)
    .where('candidate_id', '=', candidateId)
    .orderBy(sql`lower(label)`)
    .execute();
}

/** The company's tags on each of these candidates (the board's cards), keyed by candidate. */
export async function tagsByCandidate(db: Db, companyId: string, candidateIds: string[]): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  if (candidateIds.length === 0) return tags;
  const rows = await db
    .selectFrom('candidate_tags')
    .select(['candidate_id', 'label'])
    .where('company_id', '=', companyId)
    .where('candidate_id', 'in', [...new Set(candidateIds)])
    .orderBy(sql`lower(label)`)
    .execute();
  for (const row of rows) tags.set(row.candidate_id, [...(tags.get(row.candidate_id) ?? []), row.label]);
  return tags;
}

export async function listCandidateTags(db: Kysely<DB>, scope: MemberScope, applicationId: string): Promise<CandidateTag[]> {
  const application = await recordApplication(db, scope, applicationId);
  return tagsOf(db, scope.companyId, application.candidate_id);
}

/** The company's tags, most used first (for the box's suggestions and the board's filter); an interviewer's, only on their candidates. */
export async function listCompanyTags(db: Kysely<DB>, scope: MemberScope): Promise<CompanyTag[]> {
  const rows = await db
    .selectFrom('candidate_tags as t')
    .select([sql<string>`min(t.label)`.as('label'), sql<number>`count(*)::int`.as('candidates')])
    .where('t.company_id', '=', scope.companyId)
    .$if(scope.assignedTo !== null, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('interview_interviewers as ii')
            .innerJoin('interviews as i', 'i.id', 'ii.interview_id')
            .innerJoin('job_applications as ja', 'ja.id', 'i.application_id')
            .select('ii.user_id')
            .where('ii.user_id', '=', scope.assignedTo!)
            .whereRef('ja.candidate_id', '=', 't.candidate_id')
            .where('ja.company_id', '=', scope.companyId),
        ),
      ),
    )
    .groupBy(sql`lower(t.label)`)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`lower(t.label)`)
    .limit(CANDIDATE_RECORD_LIMITS.companyTags)
    .execute();
  return rows.map((row) => ({ label: row.label, candidates: row.candidates }));
}

/** Serialises tag changes of one candidate (the count under the limit): the profile row, without blocking references to it. */
async function lockCandidate(trx: Transaction<DB>, application: RecordApplication) {
  await trx.selectFrom('user_profiles').select('id').where('id', '=', application.candidate_id).forNoKeyUpdate().execute();
}

async function announce(trx: Transaction<DB>, application: RecordApplication) {
  await publish(trx, { topic: `company:${application.company_id}`, type: 'pipeline', id: application.id });
}

/** Adds a tag: created (201) or already there in any case (200, nothing written); 409 past the limit. */
export async function addCandidateTag(db: Kysely<DB>, actor: RecordActor, applicationId: string, label: string): Promise<{ tags: CandidateTag[]; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const application = await recordApplication(trx, actor.scope, applicationId);
    await lockCandidate(trx, application);
    const current = await tagsOf(trx, application.company_id, application.candidate_id);
    if (current.some((tag) => tag.label.toLowerCase() === label.toLowerCase())) return { tags: current, created: false };
    if (current.length >= CANDIDATE_RECORD_LIMITS.tagsPerCandidate) throw conflict(fill(text.tooManyTags, { max: CANDIDATE_RECORD_LIMITS.tagsPerCandidate }), 'TOO_MANY_TAGS');
    const inserted = await trx
      .insertInto('candidate_tags')
      .values({ company_id: application.company_id, candidate_id: application.candidate_id, label, created_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    // On the candidate within the company: every application of theirs there shows it in its timeline.
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: application.company_id,
      action: 'candidate_tag_added',
      entityType: 'candidate',
      entityId: application.candidate_id,
      details: { tag: label, tag_id: inserted.id, application_id: application.id },
      ip: actor.ip,
    });
    await announce(trx, application);
    return { tags: await tagsOf(trx, application.company_id, application.candidate_id), created: true };
  });
}

export async function removeCandidateTag(db: Kysely<DB>, actor: RecordActor, applicationId: string, tagId: string): Promise<CandidateTag[]> {
  return db.transaction().execute(async (trx) => {
    const application = await recordApplication(trx, actor.scope, applicationId);
    await lockCandidate(trx, application);
    const removed = await trx
      .deleteFrom('candidate_tags')
      .where('id', '=', tagId)
      .where('company_id', '=', application.company_id)
      .where('candidate_id', '=', application.candidate_id)
      .returning('label')
      .executeTakeFirst();
    if (!removed) throw notFound(text.tagNotFound);
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: application.company_id,
      action: 'candidate_tag_removed',
      entityType: 'candidate',
      entityId: application.candidate_id,
      details: { tag: removed.label, tag_id: tagId, application_id: application.id },
      ip: actor.ip,
    });
    await announce(trx, application);
    return tagsOf(trx, application.company_id, application.candidate_id);
  });
}
