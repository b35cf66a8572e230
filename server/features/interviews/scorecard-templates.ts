import { sql, type Kysely, type Transaction } from 'kysely';
import { scorecardsMessages } from '../../../shared/messages/scorecards.ts';
import type { PutScorecardTemplateBody, ScorecardTemplate, TemplateCriterion } from '../../../shared/schemas/scorecards.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { publish } from '../../realtime/events.ts';
import { companyJob } from '../jobs/company-scope.ts';
import type { Actor } from './interview-scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** What a job without a template of its own is rated on. */
export const DEFAULT_CRITERIA: TemplateCriterion[] = scorecardsMessages.defaultCriteria.map(({ name, guidance }) => ({ name, guidance }));

const parsed = (criteria: unknown): TemplateCriterion[] => (typeof criteria === 'string' ? (JSON.parse(criteria) as TemplateCriterion[]) : (criteria as TemplateCriterion[]));

/** The job's criteria now: its own template, or the default ones. */
export async function criteriaOfJob(db: Db, jobId: string): Promise<TemplateCriterion[]> {
  const row = await db.selectFrom('job_scorecard_templates').select('criteria').where('job_id', '=', jobId).executeTakeFirst();
  return row ? parsed(row.criteria) : DEFAULT_CRITERIA;
}

async function readTemplate(db: Db, jobId: string): Promise<ScorecardTemplate> {
  const row = await db.selectFrom('job_scorecard_templates').select(['criteria', 'updated_at']).where('job_id', '=', jobId).executeTakeFirst();
  if (!row) return { job_id: jobId, criteria: DEFAULT_CRITERIA, is_default: true, updated_at: null };
  return { job_id: jobId, criteria: parsed(row.criteria), is_default: false, updated_at: new Date(row.updated_at).toISOString() };
}

/** GET /api/jobs/:jobId/scorecard-template: the job's criteria, or the default ones while it has none. */
export async function getScorecardTemplate(db: Kysely<DB>, companyId: string, jobId: string): Promise<ScorecardTemplate> {
  await companyJob(db, companyId, jobId);
  return readTemplate(db, jobId);
}

/**
 * Replaces the job's template (issue 36 §4). Scorecards already left keep the criteria they were
 * rated on; saves after this rate the new ones. Audited, with a live event for open pages.
 */
export async function setScorecardTemplate(db: Kysely<DB>, actor: Actor, jobId: string, body: PutScorecardTemplateBody, now: Date = new Date()): Promise<ScorecardTemplate> {
  return db.transaction().execute(async (trx) => {
    const job = await companyJob(trx, actor.companyId, jobId, { lock: true });
    const criteria = JSON.stringify(body.criteria.map(({ name, guidance }) => ({ name, guidance })));
    await trx
      .insertInto('job_scorecard_templates')
      .values({ job_id: job.id, criteria, updated_by: actor.userId, updated_at: now })
      .onConflict((oc) => oc.column('job_id').doUpdateSet({ criteria, updated_by: actor.userId, updated_at: now }))
      .execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'job_scorecard_template_updated',
      entityType: 'job_posting',
      entityId: job.id,
      details: { title: job.title, criteria: body.criteria.map((criterion) => criterion.name) },
      ip: actor.ip,
    });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    return readTemplate(trx, job.id);
  });
}

/** Cloning a job copies its template (a job on the default criteria stays on them). */
export async function copyScorecardTemplate(trx: Transaction<DB>, fromJobId: string, toJobId: string): Promise<void> {
  await trx
    .insertInto('job_scorecard_templates')
    .columns(['job_id', 'criteria', 'updated_by', 'updated_at'])
    .expression((eb) => eb.selectFrom('job_scorecard_templates').select([sql<string>`${toJobId}::uuid`.as('job_id'), 'criteria', 'updated_by', 'updated_at']).where('job_id', '=', fromJobId))
    .execute();
}
