import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { jobLifecycleMessages as life } from '../../shared/messages/job-lifecycle.ts';
import type { CompanyRole } from '../../shared/permissions.ts';
import type { HiringTeam } from '../../shared/schemas/jobs.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 36 §1: a hiring team per job. GET/PUT /api/jobs/:jobId/team for the company's owners,
 * admins and recruiters; its recruiters and hiring managers, not every recruiter of the company,
 * hear of the job's new applications; an interviewer may be on it only as an interviewer.
 */
describe.skipIf(laneUnavailable)('a job’s hiring team', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.74.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const db = () => t.database.db;
  let company: { id: string };
  const people = {} as Record<'owner' | 'recruiterA' | 'recruiterB' | 'manager' | 'interviewer' | 'stranger', { id: string; jar: CookieJar; name: string }>;

  async function member(key: keyof typeof people, companyId: string, companyRole: CompanyRole, fullName: string) {
    const user = await t.factories.user({ role: 'employer', companyId, companyRole, fullName });
    people[key] = { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()), name: fullName };
  }
  const getTeam = (jar: CookieJar, jobId: string) => t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/team`, headers: { cookie: jar.header }, remoteAddress: nextIp() });
  const putTeam = (jar: CookieJar, jobId: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `/api/jobs/${jobId}/team`, headers: { cookie: jar.header }, payload: payload as object, remoteAddress: nextIp() });
  const noticesOf = (id: string) => db().selectFrom('notifications').select('title').where('recipient_id', '=', id).execute();
  const stored = (jobId: string) => db().selectFrom('job_hiring_team').select(['user_id', 'team_role']).where('job_id', '=', jobId).orderBy('user_id').execute();

  beforeAll(async () => {
    t = await createTestApp();
    company = await t.factories.company({ name: 'Tapti Textiles' });
    await member('owner', company.id, 'owner', 'Meera Nair');
    await member('recruiterA', company.id, 'recruiter', 'Arjun Rao');
    await member('recruiterB', company.id, 'recruiter', 'Pooja Joshi');
    await member('manager', company.id, 'admin', 'Kabir Singh');
    await member('interviewer', company.id, 'interviewer', 'Lakshmi Pillai');
    await member('stranger', (await t.factories.company()).id, 'owner', 'Harsh Gupta');
  });
  afterAll(async () => t?.close());

  it('saves the team, and only its recruiters and hiring managers hear of new applications', async () => {
    const job = await t.factories.job(company.id, { title: 'Dyeing Supervisor', expiresAt: new Date(Date.now() + 30 * DAY) });
    const empty = await getTeam(people.recruiterA.jar, job.id);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<HiringTeam>().members).toEqual([]);
    expect(empty.json<HiringTeam>().available.map((member) => member.full_name)).toEqual(['Arjun Rao', 'Kabir Singh', 'Lakshmi Pillai', 'Meera Nair', 'Pooja Joshi']);

    const saved = await putTeam(people.recruiterA.jar, job.id, {
      members: [
        { user_id: people.recruiterA.id, team_role: 'recruiter' },
        { user_id: people.manager.id, team_role: 'hiring_manager' },
        { user_id: people.interviewer.id, team_role: 'interviewer' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<HiringTeam>().members.map((member) => [member.full_name, member.team_role])).toEqual([
      ['Arjun Rao', 'recruiter'],
      ['Kabir Singh', 'hiring_manager'],
      ['Lakshmi Pillai', 'interviewer'],
    ]);
    expect((await db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', job.id).execute()).map((entry) => entry.action)).toEqual(['job_team_updated']);

    const candidate = await t.factories.user({ role: 'candidate', fullName: 'Sameer Khan' });
    await t.factories.candidateProfile(candidate.id);
    const jar = await signIn(t.app, candidate.email, candidate.password, nextIp());
    const applied = await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/applications`, headers: { cookie: jar.header, 'content-type': 'application/json' }, payload: {}, remoteAddress: nextIp() });
    expect(applied.statusCode, applied.body).toBe(201);
    for (const who of ['recruiterA', 'manager'] as const) expect({ who, notices: (await noticesOf(people[who].id)).length }).toEqual({ who, notices: 1 });
    for (const who of ['owner', 'recruiterB', 'interviewer'] as const) expect({ who, notices: (await noticesOf(people[who].id)).length }).toEqual({ who, notices: 0 });

    // Cleared, the company's owners, admins and recruiters hear again.
    expect((await putTeam(people.owner.jar, job.id, { members: [] })).json<HiringTeam>().members).toEqual([]);
    const other = await t.factories.user({ role: 'candidate' });
    await t.factories.candidateProfile(other.id);
    const otherJar = await signIn(t.app, other.email, other.password, nextIp());
    await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/applications`, headers: { cookie: otherJar.header, 'content-type': 'application/json' }, payload: {}, remoteAddress: nextIp() });
    for (const who of ['owner', 'recruiterB'] as const) expect({ who, notices: (await noticesOf(people[who].id)).length }).toEqual({ who, notices: 1 });
  });

  it('refuses a team that does not fit with a message naming the problem, and changes nothing', async () => {
    const job = await t.factories.job(company.id, { title: 'Loom Technician' });
    await putTeam(people.owner.jar, job.id, { members: [{ user_id: people.recruiterB.id, team_role: 'recruiter' }] });
    const cases: [unknown, string][] = [
      [{ members: [{ user_id: people.stranger.id, team_role: 'recruiter' }] }, life.teamNotMember],
      [{ members: [{ user_id: 'no-such-person', team_role: 'recruiter' }] }, life.teamNotMember],
      [{ members: [{ user_id: people.interviewer.id, team_role: 'hiring_manager' }] }, fill(life.teamInterviewerOnly, { name: 'Lakshmi Pillai' })],
      [{ members: [{ user_id: people.owner.id, team_role: 'recruiter' }, { user_id: people.owner.id, team_role: 'hiring_manager' }] }, life.teamDuplicate],
      [{ members: [{ user_id: people.owner.id, team_role: 'boss' }] }, 'team_role must be one of recruiter, hiring_manager, interviewer'],
      [{ members: 'everyone' }, 'members must be a list'],
      [{ members: [], company_id: company.id }, 'Unrecognized key'],
    ];
    for (const [payload, message] of cases) {
      const response = await putTeam(people.owner.jar, job.id, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.body).toContain(message);
    }
    expect(await stored(job.id)).toEqual([{ user_id: people.recruiterB.id, team_role: 'recruiter' }]);
  });

  it('is for the company’s owners, admins and recruiters: an interviewer is refused, another company’s job is 404', async () => {
    const job = await t.factories.job(company.id, { title: 'Quality Inspector' });
    const denial = fill(messages.team.permissionDenied, { role: 'Interviewer', action: 'post or change jobs' });
    for (const response of [await getTeam(people.interviewer.jar, job.id), await putTeam(people.interviewer.jar, job.id, { members: [] })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: denial });
    }
    for (const response of [await getTeam(people.stranger.jar, job.id), await putTeam(people.stranger.jar, job.id, { members: [] })]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(messages.jobsManagement.notFound);
    }
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/jobs/${job.id}/team`, remoteAddress: nextIp() });
    expect(signedOut.statusCode).toBe(401);
    expect(await stored(job.id)).toEqual([]);
  });
});
