import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { candidateInvitationsMessages as text } from '../../shared/messages/candidate-invitations.ts';
import type { CandidateInvitation, InvitationAnswerResult, InvitationForCandidate } from '../../shared/schemas/candidate-invitations.ts';
import { purgeLapsedInvitations } from '../../server/features/candidate-invitations/answer-invitation.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import type { FileStorage } from '../../server/storage/file-storage.ts';
import { sweepStorageIntents } from '../../server/storage/sweep-intents.ts';
import { makePdf } from '../support/pdf.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 86_400_000;
const m = messages.candidate.documents;
type Who = 'recruiter' | 'interviewer' | 'otherOwner' | 'candidate' | 'anonymous';

/**
 * Issue 36 §2, a walk-in's resume attached by the recruiter (ADR 0030 addendum): the company's copy
 * waits with the invitation, passes the candidate's own upload gate, is shown to the person, and
 * becomes their resume only when they confirm and keep it. Every other end deletes the file.
 */
describe.skipIf(laneUnavailable)('Resumes attached to candidates added by hand', () => {
  let t: TestApp;
  let storage: FileStorage;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let ip = 0;
  const users = {} as Record<Exclude<Who, 'anonymous'>, { id: string; jar: CookieJar; email: string }>;
  let jobId: string;
  let emails = 0;

  const db = () => t.database.db;
  const headersOf = (who: Who) => (who === 'anonymous' ? {} : { cookie: users[who].jar.header });
  const remoteAddress = () => `10.91.${Math.floor(++ip / 250)}.${ip % 250}`;
  const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: headersOf(who), ...(payload === undefined ? {} : { payload }), remoteAddress: remoteAddress() });
  const attach = (invitationId: string, pdf: Buffer, who: Who = 'recruiter', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/pipeline/invitations/${invitationId}/resume`, payload: pdf, headers: { 'content-type': 'application/pdf', 'x-file-name': 'Walk-in%20resume.pdf', ...headersOf(who), ...headers }, remoteAddress: remoteAddress() });
  const expectRefused = (response: LightMyRequestResponse, status: number, message: string, code?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toBe(message);
    if (code) expect(response.json<{ code: string }>().code).toBe(code);
  };
  /** A new pending invitation and the token from the person's email. */
  async function invited(email = `walk.in${++emails}@example.in`) {
    const response = await call('recruiter', 'POST', `/api/pipeline/jobs/${jobId}/invitations`, { full_name: 'Ramya Krishnan', email, phone: '98860 41275', source: 'walk_in' });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await db().selectFrom('outbox_messages').select('body_text').where('recipient', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    return { invitation: response.json<CandidateInvitation>(), token: /\/confirm-application#([A-Za-z0-9_-]{43})/.exec(mail.body_text)![1]!, email };
  }
  const heldKey = async (invitationId: string) => (await db().selectFrom('candidate_invitations').select('resume_key').where('id', '=', invitationId).executeTakeFirst())?.resume_key ?? null;
  const stored = async (key: string) => {
    const file = await storage.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const answer = (token: string, reply: 'confirm' | 'decline', keep?: boolean) =>
    call('anonymous', 'POST', '/api/candidate-invitations/answer', { token, answer: reply, ...(keep === undefined ? {} : { keep_resume: keep }) });
  const uploadIntents = async () => (await db().selectFrom('storage_intents').select('object_key').where('object_key', 'like', 'invitations/%').where('action', '=', 'upload').execute()).length;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: now });
    storage = createFileStorage(t.config);
    const company = await t.factories.company({ name: 'Kaveri Logistics Pvt Ltd' });
    const other = await t.factories.company({ name: 'Tapti Textiles Ltd' });
    const person = async (key: Exclude<Who, 'anonymous'>, overrides: Parameters<TestApp['factories']['user']>[0]) => {
      const user = await t.factories.user(overrides);
      users[key] = { id: user.id, email: user.email, jar: await signIn(t.app, user.email, user.password, `10.92.0.${++ip}`) };
    };
    await person('recruiter', { role: 'employer', companyId: company.id, companyRole: 'recruiter', fullName: 'Aditya Kulkarni' });
    await person('interviewer', { role: 'employer', companyId: company.id, companyRole: 'interviewer', fullName: 'Farah Qureshi' });
    await person('otherOwner', { role: 'employer', companyId: other.id, companyRole: 'owner', fullName: 'Gopal Reddy' });
    await person('candidate', { role: 'candidate', fullName: 'Sneha Patil' });
    jobId = (await t.factories.job(company.id, { title: 'Warehouse Supervisor', location: 'Hosur', expiresAt: new Date(Date.now() + 90 * DAY) })).id;
  });
  afterAll(async () => {
    await storage?.close?.();
    await t?.close();
  });

  it('holds the resume with the invitation, shows it to both sides, and makes it the person’s resume when they confirm and keep it', async () => {
    const { invitation, token, email } = await invited();
    expect(invitation.resume).toBeNull();
    const pdf = makePdf({ text: 'Ramya Krishnan, Warehouse Supervisor' });
    const attached = await attach(invitation.id, pdf);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json<CandidateInvitation>().resume).toEqual({ name: 'Walk-in resume.pdf', size_bytes: pdf.length });
    const listed = (await call('recruiter', 'GET', `/api/pipeline/jobs/${jobId}/invitations`)).json<{ invitations: CandidateInvitation[] }>().invitations;
    expect(listed.find((row) => row.id === invitation.id)?.resume).toEqual({ name: 'Walk-in resume.pdf', size_bytes: pdf.length });
    // The team opens its own copy; the person opens it from the link, before answering.
    const companyCopy = await call('recruiter', 'GET', `/api/pipeline/invitations/${invitation.id}/resume`);
    expect(companyCopy.statusCode).toBe(200);
    expect(companyCopy.headers['content-type']).toBe('application/pdf');
    expect(companyCopy.headers['cache-control']).toContain('no-store');
    expect(companyCopy.rawPayload.equals(pdf)).toBe(true);
    const page = (await call('anonymous', 'POST', '/api/candidate-invitations/lookup', { token })).json<InvitationForCandidate>();
    expect(page.resume).toEqual({ name: 'Walk-in resume.pdf', size_bytes: pdf.length });
    const personCopy = await call('anonymous', 'POST', '/api/candidate-invitations/resume', { token });
    expect(personCopy.statusCode).toBe(200);
    expect(personCopy.rawPayload.equals(pdf)).toBe(true);
    // The audit trail names the invitation and the size, never the person or the file's name.
    const audit = await db().selectFrom('admin_audit_logs').select('details').where('action', '=', 'candidate_invitation_resume_attached').where('entity_id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).not.toMatch(/ramya|walk-in resume/i);

    const key = (await heldKey(invitation.id))!;
    const confirmed = await answer(token, 'confirm', true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<InvitationAnswerResult>()).toMatchObject({ status: 'confirmed', resume_kept: true });
    const account = await db().selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const document = await db().selectFrom('candidate_documents').select(['id', 'file_path', 'original_name', 'size_bytes']).where('candidate_id', '=', account.id).where('document_type', '=', 'resume').executeTakeFirstOrThrow();
    expect(document).toMatchObject({ file_path: key, original_name: 'Walk-in resume.pdf' });
    expect(Number(document.size_bytes)).toBe(pdf.length);
    expect(await heldKey(invitation.id)).toBeNull();
    // Now it is the candidate's document: the company sees it as any applicant's, and the sweeper leaves it.
    const download = await call('recruiter', 'GET', `/api/documents/${document.id}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    await sweepStorageIntents({ db: db(), storage, uploadTimeoutSeconds: t.config.UPLOAD_TIMEOUT_SECONDS });
    expect((await stored(key))?.equals(pdf)).toBe(true);
    // Answered: the company's routes for the held copy refuse.
    expectRefused(await call('recruiter', 'GET', `/api/pipeline/invitations/${invitation.id}/resume`), 409, text.notPending, 'INVITATION_ANSWERED');
    expectRefused(await attach(invitation.id, pdf), 409, text.notPending, 'INVITATION_ANSWERED');
  });

  it('replaces the person’s own resume only when they keep the attached one, and deletes the replaced file', async () => {
    const own = makePdf({ text: 'Sneha Patil, own resume' });
    const upload = await t.app.inject({ method: 'PUT', url: '/api/candidate/documents/resume', payload: own, headers: { 'content-type': 'application/pdf', cookie: users.candidate.jar.header }, remoteAddress: remoteAddress() });
    expect(upload.statusCode, upload.body).toBe(201);
    const ownKey = (await db().selectFrom('candidate_documents').select('file_path').where('candidate_id', '=', users.candidate.id).executeTakeFirstOrThrow()).file_path;

    const { invitation, token } = await invited(users.candidate.email);
    const attachedPdf = makePdf({ text: 'Sneha Patil, the paper copy' });
    expect((await attach(invitation.id, attachedPdf)).statusCode).toBe(200);
    const key = (await heldKey(invitation.id))!;
    expect((await answer(token, 'confirm', true)).json<InvitationAnswerResult>().resume_kept).toBe(true);
    const now = await db().selectFrom('candidate_documents').select('file_path').where('candidate_id', '=', users.candidate.id).where('document_type', '=', 'resume').execute();
    expect(now).toEqual([{ file_path: key }]);
    expect(await stored(ownKey)).toBeNull();
    expect((await stored(key))?.equals(attachedPdf)).toBe(true);
  });

  it('deletes the company’s copy when the person confirms without keeping it, declines, is withdrawn, or lets the link lapse', async () => {
    const pdf = makePdf({ text: 'a walk-in resume' });
    const ends: [string, (token: string, invitationId: string) => Promise<LightMyRequestResponse>][] = [
      ['confirmed, not kept', (token) => answer(token, 'confirm')],
      ['confirmed, keep false', (token) => answer(token, 'confirm', false)],
      ['declined (keep ignored)', (token) => answer(token, 'decline', true)],
      ['withdrawn', (_token, invitationId) => call('recruiter', 'POST', `/api/pipeline/invitations/${invitationId}/withdraw`)],
    ];
    for (const [what, end] of ends) {
      const { invitation, token, email } = await invited();
      expect((await attach(invitation.id, pdf)).statusCode, what).toBe(200);
      const key = (await heldKey(invitation.id))!;
      const response = await end(token, invitation.id);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(200);
      if (what.startsWith('confirmed')) expect(response.json<InvitationAnswerResult>().resume_kept, what).toBe(false);
      expect(await stored(key), what).toBeNull();
      const account = await db().selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirst();
      if (account) expect(await db().selectFrom('candidate_documents').select('id').where('candidate_id', '=', account.id).execute(), what).toEqual([]);
    }

    const { invitation } = await invited();
    expect((await attach(invitation.id, pdf)).statusCode).toBe(200);
    const key = (await heldKey(invitation.id))!;
    offsetMs = 31 * DAY;
    try {
      expect(await purgeLapsedInvitations(db(), now())).toBeGreaterThanOrEqual(1);
      // The retention run leaves a delete intent; the sweeper finishes it.
      await sweepStorageIntents({ db: db(), storage, uploadTimeoutSeconds: t.config.UPLOAD_TIMEOUT_SECONDS });
      expect(await stored(key)).toBeNull();
    } finally {
      offsetMs = 0;
    }
  });

  it('replaces and removes an attached resume, deleting each file it lets go of', async () => {
    const { invitation, token } = await invited();
    const first = makePdf({ text: 'wrong person' });
    const second = makePdf({ text: 'right person' });
    expect((await attach(invitation.id, first)).statusCode).toBe(200);
    const firstKey = (await heldKey(invitation.id))!;
    expect((await attach(invitation.id, second)).statusCode).toBe(200);
    const secondKey = (await heldKey(invitation.id))!;
    expect(secondKey).not.toBe(firstKey);
    expect(await stored(firstKey)).toBeNull();
    expect((await call('anonymous', 'POST', '/api/candidate-invitations/resume', { token })).rawPayload.equals(second)).toBe(true);

    const removed = await call('recruiter', 'DELETE', `/api/pipeline/invitations/${invitation.id}/resume`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<CandidateInvitation>().resume).toBeNull();
    expect(await stored(secondKey)).toBeNull();
    expectRefused(await call('recruiter', 'DELETE', `/api/pipeline/invitations/${invitation.id}/resume`), 404, text.noResume);
    expectRefused(await call('recruiter', 'GET', `/api/pipeline/invitations/${invitation.id}/resume`), 404, text.noResume);
    expectRefused(await call('anonymous', 'POST', '/api/candidate-invitations/resume', { token }), 404, text.noResume);
    // Keeping a resume that is not there keeps nothing.
    expect((await answer(token, 'confirm', true)).json<InvitationAnswerResult>().resume_kept).toBe(false);
  });

  it('refuses what the candidate’s own upload refuses, with the same messages, storing nothing', async () => {
    const { invitation } = await invited();
    const cases: [string, LightMyRequestResponse, number, string][] = [
      ['not a PDF', await attach(invitation.id, Buffer.from('<html><body>resume</body></html>')), 400, m.notPdf],
      ['JavaScript', await attach(invitation.id, makePdf({ catalogExtra: '/OpenAction 6 0 R ', extraObjects: ['<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>'] })), 422, m.pdfActiveContent],
      ['too large', await attach(invitation.id, makePdf({ totalBytes: 10 * 1024 * 1024 + 1 })), 413, m.tooLarge],
      ['wrong content type', await attach(invitation.id, makePdf(), 'recruiter', { 'content-type': 'application/octet-stream' }), 415, m.wrongContentType],
    ];
    for (const [what, response, status, message] of cases) {
      expect({ what, status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ what, status, message });
    }
    expect(await heldKey(invitation.id)).toBeNull();
    expect(await uploadIntents()).toBe(0);
    expect((await db().selectFrom('storage_intents').select('object_key').where('object_key', 'like', `invitations/${invitation.id}/%`).execute())).toEqual([]);
  });

  it('lets only the pipeline’s workers of the invitation’s own company attach, open and remove', async () => {
    const { invitation } = await invited();
    const pdf = makePdf();
    for (const who of ['anonymous', 'candidate', 'interviewer', 'otherOwner'] as const) {
      const status = who === 'anonymous' ? 401 : who === 'otherOwner' ? 404 : 403;
      expect((await attach(invitation.id, pdf, who)).statusCode, `PUT ${who}`).toBe(status);
      expect((await call(who, 'GET', `/api/pipeline/invitations/${invitation.id}/resume`)).statusCode, `GET ${who}`).toBe(status);
      expect((await call(who, 'DELETE', `/api/pipeline/invitations/${invitation.id}/resume`)).statusCode, `DELETE ${who}`).toBe(status);
    }
    expect(await heldKey(invitation.id)).toBeNull();
    expectRefused(await attach('00000000-0000-4000-8000-000000000000', pdf), 404, text.invitationNotFound);
    // A wrong token opens nothing, and the public route answers any body without a 5xx.
    expectRefused(await call('anonymous', 'POST', '/api/candidate-invitations/resume', { token: 'x'.repeat(43) }), 404, text.linkInvalid);
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (body) => {
        const response = await t.app.inject({ method: 'POST', url: '/api/candidate-invitations/resume', payload: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' }, remoteAddress: remoteAddress() });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
    const badKeep = await call('anonymous', 'POST', '/api/candidate-invitations/answer', { token: 'x'.repeat(43), answer: 'confirm', keep_resume: 'yes' });
    expect(badKeep.statusCode).toBe(400);
    expect(badKeep.json<{ message: string }>().message).toBe(`keep_resume: ${text.keepResumeInvalid}`);
  });
});
