import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployerJobsPage, JobApplicant } from '../../shared/schemas/jobs.ts';
import type { Interview, SavedInterview } from '../../shared/schemas/interviews.ts';
import type { JobPipeline } from '../../shared/schemas/pipeline.ts';
import { utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const istAt = (days: number, time: string) => `${utcToIstLocal(new Date(Date.now() + days * DAY)).slice(0, 10)}T${time}`;

/**
 * Issue 13: an interviewer sees only the jobs and interviews they are assigned to, and those
 * candidates; everything else of the company answers 404 (never confirmed to exist), as another
 * company's would. The owner, on the same routes, sees the whole company.
 */
describe.skipIf(laneUnavailable)('interviewers see only what they are assigned to', () => {
  let t: TestApp;
  let ip = 0;
  const jars = {} as Record<'owner' | 'interviewer' | 'otherInterviewer', CookieJar>;
  let interviewerId: string;
  let otherInterviewerId: string;
  let assignedJob: string;
  let otherJob: string;
  let assignedApplication: string;
  let sameJobApplication: string;
  let otherJobApplication: string;
  let assignedCandidate: string;
  let otherCandidate: string;
  let mine: SavedInterview;
  let theirs: SavedInterview;

  const call = (who: keyof typeof jars, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: jars[who].header }, ...(payload ? { payload } : {}), remoteAddress: `10.81.0.${++ip % 250}` });

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company({ name: 'Godavari Logistics Pvt Ltd' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', fullName: 'Meera Pillai' });
    const interviewer = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', fullName: 'Suresh Nair' });
    const other = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', fullName: 'Farah Qureshi' });
    [interviewerId, otherInterviewerId] = [interviewer.id, other.id];
    jars.owner = await signIn(t.app, owner.email, owner.password, '10.81.1.1');
    jars.interviewer = await signIn(t.app, interviewer.email, interviewer.password, '10.81.1.2');
    jars.otherInterviewer = await signIn(t.app, other.email, other.password, '10.81.1.3');

    const candidateA = await t.factories.user({ role: 'candidate', fullName: 'Ananya Desai' });
    const candidateB = await t.factories.user({ role: 'candidate', fullName: 'Karan Malhotra' });
    const candidateC = await t.factories.user({ role: 'candidate', fullName: 'Divya Menon' });
    [assignedCandidate, otherCandidate] = [candidateA.id, candidateC.id];
    assignedJob = (await t.factories.job(company.id, { title: 'Warehouse Supervisor', expiresAt: new Date(Date.now() + 30 * DAY) })).id;
    otherJob = (await t.factories.job(company.id, { title: 'Fleet Coordinator', expiresAt: new Date(Date.now() + 30 * DAY) })).id;
    assignedApplication = (await t.factories.application(assignedJob, candidateA.id)).id;
    sameJobApplication = (await t.factories.application(assignedJob, candidateB.id)).id;
    otherJobApplication = (await t.factories.application(otherJob, candidateC.id)).id;

    const schedule = async (applicationId: string, interviewers: string[], day: number) => {
      const response = await call('owner', 'POST', '/api/interviews', {
        application_id: applicationId,
        starts_at_ist: istAt(day, '11:00'),
        duration_minutes: 45,
        mode: 'video',
        location: 'https://meet.example.com/godavari',
        interviewer_ids: interviewers,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<SavedInterview>();
    };
    mine = await schedule(assignedApplication, [interviewerId], 3);
    theirs = await schedule(otherJobApplication, [otherInterviewerId], 4);
  });
  afterAll(async () => t?.close());

  it('lists only the jobs they interview for, counting only their candidates', async () => {
    const own = (await call('interviewer', 'GET', '/api/jobs')).json<EmployerJobsPage>();
    expect(own.jobs.map((job) => [job.id, job.applications_count])).toEqual([[assignedJob, 1]]);
    const all = (await call('owner', 'GET', '/api/jobs')).json<EmployerJobsPage>();
    expect(new Map(all.jobs.map((job) => [job.id, job.applications_count]))).toEqual(new Map([[assignedJob, 2], [otherJob, 1]]));
  });

  it('shows the pipeline and applicants of their job with only their candidates; other jobs are not found', async () => {
    const pipeline = await call('interviewer', 'GET', `/api/pipeline/jobs/${assignedJob}`);
    expect(pipeline.statusCode).toBe(200);
    const board = pipeline.json<JobPipeline>();
    expect(board.applications.map((application) => application.id)).toEqual([assignedApplication]);
    expect(board.total).toBe(1);
    expect(board.stage_counts.interview).toBe(1);
    expect(board.source_counts.reduce((sum, source) => sum + source.count, 0)).toBe(1);
    expect((await call('owner', 'GET', `/api/pipeline/jobs/${assignedJob}`)).json<JobPipeline>().total).toBe(2);

    const applicants = await call('interviewer', 'GET', `/api/jobs/${assignedJob}/applications`);
    expect(applicants.json<JobApplicant[]>().map((applicant) => applicant.id)).toEqual([assignedApplication]);

    for (const url of [`/api/pipeline/jobs/${otherJob}`, `/api/jobs/${otherJob}/applications`, `/api/pipeline/applications/${sameJobApplication}`, `/api/pipeline/applications/${otherJobApplication}`]) {
      expect({ url, status: (await call('interviewer', 'GET', url)).statusCode }).toEqual({ url, status: 404 });
    }
    expect((await call('interviewer', 'GET', `/api/pipeline/applications/${assignedApplication}`)).statusCode).toBe(200);
  });

  it("lists and opens only their own interviews and those candidates' documents", async () => {
    const list = (await call('interviewer', 'GET', '/api/interviews')).json<{ interviews: Interview[] }>();
    expect(list.interviews.map((interview) => interview.id)).toEqual([mine.id]);
    expect((await call('owner', 'GET', '/api/interviews')).json<{ interviews: Interview[] }>().interviews).toHaveLength(2);
    expect((await call('interviewer', 'GET', `/api/interviews/${mine.id}`)).statusCode).toBe(200);
    expect((await call('interviewer', 'GET', `/api/interviews/${mine.id}/scorecards`)).statusCode).toBe(200);
    expect((await call('interviewer', 'GET', `/api/interviews/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('interviewer', 'GET', `/api/interviews/${theirs.id}/scorecards`)).statusCode).toBe(404);
    expect((await call('otherInterviewer', 'GET', `/api/interviews/${theirs.id}`)).statusCode).toBe(200);

    expect((await call('interviewer', 'GET', `/api/candidates/${assignedCandidate}/documents`)).statusCode).toBe(200);
    expect((await call('interviewer', 'GET', `/api/candidates/${otherCandidate}/documents`)).statusCode).toBe(404);
    expect((await call('owner', 'GET', `/api/candidates/${otherCandidate}/documents`)).statusCode).toBe(200);
  });

  it('loses sight of a candidate once taken off the interview', async () => {
    const response = await call('owner', 'PATCH', `/api/interviews/${mine.id}`, { interviewer_ids: [otherInterviewerId] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call('interviewer', 'GET', '/api/jobs')).json<EmployerJobsPage>().jobs).toEqual([]);
    expect((await call('interviewer', 'GET', `/api/interviews/${mine.id}`)).statusCode).toBe(404);
    expect((await call('interviewer', 'GET', `/api/pipeline/applications/${assignedApplication}`)).statusCode).toBe(404);
    expect((await call('interviewer', 'GET', `/api/candidates/${assignedCandidate}/documents`)).statusCode).toBe(404);
  });
});
