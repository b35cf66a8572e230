import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { jobLifecycleMessages as text } from '../../../shared/messages/job-lifecycle.ts';
import { can } from '../../../shared/permissions.ts';
import type { HiringTeam, PutHiringTeamBody } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { companyJob } from './company-scope.ts';
import type { Actor } from './create-job.ts';

/** The company's active members, who could be on a team. */
function activeMembers(db: Kysely<DB> | Transaction<DB>, companyId: string) {
  return db
    .selectFrom('user_profiles')
    .select(['id as user_id', 'full_name', 'email', 'company_role'])
    .where('company_id', '=', companyId)
    .where('role', '=', 'employer')
    .where('company_role', 'is not', null)
    .where('suspended_at', 'is', null)
    .orderBy('full_name')
    .orderBy('id')
    .limit(1000)
    .execute();
}

async function readTeam(db: Kysely<DB> | Transaction<DB>, companyId: string, jobId: string): Promise<HiringTeam> {
  const available = (await activeMembers(db, companyId)).flatMap((member) => (member.company_role ? [{ ...member, company_role: member.company_role }] : []));
  const rows = await db.selectFrom('job_hiring_team').select(['user_id', 'team_role']).where('job_id', '=', jobId).execute();
  const roles = new Map(rows.map((row) => [row.user_id, row.team_role]));
  // By name, as the company's members are; someone who has since left the company or been suspended is not shown (nor notified).
  const members = available.flatMap((member) => {
    const teamRole = roles.get(member.user_id);
    return teamRole ? [{ ...member, team_role: teamRole }] : [];
  });
  return { members, available };
}

/** A job's hiring team and the members who could join it (issue 36 §1). */
export async function getHiringTeam(db: Kysely<DB>, companyId: string, jobId: string): Promise<HiringTeam> {
  await companyJob(db, companyId, jobId);
  return readTeam(db, companyId, jobId);
}

/**
 * Replaces a job's hiring team. Each person must be an active member of the job's company (400
 * otherwise, naming the problem, and nothing is changed); a company interviewer, who cannot work
 * the pipeline, may be on it only as an interviewer. Audited, with a live event for open pages.
 */
export async function setHiringTeam(db: Kysely<DB>, actor: Actor, jobId: string, body: PutHiringTeamBody): Promise<HiringTeam> {
  return db.transaction().execute(async (trx) => {
    const job = await companyJob(trx, actor.companyId, jobId, { lock: true });
    const members = new Map((await activeMembers(trx, actor.companyId)).map((member) => [member.user_id, member]));
    for (const wanted of body.members) {
      const member = members.get(wanted.user_id);
      if (!member?.company_role) throw badRequest(text.teamNotMember, 'NOT_A_MEMBER');
      if (wanted.team_role !== 'interviewer' && !can(member.company_role, 'pipeline.move')) {
        throw badRequest(fill(text.teamInterviewerOnly, { name: member.full_name || member.email }), 'INTERVIEWER_ONLY');
      }
    }
    await trx.deleteFrom('job_hiring_team').where('job_id', '=', job.id).execute();
    if (body.members.length > 0) {
      await trx
        .insertInto('job_hiring_team')
        .values(body.members.map((member) => ({ job_id: job.id, user_id: member.user_id, team_role: member.team_role, added_by: actor.userId })))
        .execute();
    }
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'job_team_updated',
      entityType: 'job_posting',
      entityId: job.id,
      details: { title: job.title, team: body.members.map((member) => `${member.user_id}:${member.team_role}`) },
      ip: actor.ip,
    });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    return readTeam(trx, actor.companyId, job.id);
  });
}
