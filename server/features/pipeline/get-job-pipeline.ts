import { expressionBuilder, sql, type Expression, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { PIPELINE_LIMITS, PIPELINE_STAGES, type JobPipeline, type PipelineApplication, type PipelineStage, type StageLimits } from '../../../shared/schemas/pipeline.ts';
import type { DB, JobApplicationsTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { applicationInScope, jobInScope, wholeCompany, type MemberScope } from '../team/member-scope.ts';
import { tagsByCandidate } from './candidate-tags.ts';

const text = messages.pipeline;

/** The company's live job, or 404 (another company's job, or one an interviewer is not on, is never confirmed to exist). */
export async function companyJob(db: Kysely<DB>, companyId: string, jobId: string, scope: MemberScope = wholeCompany(companyId)) {
  const job = await db
    .selectFrom('job_postings')
    .select(['id', 'title'])
    .where('id', '=', jobId)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', false)
    .where((eb) => jobInScope(scope, eb.ref('job_postings.id')))
    .executeTakeFirst();
  if (!job) throw notFound(text.jobNotFound);
  return job;
}

/**
 * Applications selected with what a pipeline card shows (without badges and documents): all of
 * them, or those of `source` (a query of job_applications rows, e.g. a job's newest).
 */
export function applicationRows(db: Kysely<DB>, source: SelectQueryBuilder<DB, 'job_applications', Selectable<JobApplicationsTable>> = db.selectFrom('job_applications').selectAll()) {
  return db
    .selectFrom(source.as('ja'))
    .innerJoin('user_profiles as up', 'up.id', 'ja.candidate_id')
    .leftJoin('candidate_profiles as cp', 'cp.user_id', 'ja.candidate_id')
    .leftJoin('recruitment_drives as rd', 'rd.id', 'ja.source_drive_id')
    .select([
      'ja.id',
      'ja.job_id',
      'ja.candidate_id',
      'cp.candidate_code',
      'up.full_name',
      'up.email',
      'cp.current_employer',
      'cp.experience_years',
      'cp.notice_period_days',
      'ja.status',
      'ja.stage_changed_at',
      'ja.created_at',
      'ja.source',
      'ja.source_drive_id',
      'rd.name as drive_name',
      'ja.knockout_reason',
    ]);
}
type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationRows>['execute']>>[number];

/** Verified check subjects and current documents of these candidates, keyed by candidate. */
export async function badgesAndDocuments(db: Kysely<DB>, candidateIds: string[]) {
  const verified = new Map<string, string[]>();
  const documents = new Map<string, PipelineApplication['documents']>();
  if (candidateIds.length === 0) return { verified, documents };
  const unique = [...new Set(candidateIds)];
  const checks = await db.selectFrom('verification_checks').select(['candidate_id', 'subject', 'decided_by']).where('candidate_id', 'in', unique).where('status', '=', 'verified').orderBy('subject').execute();
  // A UAN check an EPFO provider verified is the "EPFO verified" mark (issue 34).
  for (const check of checks) verified.set(check.candidate_id, [...(verified.get(check.candidate_id) ?? []), check.subject === 'uan' && check.decided_by === 'provider' ? 'epfo' : check.subject]);
  const docs = await db.selectFrom('candidate_documents').select(['id', 'candidate_id', 'document_type']).where('candidate_id', 'in', unique).orderBy('document_type').execute();
  for (const doc of docs) {
    documents.set(doc.candidate_id, [...(documents.get(doc.candidate_id) ?? []), { id: doc.id, document_type: doc.document_type, url: `/api/documents/${doc.id}` }]);
  }
  return { verified, documents };
}

export function toPipelineApplication(row: ApplicationRow, extra: Awaited<ReturnType<typeof badgesAndDocuments>>): PipelineApplication {
  return {
    id: row.id,
    candidate_id: row.candidate_id,
    candidate_code: row.candidate_code ?? null,
    name: row.full_name,
    experience_years: row.experience_years === null ? null : Number(row.experience_years),
    notice_period_days: row.notice_period_days ?? null,
    stage: row.status,
    stage_changed_at: new Date(row.stage_changed_at).toISOString(),
    applied_at: new Date(row.created_at).toISOString(),
    source: row.source,
    source_drive_id: row.source_drive_id,
    source_drive_name: row.drive_name ?? null,
    verified: extra.verified.get(row.candidate_id) ?? [],
    documents: extra.documents.get(row.candidate_id) ?? [],
    knocked_out: row.knockout_reason !== null,
  };
}

/**
 * A job's pipeline: each stage's newest applications (PIPELINE_LIMITS.perStage of each, or as many
 * as `show` asks for that stage, at most PIPELINE_LIMITS.listed), the counts per stage and per
 * source over all of them, and `capped` when some stage lists fewer than it has. A stage's newest
 * are one range of the (job_id, status, created_at, id) index, so the answer costs what it shows,
 * not what the job has (flat as the tables grow; npm run bench:scale).
 */
export async function getJobPipeline(db: Kysely<DB>, scope: MemberScope, jobId: string, show: StageLimits = {}, tag?: string): Promise<JobPipeline> {
  const job = await companyJob(db, scope.companyId, jobId, scope);
  // ?tag=: only candidates the company tagged so (issue 36 §2), one probe of candidate_tags_candidate_key per application.
  const tagged = (candidateId: Expression<string>) =>
    expressionBuilder<DB, never>().exists(
      expressionBuilder<DB, never>()
        .selectFrom('candidate_tags as ct')
        .select('ct.id')
        .where('ct.company_id', '=', scope.companyId)
        .where('ct.candidate_id', '=', candidateId)
        .where(sql`lower(ct.label)`, '=', (tag ?? '').toLowerCase()),
    );
  const stageNewest = (stage: PipelineStage) =>
    db
      .selectFrom(
        db
          .selectFrom('job_applications')
          .selectAll()
          .where('job_id', '=', job.id)
          .where('status', '=', stage)
          .where((eb) => applicationInScope(scope, eb.ref('job_applications.id')))
          .$if(tag !== undefined, (qb) => qb.where((eb) => tagged(eb.ref('job_applications.candidate_id'))))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(Math.min(show[stage] ?? PIPELINE_LIMITS.perStage, PIPELINE_LIMITS.listed))
          .as('stage_newest'),
      )
      .selectAll();
  const [first, ...rest] = PIPELINE_STAGES.map(stageNewest);
  const newest = rest.reduce((union, next) => union.unionAll(next), first!) as unknown as Parameters<typeof applicationRows>[1];
  // The cards and the counts at once (each on its own pooled connection), then the cards' badges.
  const [listed, counts] = await Promise.all([
    applicationRows(db, newest).orderBy('ja.created_at', 'desc').orderBy('ja.id', 'desc').execute(),
    // Per stage and source in one pass over the job's applications; both tallies are sums of it.
    db
      .selectFrom('job_applications as ja')
      .leftJoin('recruitment_drives as rd', 'rd.id', 'ja.source_drive_id')
      .select(['ja.status', 'ja.source', 'ja.source_drive_id', 'rd.name'])
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('ja.job_id', '=', job.id)
      .where((eb) => applicationInScope(scope, eb.ref('ja.id')))
      .$if(tag !== undefined, (qb) => qb.where((eb) => tagged(eb.ref('ja.candidate_id'))))
      .groupBy(['ja.status', 'ja.source', 'ja.source_drive_id', 'rd.name'])
      .execute(),
  ]);
  const [extra, tags] = await Promise.all([
    badgesAndDocuments(
      db,
      listed.map((row) => row.candidate_id),
    ),
    tagsByCandidate(
      db,
      scope.companyId,
      listed.map((row) => row.candidate_id),
    ),
  ]);

  const stage_counts = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as Record<PipelineStage, number>;
  const bySource = new Map<string, { source: (typeof counts)[number]['source']; drive_id: string | null; drive_name: string | null; count: number }>();
  for (const row of counts) {
    const count = Number(row.count);
    stage_counts[row.status] += count;
    const key = `${row.source}|${row.source_drive_id ?? ''}`;
    const entry = bySource.get(key) ?? { source: row.source, drive_id: row.source_drive_id, drive_name: row.name ?? null, count: 0 };
    entry.count += count;
    bySource.set(key, entry);
  }
  // Ordered by source, then drive name (as the board lists them).
  const byName = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b));
  const sourceCounts = [...bySource.values()].sort((a, b) => (a.source === b.source ? byName(a.drive_name, b.drive_name) : a.source < b.source ? -1 : 1));
  const total = Object.values(stage_counts).reduce((sum, count) => sum + count, 0);

  return {
    job,
    applications: listed.map((row) => ({ ...toPipelineApplication(row, extra), tags: tags.get(row.candidate_id) ?? [] })),
    stage_counts,
    source_counts: sourceCounts,
    total,
    capped: listed.length < total,
  };
}

/** One application of the company with its stage history (who by name, when, note). */
export async function getPipelineApplication(db: Kysely<DB>, scope: MemberScope, applicationId: string) {
  const row = await applicationRows(db)
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .select(['jp.title as job_title', 'ja.screening_answers'])
    .where('ja.id', '=', applicationId)
    .where('jp.company_id', '=', scope.companyId)
    .where('jp.is_deleted', '=', false)
    .where((eb) => applicationInScope(scope, eb.ref('ja.id')))
    .executeTakeFirst();
  if (!row) throw notFound(text.applicationNotFound);
  const [extra, tags, contact] = await Promise.all([
    badgesAndDocuments(db, [row.candidate_id]),
    tagsByCandidate(db, scope.companyId, [row.candidate_id]),
    db.selectFrom('user_profiles').select(['phone', 'mobile_verified']).where('id', '=', row.candidate_id).executeTakeFirst(),
  ]);
  const history = await db
    .selectFrom('application_stage_events as e')
    .leftJoin('user_profiles as up', 'up.id', 'e.actor_id')
    .select(['e.id', 'e.from_stage', 'e.to_stage', 'e.note', 'e.created_at', 'up.full_name'])
    .where('e.application_id', '=', row.id)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return {
    ...toPipelineApplication(row, extra),
    tags: tags.get(row.candidate_id) ?? [],
    job_id: row.job_id,
    job_title: row.job_title,
    email: row.email,
    phone: contact?.phone ?? null,
    phone_verified: contact?.mobile_verified ?? false,
    resume_url: extra.documents.get(row.candidate_id)?.some((document) => document.document_type === 'resume') ? `/api/pipeline/applications/${row.id}/resume` : null,
    current_employer: row.current_employer ?? null,
    screening_answers: row.screening_answers ?? [],
    knockout_reason: row.knockout_reason,
    history: history.map((event) => ({
      id: event.id,
      from_stage: event.from_stage,
      to_stage: event.to_stage,
      actor_name: event.full_name ?? null,
      note: event.note,
      created_at: new Date(event.created_at).toISOString(),
    })),
  };
}
