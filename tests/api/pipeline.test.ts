import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { CandidateApplication } from '../../shared/schemas/candidate.ts';
import type { BulkRejectResult, Drive, JobPipeline, PipelineApplicationDetail, StageChangeResult } from '../../shared/schemas/pipeline.ts';
import { EVENTS_CHANNEL } from '../../server/realtime/events.ts';
import { waitFor } from '../support/wait-for.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

/**
 * The hiring pipeline (issue 7 point 1): every stage change and its history, audit, emails and
 * live events; the final-stage rules; hiring creates an employment; bulk reject is all or nothing;
 * drives; where each application came from; and who may do what (permissions table below).
 */
const text = messages.pipeline;
let ipCounter = 0;
const nextIp = () => `10.71.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.skipIf(laneUnavailable)('pipeline', () => {
  let t: TestApp;
  let companyA: { id: string };
  let companyB: { id: string };
  let employerA: { id: string; fullName: string };
  let jarA: CookieJar;
  let jarB: CookieJar;
  let jobA: string;
  let jobB: string;

  const db = () => t.database.db;
  const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });

  /** A candidate with a profile who applied to `jobId` through the API (with a source tag). */
  async function applicant(jobId: string, source?: string, fullName = 'Priya Applicant') {
    const user = await t.factories.user({ role: 'candidate', fullName });
    await t.factories.candidateProfile(user.id, { experience_years: 5, notice_period_days: 60 });
    const jar = await signIn(t.app, user.email, user.password, nextIp());
    const response = await call(jar, 'POST', `/api/jobs/${jobId}/applications`, source === undefined ? {} : { source });
    expect(response.statusCode, response.body).toBe(201);
    return { user, jar, applicationId: response.json<{ id: string }>().id };
  }
  const move = (jar: CookieJar | null, applicationId: string, body: object) => call(jar, 'POST', `/api/pipeline/applications/${applicationId}/stage`, body);
  const stageOf = async (id: string) => (await db().selectFrom('job_applications').select(['status', 'stage_changed_at']).where('id', '=', id).executeTakeFirstOrThrow()).status;
  const eventsOf = (id: string) => db().selectFrom('application_stage_events').selectAll().where('application_id', '=', id).orderBy('created_at').orderBy('id').execute();
  const emailsTo = (email: string) => db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', email).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp();
    companyA = await t.factories.company({ name: 'Alpha Pipeline Pvt Ltd' });
    companyB = await t.factories.company({ name: 'Beta Pipeline Pvt Ltd' });
    const a = await t.factories.user({ role: 'employer', companyId: companyA.id, fullName: 'Anita Recruiter' });
    employerA = a;
    jarA = await signIn(t.app, a.email, a.password, nextIp());
    const b = await t.factories.user({ role: 'employer', companyId: companyB.id });
    jarB = await signIn(t.app, b.email, b.password, nextIp());
    jobA = (await t.factories.job(companyA.id, { title: 'Alpha Data Engineer' })).id;
    jobB = (await t.factories.job(companyB.id, { title: 'Beta Accountant' })).id;
  });
  afterAll(async () => t?.close());

  it('moves an application through every stage to hired: history, audit, emails only when it concerns the candidate, an employment', async () => {
    const { user, applicationId } = await applicant(jobA, undefined, 'Ravi Kumar');
    const path: { stage: string; note?: string; emailed: boolean }[] = [
      { stage: 'screening', emailed: false },
      { stage: 'shortlisted', note: 'Strong SQL', emailed: true },
      { stage: 'screening', note: 'Moved by mistake', emailed: false },
      { stage: 'shortlisted', emailed: true },
      { stage: 'interview', emailed: true },
      { stage: 'offered', emailed: true },
    ];
    // Signing in may have queued mail of its own: count from here.
    const baseline = (await emailsTo(user.email)).length;
    let expectedEmails = baseline;
    for (const step of path) {
      const response = await move(jarA, applicationId, { stage: step.stage, ...(step.note ? { note: step.note } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<StageChangeResult>()).toMatchObject({ id: applicationId, stage: step.stage, employment_id: null });
      if (step.emailed) expectedEmails += 1;
      expect(await emailsTo(user.email)).toHaveLength(expectedEmails);
    }
    // Hiring needs the title and joining date; without them nothing changes.
    const noHire = await move(jarA, applicationId, { stage: 'hired' });
    expect(noHire.statusCode).toBe(400);
    expect(noHire.body).toContain(text.hireDetailsRequired);
    const badDate = await move(jarA, applicationId, { stage: 'hired', hire: { title: 'Data Engineer', joining_date: '2026-02-30' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain(text.joiningDateInvalid);
    expect(await stageOf(applicationId)).toBe('offered');

    const hired = await move(jarA, applicationId, { stage: 'hired', note: 'Welcome aboard', hire: { title: 'Data Engineer', joining_date: '2026-12-01' } });
    expect(hired.statusCode, hired.body).toBe(200);
    const employmentId = hired.json<StageChangeResult>().employment_id;
    expect(employmentId).toEqual(expect.any(String));
    const employment = await db().selectFrom('employments').selectAll().where('id', '=', employmentId ?? '').executeTakeFirstOrThrow();
    expect(employment).toMatchObject({ company_id: companyA.id, employee_id: user.id, application_id: applicationId, title: 'Data Engineer', joining_date: '2026-12-01', status: 'active', created_by: employerA.id });

    const events = await eventsOf(applicationId);
    expect(events.map((event) => [event.from_stage, event.to_stage])).toEqual([
      [null, 'received'],
      ['received', 'screening'],
      ['screening', 'shortlisted'],
      ['shortlisted', 'screening'],
      ['screening', 'shortlisted'],
      ['shortlisted', 'interview'],
      ['interview', 'offered'],
      ['offered', 'hired'],
    ]);
    expect(events.slice(1).every((event) => event.actor_id === employerA.id)).toBe(true);
    const audits = await db().selectFrom('admin_audit_logs').select(['action', 'company_id']).where('entity_id', '=', applicationId).where('action', '=', 'application_stage_changed').execute();
    expect(audits).toHaveLength(7);
    expect(audits.every((row) => row.company_id === companyA.id)).toBe(true);

    const emails = (await emailsTo(user.email)).slice(baseline);
    expect(emails).toHaveLength(5);
    expect(emails.at(-1)?.subject).toBe('Your application for Alpha Data Engineer at Alpha Pipeline Pvt Ltd');
    expect(emails.at(-1)?.body_text).toContain('has marked you hired for Alpha Data Engineer');
    // Internal notes never reach the candidate.
    expect(emails.map((email) => email.body_text).join('\n')).not.toContain('Strong SQL');

    // The employer's detail: the history names who moved it.
    const detail = await call(jarA, 'GET', `/api/pipeline/applications/${applicationId}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json<PipelineApplicationDetail>();
    expect(body).toMatchObject({ stage: 'hired', name: 'Ravi Kumar', job_title: 'Alpha Data Engineer', source: 'direct', experience_years: 5, notice_period_days: 60 });
    expect(body.history.at(-1)).toMatchObject({ from_stage: 'offered', to_stage: 'hired', actor_name: 'Anita Recruiter', note: 'Welcome aboard' });
    expect(body.history[0]).toMatchObject({ from_stage: null, to_stage: 'received', actor_name: 'Ravi Kumar' });

    // Hired is final: every move out of it is 409 and changes nothing.
    for (const stage of ['offered', 'rejected', 'received']) {
      const refused = await move(jarA, applicationId, { stage });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(text.finalStage.replace('{stage}', 'hired'));
    }
    expect(await eventsOf(applicationId)).toHaveLength(8);

    // The candidate sees the stage and its dates in their dashboard list.
    const mine = await signIn(t.app, user.email, user.password, nextIp());
    const list = (await call(mine, 'GET', '/api/candidate/applications')).json<CandidateApplication[]>();
    expect(list[0]).toMatchObject({ id: applicationId, status: 'hired' });
    expect(list[0]?.history.map((entry) => entry.stage)).toEqual(['received', 'screening', 'shortlisted', 'screening', 'shortlisted', 'interview', 'offered', 'hired']);
  });

  it('answers 409 for a move to the current stage, and rejected and withdrawn are final', async () => {
    const { user, jar, applicationId } = await applicant(jobA);
    const same = await move(jarA, applicationId, { stage: 'received' });
    expect(same.statusCode).toBe(409);
    expect(same.json<{ message: string }>().message).toBe(text.sameStage);

    const rejected = await move(jarA, applicationId, { stage: 'rejected', note: 'We chose a candidate with more Spark experience.' });
    expect(rejected.statusCode).toBe(200);
    const email = (await emailsTo(user.email)).at(-1);
    expect(email?.body_text).toContain('decided not to move forward');
    expect(email?.body_text).toContain('We chose a candidate with more Spark experience.');
    // The candidate sees the reason of a rejection (and only of a rejection).
    const list = (await call(jar, 'GET', '/api/candidate/applications')).json<CandidateApplication[]>();
    expect(list[0]?.history.at(-1)).toMatchObject({ stage: 'rejected', reason: 'We chose a candidate with more Spark experience.' });
    expect(list[0]?.history[0]?.reason).toBeNull();

    const reopen = await move(jarA, applicationId, { stage: 'screening' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json<{ code: string }>().code).toBe('FINAL_STAGE');
    const withdraw = await call(jar, 'POST', `/api/pipeline/applications/${applicationId}/withdraw`, {});
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json<{ message: string }>().message).toBe(text.finalStage.replace('{stage}', 'rejected'));
  });

  it('lets the candidate withdraw their own open application, with no email, and never move its stage', async () => {
    const { user, jar, applicationId } = await applicant(jobA);
    await move(jarA, applicationId, { stage: 'shortlisted' });
    const emailsBefore = (await emailsTo(user.email)).length;

    // The stage route is the employer's: the candidate is refused and nothing changes.
    const self = await move(jar, applicationId, { stage: 'offered' });
    expect(self.statusCode).toBe(403);
    expect(await stageOf(applicationId)).toBe('shortlisted');

    // Somebody else's application is 404 to a candidate.
    const other = await applicant(jobA);
    expect((await call(other.jar, 'POST', `/api/pipeline/applications/${applicationId}/withdraw`, {})).statusCode).toBe(404);
    // An employer has no application of their own to withdraw.
    expect((await call(jarA, 'POST', `/api/pipeline/applications/${applicationId}/withdraw`, {})).statusCode).toBe(404);

    const withdrawn = await call(jar, 'POST', `/api/pipeline/applications/${applicationId}/withdraw`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<StageChangeResult>().stage).toBe('withdrawn');
    expect((await eventsOf(applicationId)).at(-1)).toMatchObject({ from_stage: 'shortlisted', to_stage: 'withdrawn', actor_id: user.id });
    expect(await emailsTo(user.email)).toHaveLength(emailsBefore);
    const audit = await db().selectFrom('admin_audit_logs').select('company_id').where('entity_id', '=', applicationId).where('action', '=', 'application_withdrawn').execute();
    expect(audit).toEqual([{ company_id: companyA.id }]);
    expect((await move(jarA, applicationId, { stage: 'screening' })).statusCode).toBe(409);
    expect((await call(jar, 'POST', `/api/pipeline/applications/${applicationId}/withdraw`, {})).statusCode).toBe(409);
  });

  it('refuses an active employee hired again (409, nothing written)', async () => {
    const { user, applicationId } = await applicant(jobA);
    const job2 = (await t.factories.job(companyA.id, { title: 'Alpha Second Role' })).id;
    const jar = await signIn(t.app, user.email, user.password, nextIp());
    const second = (await call(jar, 'POST', `/api/jobs/${job2}/applications`, {})).json<{ id: string }>().id;
    const hire = { title: 'Analyst', joining_date: '2026-12-01' };
    expect((await move(jarA, applicationId, { stage: 'hired', hire })).statusCode).toBe(200);
    const again = await move(jarA, second, { stage: 'hired', hire });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(text.alreadyEmployed);
    expect(await stageOf(second)).toBe('received');
    expect(await eventsOf(second)).toHaveLength(1);
    expect(await db().selectFrom('employments').select('id').where('application_id', '=', second).execute()).toEqual([]);
  });

  it('refuses bad bodies with 400 and a message, writing nothing', async () => {
    const { applicationId } = await applicant(jobA);
    const cases: [object, string][] = [
      [{ stage: 'promoted' }, text.invalidStage],
      [{ stage: 'screening', note: 'x'.repeat(1001) }, text.noteTooLong.replace('{max}', '1000')],
      [{ stage: 'screening', hire: { title: 'X', joining_date: '2026-12-01' } }, text.hireOnlyWhenHiring],
      [{ stage: 'hired', hire: { title: ' ', joining_date: '2026-12-01' } }, text.titleRequired],
      [{ stage: 'hired', hire: { title: 'x'.repeat(201), joining_date: '2026-12-01' } }, text.titleTooLong.replace('{max}', '200')],
      [{ stage: 'screening', status: 'hired' }, ''],
      [{ stage: 'screening', note: 'bad\u0000note' }, text.invalidCharacters],
    ];
    for (const [body, message] of cases) {
      const response = await move(jarA, applicationId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.body).toContain(message);
    }
    expect((await call(jarA, 'POST', '/api/pipeline/applications/not-a-uuid/stage', { stage: 'screening' })).statusCode).toBe(400);
    expect(await stageOf(applicationId)).toBe('received');
    expect(await eventsOf(applicationId)).toHaveLength(1);
  });

  it('keeps a consistent history when two moves race (row lock)', async () => {
    const { applicationId } = await applicant(jobA);
    const [first, second] = await Promise.all([move(jarA, applicationId, { stage: 'screening' }), move(jarA, applicationId, { stage: 'screening' })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const [third, fourth] = await Promise.all([move(jarA, applicationId, { stage: 'shortlisted' }), move(jarA, applicationId, { stage: 'interview' })]);
    expect([third.statusCode, fourth.statusCode]).toEqual([200, 200]);
    const events = await eventsOf(applicationId);
    // Each event starts where the previous one ended: a chain, whichever move went first.
    for (let i = 1; i < events.length; i += 1) expect(events[i]?.from_stage).toBe(events[i - 1]?.to_stage);
    expect(await stageOf(applicationId)).toBe(events.at(-1)?.to_stage);
    expect(events).toHaveLength(4);
  });

  it('bulk rejects all or nothing, skipping and reporting final ones', async () => {
    const job = (await t.factories.job(companyA.id, { title: 'Alpha Bulk Role' })).id;
    const one = await applicant(job);
    const two = await applicant(job);
    const three = await applicant(job);
    const hired = await applicant(job);
    await move(jarA, hired.applicationId, { stage: 'hired', hire: { title: 'Clerk', joining_date: '2026-12-01' } });
    const otherJob = await applicant(jobA);
    const foreign = await applicant(jobB);
    const url = `/api/pipeline/jobs/${job}/bulk-reject`;

    // An id of another job, of another company, or unknown: 404 and nothing rejected.
    for (const stranger of [otherJob.applicationId, foreign.applicationId, randomUUID()]) {
      const response = await call(jarA, 'POST', url, { application_ids: [one.applicationId, stranger] });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(text.bulkNotFound);
    }
    expect(await stageOf(one.applicationId)).toBe('received');
    expect((await call(jarA, 'POST', url, { application_ids: [] })).statusCode).toBe(400);
    expect((await call(jarA, 'POST', url, { application_ids: Array.from({ length: 201 }, () => randomUUID()) })).statusCode).toBe(400);
    // Another company's job: 404.
    expect((await call(jarB, 'POST', url, { application_ids: [one.applicationId] })).statusCode).toBe(404);

    const response = await call(jarA, 'POST', url, { application_ids: [one.applicationId, two.applicationId, hired.applicationId, one.applicationId], note: 'Position filled' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<BulkRejectResult>();
    expect(result.rejected.sort()).toEqual([one.applicationId, two.applicationId].sort());
    expect(result.skipped).toEqual([hired.applicationId]);
    expect(await stageOf(one.applicationId)).toBe('rejected');
    expect(await stageOf(two.applicationId)).toBe('rejected');
    expect(await stageOf(three.applicationId)).toBe('received');
    expect(await stageOf(hired.applicationId)).toBe('hired');
    expect((await emailsTo(one.user.email)).at(-1)?.body_text).toContain('Position filled');
  });

  it('records where each application came from: direct, link, qr, a drive; counts per stage and source', async () => {
    const job = (await t.factories.job(companyA.id, { title: 'Alpha Sourced Role' })).id;
    const created = await call(jarA, 'POST', '/api/pipeline/drives', { name: '  Campus Drive IIT Madras ' });
    expect(created.statusCode, created.body).toBe(201);
    const drive = created.json<Drive>();
    expect(drive.name).toBe('Campus Drive IIT Madras');
    const duplicate = await call(jarA, 'POST', '/api/pipeline/drives', { name: 'campus drive iit madras' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ message: string }>().message).toBe(text.driveNameTaken);
    expect((await call(jarA, 'POST', '/api/pipeline/drives', { name: '' })).statusCode).toBe(400);
    expect((await call(jarA, 'POST', '/api/pipeline/drives', { name: 'x'.repeat(101) })).statusCode).toBe(400);
    // Company B's drive of the same name is its own.
    const driveB = (await call(jarB, 'POST', '/api/pipeline/drives', { name: 'Campus Drive IIT Madras' })).json<Drive>();

    const direct = await applicant(job);
    const link = await applicant(job, 'link');
    const qr = await applicant(job, 'qr');
    const drived = await applicant(job, `drive:${drive.id}`);
    const foreignDrive = await applicant(job, `drive:${driveB.id}`);
    const unknownDrive = await applicant(job, `drive:${randomUUID()}`);
    const sourceOf = (id: string) => db().selectFrom('job_applications').select(['source', 'source_drive_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await sourceOf(direct.applicationId)).toEqual({ source: 'direct', source_drive_id: null });
    expect(await sourceOf(link.applicationId)).toEqual({ source: 'link', source_drive_id: null });
    expect(await sourceOf(qr.applicationId)).toEqual({ source: 'qr', source_drive_id: null });
    expect(await sourceOf(drived.applicationId)).toEqual({ source: 'drive', source_drive_id: drive.id });
    // A drive tag of another company, or of no drive, still came through a shared link.
    expect(await sourceOf(foreignDrive.applicationId)).toEqual({ source: 'link', source_drive_id: null });
    expect(await sourceOf(unknownDrive.applicationId)).toEqual({ source: 'link', source_drive_id: null });

    // A malformed tag is 400 and no application is made.
    const user = await t.factories.user({ role: 'candidate' });
    const jar = await signIn(t.app, user.email, user.password, nextIp());
    for (const source of ['facebook', 'drive:', 'drive:not-a-uuid', 'link ', 42]) {
      const response = await call(jar, 'POST', `/api/jobs/${job}/applications`, { source });
      expect(response.statusCode, String(source)).toBe(400);
    }
    expect(await db().selectFrom('job_applications').select('id').where('candidate_id', '=', user.id).execute()).toEqual([]);

    await move(jarA, link.applicationId, { stage: 'screening' });
    const pipeline = (await call(jarA, 'GET', `/api/pipeline/jobs/${job}`)).json<JobPipeline>();
    expect(pipeline.job).toEqual({ id: job, title: 'Alpha Sourced Role' });
    expect(pipeline.total).toBe(6);
    expect(pipeline.capped).toBe(false);
    expect(pipeline.stage_counts).toEqual({ received: 5, screening: 1, shortlisted: 0, interview: 0, offered: 0, hired: 0, rejected: 0, withdrawn: 0 });
    const sources = Object.fromEntries(pipeline.source_counts.map((row) => [row.drive_name ? `drive:${row.drive_name}` : row.source, row.count]));
    expect(sources).toEqual({ direct: 1, link: 3, qr: 1, 'drive:Campus Drive IIT Madras': 1 });
    const card = pipeline.applications.find((application) => application.id === drived.applicationId);
    expect(card).toMatchObject({ source: 'drive', source_drive_id: drive.id, source_drive_name: 'Campus Drive IIT Madras', stage: 'received', experience_years: 5, notice_period_days: 60 });
    expect(card?.candidate_code).toMatch(/^WC-/);

    const drives = (await call(jarA, 'GET', '/api/pipeline/drives')).json<Drive[]>();
    expect(drives.map((row) => [row.name, row.applications])).toEqual([['Campus Drive IIT Madras', 1]]);
  });

  it('shows verification badges and documents on the cards', async () => {
    const job = (await t.factories.job(companyA.id, { title: 'Alpha Badge Role' })).id;
    const { user } = await applicant(job);
    await db().insertInto('verification_checks').values([
      { candidate_id: user.id, subject: 'phone', status: 'verified' },
      { candidate_id: user.id, subject: 'uan', status: 'pending' },
      { candidate_id: user.id, subject: 'resume', status: 'verified' },
    ]).execute();
    const doc = await db().insertInto('candidate_documents').values({ candidate_id: user.id, document_type: 'resume', file_path: `${user.id}/resume.pdf`, size_bytes: 10 }).returning('id').executeTakeFirstOrThrow();
    const pipeline = (await call(jarA, 'GET', `/api/pipeline/jobs/${job}`)).json<JobPipeline>();
    expect(pipeline.applications[0]?.verified).toEqual(['phone', 'resume']);
    expect(pipeline.applications[0]?.documents).toEqual([{ id: doc.id, document_type: 'resume', url: `/api/documents/${doc.id}` }]);
  });

  it("lists each stage's newest fifty, says a stage has more, and lists more of a stage when asked", async () => {
    const job = (await t.factories.job(companyA.id, { title: 'Alpha Busy Role' })).id;
    // 57 applications straight in the database: 55 received, 2 screening; the newest has the latest created_at.
    const people = await Promise.all(Array.from({ length: 57 }, () => t.factories.user({ role: 'candidate' })));
    for (const person of people) await t.factories.application(job, person.id);
    const ids = await db().selectFrom('job_applications').select('id').where('job_id', '=', job).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    await db().updateTable('job_applications').set({ status: 'screening' }).where('id', 'in', [ids[0]!.id, ids[56]!.id]).execute();
    const received = ids.filter((_, i) => i !== 0 && i !== 56).map((row) => row.id);

    const first = (await call(jarA, 'GET', `/api/pipeline/jobs/${job}`)).json<JobPipeline>();
    expect(first.total).toBe(57);
    expect(first.capped).toBe(true);
    expect(first.stage_counts).toMatchObject({ received: 55, screening: 2 });
    const listedIn = (pipeline: JobPipeline, stage: string) => pipeline.applications.filter((application) => application.stage === stage).map((application) => application.id);
    // The newest fifty of received, in order, and both of screening.
    expect(listedIn(first, 'received')).toEqual(received.slice(0, 50));
    expect(listedIn(first, 'screening').sort()).toEqual([ids[0]!.id, ids[56]!.id].sort());

    const more = await call(jarA, 'GET', `/api/pipeline/jobs/${job}?show=${encodeURIComponent('received:100')}`);
    expect(more.statusCode, more.body).toBe(200);
    const all = more.json<JobPipeline>();
    expect(listedIn(all, 'received')).toEqual(received);
    expect(all.capped).toBe(false);

    for (const show of ['received', 'received:0', 'received:2001', 'hired:ten', 'promoted:10', 'received:1:2', 'x'.repeat(500)]) {
      const refused = await call(jarA, 'GET', `/api/pipeline/jobs/${job}?show=${encodeURIComponent(show)}`);
      expect(refused.statusCode, show).toBe(400);
      expect(refused.json().message, show).toMatch(/^show: List stages and counts, such as screening:100/);
    }
    // Another company's member learns nothing, whatever they ask to be shown.
    expect((await call(jarB, 'GET', `/api/pipeline/jobs/${job}?show=received:100`)).statusCode).toBe(404);
  });

  it('publishes live events to the company and the candidate', async () => {
    const { user, applicationId } = await applicant(jobA);
    const notified: string[] = [];
    const stop = await t.database.listen(EVENTS_CHANNEL, (payload) => notified.push(payload));
    try {
      await move(jarA, applicationId, { stage: 'screening' });
      await waitFor(() => notified.length >= 2, { what: 'two live events' });
    } finally {
      await stop();
    }
    expect(notified).toContainEqual(JSON.stringify({ topic: `company:${companyA.id}`, type: 'pipeline', id: applicationId }));
    expect(notified).toContainEqual(JSON.stringify({ topic: `user:${user.id}`, type: 'application_stage', id: applicationId }));
  });

  describe('permissions', () => {
    type Actor = 'employerA' | 'employerB' | 'candidate' | 'admin' | 'anonymous';
    interface Row {
      actor: Actor;
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      route: string;
      status: number;
      body?: object;
    }
    const jars = {} as Record<Exclude<Actor, 'anonymous'>, CookieJar>;
    let applicationA = '';
    // Find a candidate searches for the applicant of job A by name (employer B is answered nothing: tests/api/company-candidate-search.test.ts).
    const fillRoute = (route: string) =>
      route.endsWith('/candidates/search') ? `${route}?q=Priya` : route.replace(':jobId', jobA).replace(':applicationId', applicationA).replace(/:(tagId|noteId|invitationId)/, '00000000-0000-4000-8000-000000000000');

    beforeAll(async () => {
      jars.employerA = jarA;
      jars.employerB = jarB;
      const candidate = await applicant(jobA);
      jars.candidate = candidate.jar;
      applicationA = candidate.applicationId;
      const admin = await t.factories.user({ role: 'admin' });
      jars.admin = await signIn(t.app, admin.email, admin.password, nextIp());
    });

    const notInCompany = 403;
    const rows: Row[] = [
      // The candidate's record (issue 36 §2; candidate-notes-tags.test.ts and candidate-timeline.test.ts have the rest).
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/tags', status: 200 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/tags', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/tags', status: 401 },
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId/tags', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/tags', status: 404 },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/tags', status: 401 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/applications/:applicationId/tags', body: { tag: 'Java' }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/applications/:applicationId/tags', body: { tag: 'Java' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/applications/:applicationId/tags', body: { tag: 'Java' }, status: 401 },
      { actor: 'employerB', method: 'DELETE', route: '/api/pipeline/applications/:applicationId/tags/:tagId', status: 404 },
      { actor: 'anonymous', method: 'DELETE', route: '/api/pipeline/applications/:applicationId/tags/:tagId', status: 401 },
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId/notes', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/notes', status: 404 },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/notes', status: 401 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/applications/:applicationId/notes', body: { body: 'Strong Java' }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/applications/:applicationId/notes', body: { body: 'Strong Java' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/applications/:applicationId/notes', body: { body: 'Strong Java' }, status: 401 },
      { actor: 'employerB', method: 'PATCH', route: '/api/pipeline/applications/:applicationId/notes/:noteId', body: { body: 'Edited' }, status: 404 },
      { actor: 'anonymous', method: 'PATCH', route: '/api/pipeline/applications/:applicationId/notes/:noteId', body: { body: 'Edited' }, status: 401 },
      { actor: 'employerB', method: 'DELETE', route: '/api/pipeline/applications/:applicationId/notes/:noteId', status: 404 },
      { actor: 'anonymous', method: 'DELETE', route: '/api/pipeline/applications/:applicationId/notes/:noteId', status: 401 },
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId/mentionable', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/mentionable', status: 404 },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/mentionable', status: 401 },
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId/timeline', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/timeline', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/applications/:applicationId/timeline', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/timeline', status: 401 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/resume', status: 404 },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/resume', status: 401 },
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/jobs/:jobId', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/jobs/:jobId', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/jobs/:jobId', status: notInCompany },
      { actor: 'admin', method: 'GET', route: '/api/pipeline/jobs/:jobId', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/jobs/:jobId', status: 401 },

      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/applications/:applicationId', status: notInCompany },
      { actor: 'admin', method: 'GET', route: '/api/pipeline/applications/:applicationId', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId', status: 401 },

      { actor: 'employerB', method: 'POST', route: '/api/pipeline/applications/:applicationId/stage', body: { stage: 'screening' }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/applications/:applicationId/stage', body: { stage: 'hired', hire: { title: 'CEO', joining_date: '2026-12-01' } }, status: notInCompany },
      { actor: 'admin', method: 'POST', route: '/api/pipeline/applications/:applicationId/stage', body: { stage: 'screening' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/applications/:applicationId/stage', body: { stage: 'screening' }, status: 401 },
      { actor: 'employerA', method: 'POST', route: '/api/pipeline/applications/:applicationId/stage', body: { stage: 'screening' }, status: 200 },

      { actor: 'employerB', method: 'POST', route: '/api/pipeline/jobs/:jobId/bulk-reject', body: { application_ids: [] as string[] }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/jobs/:jobId/bulk-reject', body: { application_ids: [] as string[] }, status: notInCompany },
      { actor: 'admin', method: 'POST', route: '/api/pipeline/jobs/:jobId/bulk-reject', body: { application_ids: [] as string[] }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/jobs/:jobId/bulk-reject', body: { application_ids: [] as string[] }, status: 401 },

      { actor: 'employerA', method: 'GET', route: '/api/pipeline/drives', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/drives', status: 200 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/drives', status: notInCompany },
      { actor: 'admin', method: 'GET', route: '/api/pipeline/drives', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/drives', status: 401 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/drives', body: { name: 'Sneaky' }, status: notInCompany },
      { actor: 'admin', method: 'POST', route: '/api/pipeline/drives', body: { name: 'Sneaky' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/drives', body: { name: 'Sneaky' }, status: 401 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/drives', body: { name: 'Job fair Pune' }, status: 201 },

      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/check-requests', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/applications/:applicationId/check-requests', status: notInCompany },
      { actor: 'admin', method: 'GET', route: '/api/pipeline/applications/:applicationId/check-requests', status: notInCompany },
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/candidates/search', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/candidates/search', status: 200 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/candidates/search', status: notInCompany },
      { actor: 'admin', method: 'GET', route: '/api/pipeline/candidates/search', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/candidates/search', status: 401 },

      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/check-requests', status: 401 },
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId/check-requests', status: 200 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/applications/:applicationId/check-requests', body: { subject: 'uan' }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/applications/:applicationId/check-requests', body: { subject: 'uan' }, status: notInCompany },
      { actor: 'admin', method: 'POST', route: '/api/pipeline/applications/:applicationId/check-requests', body: { subject: 'uan' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/applications/:applicationId/check-requests', body: { subject: 'uan' }, status: 401 },
      { actor: 'employerA', method: 'POST', route: '/api/pipeline/applications/:applicationId/check-requests', body: { subject: 'uan' }, status: 201 },

      // The application's scorecards at a glance (issue 36 §4): tests/api/scorecard-templates.test.ts covers the hiding.
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId/scorecards', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/scorecards', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/applications/:applicationId/scorecards', status: notInCompany },
      { actor: 'admin', method: 'GET', route: '/api/pipeline/applications/:applicationId/scorecards', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/scorecards', status: 401 },

      // Email from the pipeline (issue 36 §3): tests/api/candidate-email-templates.test.ts covers interviewers and the email itself.
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId/email', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/email', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/applications/:applicationId/email', status: notInCompany },
      { actor: 'admin', method: 'GET', route: '/api/pipeline/applications/:applicationId/email', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/email', status: 401 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/applications/:applicationId/email', body: { subject: 'Hello', body: 'Hi {{candidate_name}}' }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/applications/:applicationId/email', body: { subject: 'Hello', body: 'Hi' }, status: notInCompany },
      { actor: 'admin', method: 'POST', route: '/api/pipeline/applications/:applicationId/email', body: { subject: 'Hello', body: 'Hi' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/applications/:applicationId/email', body: { subject: 'Hello', body: 'Hi' }, status: 401 },
      { actor: 'employerA', method: 'POST', route: '/api/pipeline/applications/:applicationId/email', body: { subject: 'Hello', body: 'Hi {{candidate_name}}' }, status: 201 },

      // Candidates added by hand or from a file (issue 36 §2): tests/api/candidate-invitations.test.ts covers interviewers and the rest.
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/jobs/:jobId/invitations', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/jobs/:jobId/invitations', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/jobs/:jobId/invitations', status: notInCompany },
      { actor: 'admin', method: 'GET', route: '/api/pipeline/jobs/:jobId/invitations', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/jobs/:jobId/invitations', status: 401 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations', body: { full_name: 'Ravi Teja', email: 'ravi.teja@example.in', source: 'added' }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations', body: { full_name: 'Ravi Teja', email: 'ravi.teja@example.in', source: 'added' }, status: notInCompany },
      { actor: 'admin', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations', body: { full_name: 'Ravi Teja', email: 'ravi.teja@example.in', source: 'added' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations', body: { full_name: 'Ravi Teja', email: 'ravi.teja@example.in', source: 'added' }, status: 401 },
      { actor: 'employerA', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations', body: { full_name: 'Ravi Teja', email: 'ravi.teja@example.in', source: 'added' }, status: 201 },
      { actor: 'employerA', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import/preview', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: 200 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import/preview', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import/preview', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import/preview', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: 401 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: notInCompany },
      { actor: 'admin', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: 401 },
      { actor: 'employerA', method: 'POST', route: '/api/pipeline/jobs/:jobId/invitations/import', body: { csv: 'Name,Email\nUma Devi,uma@example.in' }, status: 201 },
      { actor: 'employerA', method: 'POST', route: '/api/pipeline/invitations/:invitationId/withdraw', status: 404 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/invitations/:invitationId/withdraw', status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/invitations/:invitationId/withdraw', status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/invitations/:invitationId/withdraw', status: 401 },
      // An invitation's attached resume (tests/api/invitation-resumes.test.ts attaches one and covers interviewers).
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/invitations/:invitationId/resume', status: 404 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/invitations/:invitationId/resume', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/invitations/:invitationId/resume', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/invitations/:invitationId/resume', status: 401 },
      { actor: 'employerA', method: 'DELETE', route: '/api/pipeline/invitations/:invitationId/resume', status: 404 },
      { actor: 'candidate', method: 'DELETE', route: '/api/pipeline/invitations/:invitationId/resume', status: notInCompany },
      { actor: 'anonymous', method: 'DELETE', route: '/api/pipeline/invitations/:invitationId/resume', status: 401 },
      // Only a PDF body is read: JSON is refused (415) before anything else is looked at (a candidate
      // sending a PDF is 403, as tests/api/invitation-resumes.test.ts shows).
      { actor: 'employerA', method: 'PUT', route: '/api/pipeline/invitations/:invitationId/resume', body: {}, status: 415 },
      { actor: 'candidate', method: 'PUT', route: '/api/pipeline/invitations/:invitationId/resume', body: {}, status: 415 },
      { actor: 'anonymous', method: 'PUT', route: '/api/pipeline/invitations/:invitationId/resume', body: {}, status: 401 },

      // Offers (issue 36 §5): the company's own applications only.
      { actor: 'employerA', method: 'GET', route: '/api/pipeline/applications/:applicationId/offers', status: 200 },
      { actor: 'employerB', method: 'GET', route: '/api/pipeline/applications/:applicationId/offers', status: 404 },
      { actor: 'candidate', method: 'GET', route: '/api/pipeline/applications/:applicationId/offers', status: notInCompany },
      { actor: 'anonymous', method: 'GET', route: '/api/pipeline/applications/:applicationId/offers', status: 401 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/applications/:applicationId/offers', body: { title: 'Analyst', joining_date: '2030-01-06', basic_paise: 50_000_000 }, status: 404 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/applications/:applicationId/offers', body: { title: 'Analyst', joining_date: '2030-01-06', basic_paise: 50_000_000 }, status: notInCompany },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/applications/:applicationId/offers', body: { title: 'Analyst', joining_date: '2030-01-06', basic_paise: 50_000_000 }, status: 401 },
      { actor: 'employerA', method: 'POST', route: '/api/pipeline/applications/:applicationId/withdraw', body: {}, status: 404 },
      { actor: 'employerB', method: 'POST', route: '/api/pipeline/applications/:applicationId/withdraw', body: {}, status: 404 },
      { actor: 'admin', method: 'POST', route: '/api/pipeline/applications/:applicationId/withdraw', body: {}, status: 404 },
      { actor: 'anonymous', method: 'POST', route: '/api/pipeline/applications/:applicationId/withdraw', body: {}, status: 401 },
      { actor: 'candidate', method: 'POST', route: '/api/pipeline/applications/:applicationId/withdraw', body: {}, status: 200 },
    ];

    for (const row of rows) {
      it(`${row.actor} ${row.method} ${row.route} → ${row.status}`, async () => {
        // Bulk reject with an empty list would be a 400 for an allowed caller; refused callers never get that far.
        const body = row.route.endsWith('bulk-reject') ? { application_ids: [applicationA] } : row.body;
        const response = await call(row.actor === 'anonymous' ? null : jars[row.actor], row.method, fillRoute(row.route), body);
        expect(response.statusCode, response.body).toBe(row.status);
        if (row.status === 404) expect(response.body).not.toContain(jobA.slice(0, 8));
      });
    }

    it('every /api/pipeline route has rows, with at least one refusal', () => {
      const declared = t.app.declaredRoutes.filter((route) => route.url.startsWith('/api/pipeline'));
      expect(declared.length).toBe(34);
      for (const route of declared) {
        const covered = rows.filter((row) => row.route === route.url && row.method === route.method);
        expect(covered.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
        expect(
          covered.some((row) => row.status >= 400),
          `${route.method} ${route.url} refusal`,
        ).toBe(true);
      }
    });
  });
});
