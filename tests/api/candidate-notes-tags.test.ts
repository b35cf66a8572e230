import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { candidateNotesMessages as text } from '../../shared/messages/candidate-notes.ts';
import type { ApplicationNote, CandidateTag, CompanyTag, MentionableMember } from '../../shared/schemas/candidate-record.ts';
import { CANDIDATE_RECORD_LIMITS } from '../../shared/schemas/candidate-record.ts';
import type { JobPipeline, PipelineApplicationDetail } from '../../shared/schemas/pipeline.ts';
import { utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { scheduleErasureNow } from '../../server/features/privacy/erasure.ts';
import { makePdf } from '../support/pdf.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const istAt = (days: number, time: string) => `${utcToIstLocal(new Date(Date.now() + days * DAY)).slice(0, 10)}T${time}`;
const mention = (member: { id: string; fullName: string }) => `@[${member.fullName}](${member.id})`;

/**
 * Issue 36 §2: tags on a candidate within a company, and private notes on an application with
 * @mentions of teammates, who get an in-app notification. Only the company's members who may see
 * the application read or write them (interviewers: their own interviews' candidates); another
 * company is 404, a candidate 403; an outsider cannot be mentioned.
 */
describe.skipIf(laneUnavailable)('candidate tags and notes: /api/pipeline/applications/:id/tags and /notes', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.94.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;
  type Person = { id: string; fullName: string; email: string; password: string };
  const people = {} as Record<'owner' | 'recruiter' | 'admin' | 'interviewer' | 'bystander' | 'suspended' | 'otherOwner' | 'candidate', Person>;
  const jars = {} as Record<keyof typeof people, CookieJar>;
  let companyId: string;
  let jobId: string;
  let applicationId: string;
  let secondApplicationId: string;
  let otherApplicationId: string;

  const call = (who: keyof typeof people | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? { cookie: jars[who].header } : {}, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });
  const tags = (id = applicationId) => `/api/pipeline/applications/${id}/tags`;
  const notes = (id = applicationId) => `/api/pipeline/applications/${id}/notes`;
  const noticesOf = (userId: string) => db().selectFrom('notifications').select(['title', 'message']).where('recipient_id', '=', userId).orderBy('created_at').execute();

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company({ name: 'Narmada Textiles Pvt Ltd' });
    const other = await t.factories.company({ name: 'Tapti Looms Pvt Ltd' });
    companyId = company.id;
    const member = async (key: keyof typeof people, fullName: string, companyRole: 'owner' | 'admin' | 'recruiter' | 'interviewer', inCompany = company.id) => {
      people[key] = await t.factories.user({ role: 'employer', companyId: inCompany, companyRole, fullName });
      jars[key] = await signIn(t.app, people[key].email, people[key].password, nextIp());
    };
    await member('owner', 'Meera Pillai', 'owner');
    await member('recruiter', 'Rohan Verma', 'recruiter');
    await member('admin', 'Kavya Iyer', 'admin');
    await member('interviewer', 'Suresh Nair', 'interviewer');
    await member('bystander', 'Farah Qureshi', 'interviewer');
    await member('suspended', 'Imran Sheikh', 'recruiter');
    await member('otherOwner', 'Lakshmi Rao', 'owner', other.id);
    await db().updateTable('user_profiles').set({ suspended_at: new Date() }).where('id', '=', people.suspended.id).execute();

    people.candidate = await t.factories.user({ role: 'candidate', fullName: 'Ananya Desai' });
    await t.factories.candidateProfile(people.candidate.id);
    jars.candidate = await signIn(t.app, people.candidate.email, people.candidate.password, nextIp());
    jobId = (await t.factories.job(company.id, { title: 'Loom Supervisor', expiresAt: new Date(Date.now() + 30 * DAY) })).id;
    const secondJob = (await t.factories.job(company.id, { title: 'Dyeing Lead', expiresAt: new Date(Date.now() + 30 * DAY) })).id;
    applicationId = (await t.factories.application(jobId, people.candidate.id)).id;
    secondApplicationId = (await t.factories.application(secondJob, people.candidate.id)).id;
    const otherCandidate = await t.factories.user({ role: 'candidate', fullName: 'Karan Malhotra' });
    otherApplicationId = (await t.factories.application((await t.factories.job(other.id, { title: 'Weaver' })).id, otherCandidate.id)).id;

    const scheduled = await call('owner', 'POST', '/api/interviews', {
      application_id: applicationId,
      starts_at_ist: istAt(3, '11:00'),
      duration_minutes: 45,
      mode: 'video',
      location: 'https://meet.example.com/narmada',
      interviewer_ids: [people.interviewer.id],
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
  });
  afterAll(async () => t?.close());

  it('adds tags on the candidate within the company, trimmed and one per spelling whatever its case, shown on every application’s card there', async () => {
    const added = await call('recruiter', 'POST', tags(), { tag: '  Night   shift ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<CandidateTag[]>().map((tag) => tag.label)).toEqual(['Night shift']);
    const again = await call('owner', 'POST', tags(), { tag: 'NIGHT SHIFT' });
    expect(again.statusCode).toBe(200);
    expect(again.json<CandidateTag[]>().map((tag) => tag.label)).toEqual(['Night shift']);
    expect((await call('recruiter', 'POST', tags(secondApplicationId), { tag: 'Referral' })).statusCode).toBe(201);

    // One candidate, two applications: both show both tags.
    const listed = (await call('owner', 'GET', tags())).json<CandidateTag[]>();
    expect(listed.map((tag) => tag.label)).toEqual(['Night shift', 'Referral']);
    const board = (await call('owner', 'GET', `/api/pipeline/jobs/${jobId}`)).json<JobPipeline>();
    expect(board.applications.find((card) => card.id === applicationId)?.tags).toEqual(['Night shift', 'Referral']);
    const detail = (await call('owner', 'GET', `/api/pipeline/applications/${secondApplicationId}`)).json<PipelineApplicationDetail>();
    expect(detail.tags).toEqual(['Night shift', 'Referral']);

    // The board filters by a tag, without case; the company's tags are listed most used first.
    expect((await call('owner', 'GET', `/api/pipeline/jobs/${jobId}?tag=referral`)).json<JobPipeline>().applications.map((card) => card.id)).toEqual([applicationId]);
    expect((await call('owner', 'GET', `/api/pipeline/jobs/${jobId}?tag=Day%20shift`)).json<JobPipeline>()).toMatchObject({ applications: [], total: 0 });
    expect((await call('owner', 'GET', '/api/pipeline/tags')).json<CompanyTag[]>().map((tag) => tag.label).sort()).toEqual(['Night shift', 'Referral']);

    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'entity_type', 'entity_id']).where('company_id', '=', companyId).where('action', 'like', 'candidate_tag%').execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: 'candidate_tag_added', entity_type: 'candidate', entity_id: people.candidate.id });

    const removed = await call('recruiter', 'DELETE', `${tags()}/${listed[1]!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<CandidateTag[]>().map((tag) => tag.label)).toEqual(['Night shift']);
    expect((await call('recruiter', 'DELETE', `${tags()}/${listed[1]!.id}`)).json()).toMatchObject({ message: text.tagNotFound });
  });

  it('refuses a blank, long, odd or twenty-first tag, naming the problem, and keeps nothing of it', async () => {
    const refusals: Array<[unknown, string]> = [
      [{ tag: '   ' }, text.tagRequired],
      [{ tag: 'x'.repeat(41) }, fill(text.tagTooLong, { max: 40 })],
      [{ tag: '<script>' }, text.tagInvalid],
      [{ tag: 'ok', company_id: 'x' }, ''],
      [{}, text.tagRequired],
    ];
    for (const [body, message] of refusals) {
      const response = await call('recruiter', 'POST', tags(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.json<{ message: string }>().message).toContain(message);
    }
    const have = (await call('owner', 'GET', tags())).json<CandidateTag[]>().length;
    for (let i = have; i < CANDIDATE_RECORD_LIMITS.tagsPerCandidate; i += 1) expect((await call('recruiter', 'POST', tags(), { tag: `Skill ${i}` })).statusCode).toBe(201);
    const over = await call('recruiter', 'POST', tags(), { tag: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'TOO_MANY_TAGS', message: fill(text.tooManyTags, { max: CANDIDATE_RECORD_LIMITS.tagsPerCandidate }) });
    expect((await call('owner', 'GET', tags())).json<CandidateTag[]>()).toHaveLength(CANDIDATE_RECORD_LIMITS.tagsPerCandidate);
  });

  it('lets an interviewer read their own candidate’s tags but not change them; others see nothing', async () => {
    expect((await call('interviewer', 'GET', tags())).statusCode).toBe(200);
    expect((await call('interviewer', 'POST', tags(), { tag: 'Strong' })).statusCode).toBe(403);
    expect((await call('bystander', 'GET', tags())).statusCode).toBe(404);
    expect((await call('interviewer', 'GET', tags(secondApplicationId))).statusCode).toBe(404);
    expect((await call('otherOwner', 'GET', tags())).statusCode).toBe(404);
    expect((await call('otherOwner', 'POST', tags(), { tag: 'Poached' })).statusCode).toBe(404);
    expect((await call('candidate', 'GET', tags())).statusCode).toBe(403);
    expect((await call(null, 'GET', tags())).statusCode).toBe(401);
    // Another company's tags are its own.
    expect((await call('otherOwner', 'GET', '/api/pipeline/tags')).json<CompanyTag[]>()).toEqual([]);
    expect((await call('otherOwner', 'GET', tags(otherApplicationId))).json<CandidateTag[]>()).toEqual([]);
  });

  it('writes a note that mentions teammates: each mentioned member, and only they, gets a notification', async () => {
    const mentionable = (await call('recruiter', 'GET', `/api/pipeline/applications/${applicationId}/mentionable`)).json<MentionableMember[]>();
    // Active members who can see this candidate, not the caller: the unassigned interviewer and the suspended member are not offered.
    expect(mentionable.map((one) => one.name)).toEqual(['Kavya Iyer', 'Meera Pillai', 'Suresh Nair']);

    const before = { bystander: (await noticesOf(people.bystander.id)).length, admin: (await noticesOf(people.admin.id)).length };
    const body = `Strong on looms. ${mention(people.owner)} and ${mention(people.interviewer)}, please ask about night shifts.`;
    const added = await call('recruiter', 'POST', notes(), { body });
    expect(added.statusCode, added.body).toBe(201);
    const note = added.json<ApplicationNote>();
    expect(note).toMatchObject({ body, author_name: 'Rohan Verma', can_edit: true, can_delete: true, edited_at: null });
    expect(note.mentions).toEqual([
      { user_id: people.owner.id, name: 'Meera Pillai' },
      { user_id: people.interviewer.id, name: 'Suresh Nair' },
    ]);

    for (const who of [people.owner, people.interviewer]) {
      expect(await noticesOf(who.id)).toContainEqual({
        title: 'Rohan Verma mentioned you',
        message: 'On Ananya Desai for Loom Supervisor: “Strong on looms. @Meera Pillai and @Suresh Nair, please ask about night shifts.”',
      });
    }
    expect((await noticesOf(people.recruiter.id)).filter((n) => n.title.includes('mentioned'))).toEqual([]);
    expect((await noticesOf(people.bystander.id)).length).toBe(before.bystander);
    expect((await noticesOf(people.admin.id)).length).toBe(before.admin);

    // The interviewer reads it (their candidate) and may note too; the other interviewer cannot.
    const seen = (await call('interviewer', 'GET', notes())).json<ApplicationNote[]>();
    expect(seen[0]).toMatchObject({ id: note.id, can_edit: false, can_delete: false });
    expect((await call('interviewer', 'POST', notes(), { body: 'Good communication.' })).statusCode).toBe(201);
    expect((await call('bystander', 'GET', notes())).statusCode).toBe(404);
    expect((await call('bystander', 'POST', notes(), { body: 'Sneaking in' })).statusCode).toBe(404);
  });

  it('refuses to mention someone outside the company, or a teammate who cannot see the candidate, naming them, and writes nothing', async () => {
    const count = async () => (await db().selectFrom('application_notes').select('id').where('application_id', '=', applicationId).execute()).length;
    const noticesBefore = (await noticesOf(people.otherOwner.id)).length;
    const before = await count();
    for (const [who, label] of [
      [people.otherOwner, 'Lakshmi'],
      [people.bystander, 'Farah Qureshi'],
      [people.suspended, 'Imran Sheikh'],
      [people.candidate, 'Ananya'],
    ] as const) {
      const refused = await call('recruiter', 'POST', notes(), { body: `Ask @[${label}](${who.id}) to look` });
      expect(refused.statusCode, label).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'CANNOT_MENTION', message: fill(text.cannotMention, { names: label }) });
    }
    expect(await count()).toBe(before);
    expect((await noticesOf(people.otherOwner.id)).length).toBe(noticesBefore);
  });

  it('lets only the author edit a note (newly mentioned members are told), and the author, an owner or admin delete it', async () => {
    const created = (await call('recruiter', 'POST', notes(), { body: 'Salary expectation 6 LPA' })).json<ApplicationNote>();
    const url = `${notes()}/${created.id}`;
    expect((await call('owner', 'PATCH', url, { body: 'Hijacked' })).json()).toMatchObject({ code: 'NOT_YOUR_NOTE', message: text.notYourNote });
    const adminNotices = (await noticesOf(people.admin.id)).length;
    const edited = await call('recruiter', 'PATCH', url, { body: `Salary expectation 6.5 LPA, ${mention(people.admin)} to approve` });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ApplicationNote>().edited_at).not.toBeNull();
    expect((await noticesOf(people.admin.id)).length).toBe(adminNotices + 1);
    // Saving again with the same mention tells nobody twice.
    await call('recruiter', 'PATCH', url, { body: `Salary expectation 7 LPA, ${mention(people.admin)} to approve` });
    expect((await noticesOf(people.admin.id)).length).toBe(adminNotices + 1);

    expect((await call('interviewer', 'DELETE', url)).json()).toMatchObject({ code: 'CANNOT_DELETE_NOTE' });
    expect((await call('admin', 'DELETE', url)).statusCode).toBe(204);
    expect((await call('recruiter', 'DELETE', url)).statusCode).toBe(404);
    const own = (await call('recruiter', 'POST', notes(), { body: 'Typo note' })).json<ApplicationNote>();
    expect((await call('recruiter', 'DELETE', `${notes()}/${own.id}`)).statusCode).toBe(204);
    expect((await call('otherOwner', 'DELETE', `${notes()}/${own.id}`)).statusCode).toBe(404);
  });

  it('refuses empty, long and malformed notes, other companies and candidates', async () => {
    const long = 'a'.repeat(CANDIDATE_RECORD_LIMITS.note + 1);
    for (const [body, message] of [
      [{ body: '   ' }, text.noteRequired],
      [{ body: long }, fill(text.noteTooLong, { max: CANDIDATE_RECORD_LIMITS.note })],
      [{ body: 'bell\u0007' }, text.noteInvalidCharacters],
      [{ body: 'ok', author_id: people.owner.id }, ''],
    ] as const) {
      const response = await call('recruiter', 'POST', notes(), body);
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json<{ message: string }>().message).toContain(message);
    }
    // A long name in a mention does not count against the note's length beyond "@Name".
    expect((await call('recruiter', 'POST', notes(), { body: `${'b'.repeat(CANDIDATE_RECORD_LIMITS.note - 20)} ${mention(people.owner)}` })).statusCode).toBe(201);
    expect((await call('otherOwner', 'GET', notes())).statusCode).toBe(404);
    expect((await call('otherOwner', 'POST', notes(), { body: 'Hello' })).statusCode).toBe(404);
    expect((await call('candidate', 'GET', notes())).statusCode).toBe(403);
    expect((await call('candidate', 'POST', notes(), { body: 'About me' })).statusCode).toBe(403);
    expect((await call(null, 'POST', notes(), { body: 'Anyone?' })).statusCode).toBe(401);
  });

  it('shows the panel the phone and the resume inline, sandboxed, to those who may see the candidate only', async () => {
    const resume = `/api/pipeline/applications/${applicationId}/resume`;
    // The panel frames this address: a refusal is plain text the frame may show (CI found the default CSP blocking it).
    const none = await call('owner', 'GET', resume);
    expect(none.statusCode).toBe(404);
    expect(none.body).toBe(text.noResume);
    expect(none.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const uploaded = await t.app.inject({ method: 'PUT', url: '/api/candidate/documents/resume', payload: makePdf(), headers: { 'content-type': 'application/pdf', cookie: jars.candidate.header }, remoteAddress: nextIp() });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const detail = (await call('recruiter', 'GET', `/api/pipeline/applications/${applicationId}`)).json<PipelineApplicationDetail>();
    expect(detail).toMatchObject({ resume_url: resume, phone_verified: true });
    expect(detail.phone).toMatch(/^\+91\d{10}$/);
    const shown = await call('interviewer', 'GET', resume);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="resume.pdf"', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    expect(shown.headers['content-security-policy']).toContain('sandbox');
    expect(shown.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The candidate sees the read in their download log, as a download.
    expect(await db().selectFrom('document_downloads').select('reader_id').where('candidate_id', '=', people.candidate.id).execute()).toContainEqual({ reader_id: people.interviewer.id });
    expect((await call('bystander', 'GET', resume)).statusCode).toBe(404);
    expect((await call('otherOwner', 'GET', resume)).statusCode).toBe(404);
    expect((await call('candidate', 'GET', resume)).statusCode).toBe(403);
  });

  it('erases the companies’ notes and tags on a candidate with the rest of them (the data-rights erasure)', async () => {
    const leaving = await t.factories.user({ role: 'candidate', fullName: 'Gone Person' });
    await t.factories.candidateProfile(leaving.id);
    const application = (await t.factories.application(jobId, leaving.id)).id;
    expect((await call('recruiter', 'POST', tags(application), { tag: 'Referral' })).statusCode).toBe(201);
    expect((await call('recruiter', 'POST', notes(application), { body: 'Lives in Surat' })).statusCode).toBe(201);
    expect(await scheduleErasureNow(db(), leaving.id, 'test', new Date(Date.now() - 1000))).toBe(true);
    expect((await t.app.privacyJobs.runOnce()).erased).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom('application_notes').select('id').where('application_id', '=', application).execute()).toEqual([]);
    expect(await db().selectFrom('candidate_tags').select('id').where('candidate_id', '=', leaving.id).execute()).toEqual([]);
  });

  it('never answers 5xx to random bodies and ids on the tag and note routes', async () => {
    const routes = [
      ['POST', '/api/pipeline/applications/:a/tags'],
      ['DELETE', '/api/pipeline/applications/:a/tags/:b'],
      ['POST', '/api/pipeline/applications/:a/notes'],
      ['PATCH', '/api/pipeline/applications/:a/notes/:b'],
      ['DELETE', '/api/pipeline/applications/:a/notes/:b'],
      ['GET', '/api/pipeline/applications/:a/mentionable'],
    ] as const;
    const id = fc.oneof(fc.constant(applicationId), fc.uuid(), fc.string({ maxLength: 20 }).map(encodeURIComponent));
    const body = fc.oneof(fc.jsonValue(), fc.record({ tag: fc.string({ maxLength: 60 }) }), fc.record({ body: fc.string({ maxLength: 200 }) }), fc.record({ body: fc.string().map((s) => `@[${s}](${s})`) }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), id, id, body, async ([method, route], a, b, payload) => {
        const response = await t.app.inject({
          method,
          url: route.replace(':a', a).replace(':b', b),
          headers: { cookie: jars.recruiter.header, 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
          remoteAddress: nextIp(),
        });
        expect(response.statusCode, `${method} ${route} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });
});
