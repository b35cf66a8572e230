import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { unzipSync, strFromU8 } from 'fflate';
import { resume } from '../../server/dev/demo-pdfs.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { EXPORT_DAYS, GRIEVANCE_DUE_DAYS, PRIVACY_NOTICE_VERSION, type AdminPrivacyRequest, type DataExport, type PrivacyOverview, type PrivacyRequest } from '../../shared/schemas/privacy.ts';
import { bringFromDigilocker, SAMPLE_DEGREE } from '../support/digilocker.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.privacy;
const DAY_MS = 24 * 60 * 60 * 1000;
const OFFICER = 'dpo@workcred.test';

/**
 * Issue 18, first part: the age declaration and the notice at registration, the person's privacy
 * centre (consents with their notice version, what is held, who it was disclosed to), grievances
 * with references, due dates and the officer's 60-day warning, the admins' queue, the nominee;
 * who may not; bad input.
 */
describe.skipIf(laneUnavailable)('privacy: /api/privacy, /api/admin/privacy', () => {
  let t: TestApp;
  let ip = 0;
  let now = new Date();
  const nextIp = () => `10.97.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;
  type Person = { id: string; email: string; password: string; jar: CookieJar };
  const person = async (values: Parameters<TestApp['factories']['user']>[0]): Promise<Person> => {
    const user = await t.factories.user(values);
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  };
  const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });
  const overview = async (jar: CookieJar) => {
    const response = await call(jar, 'GET', '/api/privacy');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PrivacyOverview>();
  };
  const count = async (table: 'privacy_requests' | 'outbox_messages' | 'privacy_nominees') => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  let owner: Person, recruiter: Person, admin: Person, meera: Person, arjun: Person;
  let companyId: string, jobId: string;

  beforeAll(async () => {
    t = await createTestApp({ GRIEVANCE_OFFICER_EMAIL: OFFICER, GRIEVANCE_OFFICER_NAME: 'Lakshmi Iyer' }, { clock: () => now });
    const company = await t.factories.company({ name: 'Kaveri Privacy Pvt Ltd' });
    companyId = company.id;
    owner = await person({ role: 'employer', companyId, companyRole: 'owner' });
    recruiter = await person({ role: 'employer', companyId, companyRole: 'recruiter' });
    admin = await person({ role: 'admin', fullName: 'Farah Admin' });
    meera = await person({ role: 'candidate', fullName: 'Meera Pillai' });
    arjun = await person({ role: 'candidate', fullName: 'Arjun Reddy' });
    await t.factories.candidateProfile(meera.id);
    await t.factories.candidateProfile(arjun.id);
    jobId = (await t.factories.job(companyId, { title: 'Payroll Executive' })).id;
  });
  afterAll(async () => t?.close());

  describe('the declaration at registration', () => {
    it('refuses the personal step until the person is 18 or older and accepts the notice, and writes nothing when refused', async () => {
      const user = await person({ role: 'candidate', fullName: '' });
      await t.factories.candidateProfile(user.id, { declared: false, completed: false });
      const body = { full_name: 'Tara Singh', education: 'Class XII' };

      const noAge = await call(user.jar, 'PUT', '/api/candidate/profile/personal', body);
      expect(noAge.statusCode).toBe(400);
      expect(noAge.json()).toMatchObject({ code: 'ADULT_REQUIRED', message: text.adultRequired });
      const noNotice = await call(user.jar, 'PUT', '/api/candidate/profile/personal', { ...body, adult_confirmed: true });
      expect(noNotice.json()).toMatchObject({ code: 'NOTICE_REQUIRED', message: text.noticeRequired });
      const unchanged = await db().selectFrom('user_profiles').innerJoin('candidate_profiles as c', 'c.user_id', 'user_profiles.id').select(['full_name', 'c.adult_declared_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(unchanged).toEqual({ full_name: '', adult_declared_at: null });
      // The step stays personal, so registration cannot be completed.
      expect((await call(user.jar, 'GET', '/api/candidate/registration')).json()).toMatchObject({ step: 'personal', declared: false });
      expect((await call(user.jar, 'POST', '/api/candidate/registration/complete', {})).statusCode).toBe(409);

      const saved = await call(user.jar, 'PUT', '/api/candidate/profile/personal', { ...body, adult_confirmed: true, notice_accepted: true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ declared: true, full_name: 'Tara Singh' });
      // Recorded once: later edits need not tick the boxes again.
      expect((await call(user.jar, 'PUT', '/api/candidate/profile/personal', { ...body, education: 'B.A.' })).statusCode).toBe(200);
      const consent = (await overview(user.jar)).consents.find((entry) => entry.kind === 'registration');
      expect(consent).toMatchObject({ notice_version: PRIVACY_NOTICE_VERSION, purpose: text.registrationPurpose, withdrawable: false, organisation: null });
    });
  });

  describe('the privacy centre', () => {
    it('lists every consent with its notice version, what is held and who it was disclosed to, for the person only', async () => {
      const applied = await call(meera.jar, 'POST', `/api/jobs/${jobId}/applications`, {});
      expect(applied.statusCode, applied.body).toBeLessThan(300);
      const applicationId = (await db().selectFrom('job_applications').select('id').where('candidate_id', '=', meera.id).executeTakeFirstOrThrow()).id;
      await db().insertInto('verification_consents').values({ candidate_id: meera.id, subject: 'uan', purpose: 'Confirm your employment history from your UAN', notice_version: PRIVACY_NOTICE_VERSION }).execute();
      const shared = await call(meera.jar, 'POST', '/api/record-shares', { company_id: companyId });
      expect(shared.statusCode, shared.body).toBeLessThan(300);
      await db().insertInto('document_downloads').values({ candidate_id: meera.id, document_type: 'resume', reader_id: recruiter.id, company_id: companyId }).execute();
      await db().insertInto('document_downloads').values({ candidate_id: meera.id, document_type: 'salary_slip', reader_id: admin.id, company_id: null }).execute();

      const seen = await overview(meera.jar);
      expect(seen.notice_version).toBe(PRIVACY_NOTICE_VERSION);
      expect(seen.grievance_officer).toEqual({ name: 'Lakshmi Iyer', email: OFFICER });
      expect(seen.consents.map((entry) => entry.kind).sort()).toEqual(['application', 'check', 'registration', 'share']);
      expect(seen.consents.find((entry) => entry.kind === 'application')).toMatchObject({
        ref: applicationId,
        organisation: 'Kaveri Privacy Pvt Ltd',
        notice_version: PRIVACY_NOTICE_VERSION,
        withdrawn_at: null,
        withdrawable: true,
      });
      expect(seen.consents.find((entry) => entry.kind === 'check')).toMatchObject({ ref: 'uan', withdrawable: true });
      expect(seen.holdings).toMatchObject({ account: 1, uan: 1, profile: 1, applications: 1, documents: 0 });
      expect(seen.disclosures.map((entry) => [entry.kind, entry.organisation, entry.detail]).sort()).toEqual(
        [
          ['application', 'Kaveri Privacy Pvt Ltd', 'Payroll Executive'],
          ['document_download', 'Kaveri Privacy Pvt Ltd', 'resume'],
          ['document_download', null, 'salary_slip'],
          ['share', 'Kaveri Privacy Pvt Ltd', null],
        ].sort(),
      );

      // Arjun sees none of it.
      const other = await overview(arjun.jar);
      expect(other.consents.filter((entry) => entry.kind !== 'registration')).toEqual([]);
      expect(other.disclosures).toEqual([]);
    });

    it('shows a consent withdrawn through the route that gave it, and no longer withdrawable', async () => {
      const share = (await overview(meera.jar)).consents.find((entry) => entry.kind === 'share')!;
      expect((await call(meera.jar, 'DELETE', `/api/record-shares/${share.ref}`)).statusCode).toBeLessThan(300);
      const application = (await overview(meera.jar)).consents.find((entry) => entry.kind === 'application')!;
      expect((await call(meera.jar, 'POST', `/api/pipeline/applications/${application.ref}/withdraw`, {})).statusCode).toBeLessThan(300);
      const after = await overview(meera.jar);
      for (const kind of ['share', 'application'] as const) {
        const entry = after.consents.find((consent) => consent.kind === kind)!;
        expect(entry.withdrawn_at, kind).not.toBeNull();
        expect(entry.withdrawable, kind).toBe(false);
      }
    });

    it('is the person’s own: employers and admins are refused, and anonymous callers', async () => {
      for (const jar of [owner.jar, recruiter.jar, admin.jar]) {
        for (const [method, url, body] of [
          ['GET', '/api/privacy', undefined],
          ['POST', '/api/privacy/grievances', { topic: 'other', details: 'x' }],
          ['PUT', '/api/privacy/nominee', { full_name: 'A', relationship: 'B', email: 'a@b.in' }],
          ['DELETE', '/api/privacy/nominee', undefined],
        ] as const) {
          const response = await call(jar, method, url, body);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
        }
      }
      expect((await call(null, 'GET', '/api/privacy')).statusCode).toBe(401);
      expect((await call(null, 'POST', '/api/privacy/grievances', { topic: 'other', details: 'x' })).statusCode).toBe(401);
      expect(await count('privacy_requests')).toBe(0);
    });
  });

  describe('grievances', () => {
    let grievance: PrivacyRequest;

    it('records a grievance with a reference and a 90-day due date, emails the person and the officer, and queues the officer’s 60-day warning', async () => {
      const response = await call(meera.jar, 'POST', '/api/privacy/grievances', { topic: 'sharing', details: '  An employer I never applied to called me about my UAN.  ' });
      expect(response.statusCode, response.body).toBe(201);
      grievance = response.json<PrivacyRequest>();
      expect(grievance.reference).toMatch(/^GR-\d{4}-\d{6}$/);
      expect(grievance).toMatchObject({ kind: 'grievance', status: 'open', topic: 'sharing', details: 'An employer I never applied to called me about my UAN.', response: null, closed_at: null });
      expect(new Date(grievance.due_at).getTime() - new Date(grievance.created_at).getTime()).toBe(GRIEVANCE_DUE_DAYS * DAY_MS);

      const mail = await db().selectFrom('outbox_messages').select(['recipient', 'subject', 'body_text', 'next_attempt_at', 'dedupe_key']).where('body_text', 'like', `%${grievance.reference}%`).execute();
      expect(mail.map((m) => m.recipient).sort()).toEqual([meera.email, OFFICER, OFFICER].sort());
      const warning = mail.find((m) => m.dedupe_key !== null)!;
      expect(warning.subject).toContain(grievance.reference);
      expect(new Date(warning.next_attempt_at).getTime() - new Date(grievance.created_at).getTime()).toBe(60 * DAY_MS);
      expect((await overview(meera.jar)).requests.map((request) => request.reference)).toEqual([grievance.reference]);
      expect((await overview(arjun.jar)).requests).toEqual([]);
    });

    it('refuses bad input with a message naming the problem, writing nothing', async () => {
      const before = await count('privacy_requests');
      const cases: [unknown, string][] = [
        [{ topic: 'spam', details: 'x' }, text.topicInvalid],
        [{ topic: 'other', details: '   ' }, text.detailsRequired],
        [{ topic: 'other', details: 'y'.repeat(5001) }, text.detailsTooLong],
        [{ topic: 'other' }, text.detailsRequired],
      ];
      for (const [body, message] of cases) {
        const response = await call(arjun.jar, 'POST', '/api/privacy/grievances', body);
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(message);
      }
      expect((await call(arjun.jar, 'POST', '/api/privacy/grievances', { topic: 'other', details: 'x', person_id: meera.id })).statusCode).toBe(400);
      expect(await count('privacy_requests')).toBe(before);
    });

    it('takes at most five grievances a day from one person', async () => {
      for (let i = 0; i < 5; i += 1) expect((await call(arjun.jar, 'POST', '/api/privacy/grievances', { topic: 'other', details: `Grievance ${i}` })).statusCode).toBe(201);
      const sixth = await call(arjun.jar, 'POST', '/api/privacy/grievances', { topic: 'other', details: 'One more' });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json<{ message: string }>().message).toBe(text.tooManyGrievances);
      // A day later (the clock moved), the count starts again.
      now = new Date(now.getTime() + DAY_MS + 1000);
      expect((await call(arjun.jar, 'POST', '/api/privacy/grievances', { topic: 'other', details: 'Next day' })).statusCode).toBe(201);
    });

    it('is answered by platform admins only: in progress, then resolved; the person is emailed and the warning withdrawn', async () => {
      for (const jar of [meera.jar, owner.jar, recruiter.jar]) {
        expect((await call(jar, 'GET', '/api/admin/privacy/requests')).statusCode).toBe(403);
        expect((await call(jar, 'PATCH', `/api/admin/privacy/requests/${grievance.id}`, { status: 'resolved', response: 'Done' })).statusCode).toBe(403);
      }
      const queue = (await call(admin.jar, 'GET', '/api/admin/privacy/requests')).json<AdminPrivacyRequest[]>();
      expect(queue.length).toBeGreaterThanOrEqual(7);
      // Oldest due first.
      expect(queue.map((request) => request.due_at)).toEqual([...queue.map((request) => request.due_at)].sort());
      expect(queue.find((request) => request.id === grievance.id)?.person).toEqual({ id: meera.id, name: 'Meera Pillai', email: meera.email });

      const progress = await call(admin.jar, 'PATCH', `/api/admin/privacy/requests/${grievance.id}`, { status: 'in_progress', response: 'We are asking the employer how it got your number.' });
      expect(progress.statusCode, progress.body).toBe(200);
      expect(progress.json()).toMatchObject({ status: 'in_progress', closed_at: null, handled_by: 'Farah Admin' });

      const resolved = await call(admin.jar, 'PATCH', `/api/admin/privacy/requests/${grievance.id}`, { status: 'resolved', response: 'The employer deleted your number and was warned.' });
      expect(resolved.json()).toMatchObject({ status: 'resolved', response: 'The employer deleted your number and was warned.' });
      expect(resolved.json<AdminPrivacyRequest>().closed_at).not.toBeNull();
      const warnings = await db().selectFrom('outbox_messages').select('id').where('dedupe_key', '=', `privacy-request-warning:${grievance.id}`).execute();
      expect(warnings).toEqual([]);
      const answers = await db().selectFrom('outbox_messages').select('body_text').where('recipient', '=', meera.email).where('subject', 'like', `%${grievance.reference}%`).execute();
      expect(answers.some((m) => m.body_text.includes('The employer deleted your number and was warned.'))).toBe(true);
      expect((await overview(meera.jar)).requests[0]).toMatchObject({ status: 'resolved', response: 'The employer deleted your number and was warned.' });

      const again = await call(admin.jar, 'PATCH', `/api/admin/privacy/requests/${grievance.id}`, { status: 'rejected', response: 'No' });
      expect(again.statusCode).toBe(409);
      const closed = (await call(admin.jar, 'GET', '/api/admin/privacy/requests?status=closed')).json<AdminPrivacyRequest[]>();
      expect(closed.map((request) => request.id)).toContain(grievance.id);
      const audit = await db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', grievance.id).execute();
      expect(audit.map((row) => row.action).sort()).toEqual(['privacy_grievance_raised', 'privacy_request_answered', 'privacy_request_answered']);
    });

    it('refuses bad answers and unknown requests', async () => {
      const open = (await call(admin.jar, 'GET', '/api/admin/privacy/requests')).json<AdminPrivacyRequest[]>()[0]!;
      expect((await call(admin.jar, 'PATCH', `/api/admin/privacy/requests/${open.id}`, { status: 'completed', response: 'x' })).json<{ message: string }>().message).toContain(text.statusInvalid);
      expect((await call(admin.jar, 'PATCH', `/api/admin/privacy/requests/${open.id}`, { status: 'resolved', response: ' ' })).json<{ message: string }>().message).toContain(text.responseRequired);
      expect((await call(admin.jar, 'PATCH', '/api/admin/privacy/requests/00000000-0000-4000-8000-000000000000', { status: 'resolved', response: 'x' })).statusCode).toBe(404);
      expect((await call(admin.jar, 'PATCH', '/api/admin/privacy/requests/not-a-uuid', { status: 'resolved', response: 'x' })).statusCode).toBe(400);
      expect((await call(admin.jar, 'GET', '/api/admin/privacy/requests?status=everything')).statusCode).toBe(400);
    });
  });

  describe('the nominee', () => {
    it('names, changes and removes a nominee; refuses the person themself and a bad phone', async () => {
      const saved = await call(meera.jar, 'PUT', '/api/privacy/nominee', { full_name: 'Radha Pillai', relationship: 'Mother', email: 'Radha.Pillai@example.in', phone: '98470 12345' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ full_name: 'Radha Pillai', relationship: 'Mother', email: 'radha.pillai@example.in', phone: '+919847012345' });
      const changed = await call(meera.jar, 'PUT', '/api/privacy/nominee', { full_name: 'Vinod Pillai', relationship: 'Brother', email: 'vinod@example.in', phone: '' });
      expect(changed.json()).toMatchObject({ full_name: 'Vinod Pillai', phone: null });
      expect((await overview(meera.jar)).nominee).toMatchObject({ full_name: 'Vinod Pillai' });
      expect((await overview(arjun.jar)).nominee).toBeNull();

      const self = await call(meera.jar, 'PUT', '/api/privacy/nominee', { full_name: 'Me', relationship: 'Self', email: meera.email.toUpperCase() });
      expect(self.json()).toMatchObject({ code: 'NOMINEE_SELF', message: text.nomineeSelf });
      const phone = await call(meera.jar, 'PUT', '/api/privacy/nominee', { full_name: 'A', relationship: 'B', email: 'a@example.in', phone: '12345' });
      expect(phone.json()).toMatchObject({ message: text.nomineePhoneInvalid });
      for (const [body, message] of [
        [{ full_name: '', relationship: 'Mother', email: 'a@example.in' }, text.nomineeNameRequired],
        [{ full_name: 'A', relationship: '', email: 'a@example.in' }, text.nomineeRelationshipRequired],
        [{ full_name: 'A', relationship: 'Mother', email: 'not-an-email' }, text.nomineeEmailInvalid],
      ] as const) {
        const response = await call(meera.jar, 'PUT', '/api/privacy/nominee', body);
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(message);
      }
      expect((await overview(meera.jar)).nominee).toMatchObject({ full_name: 'Vinod Pillai' });

      expect((await call(meera.jar, 'DELETE', '/api/privacy/nominee')).statusCode).toBe(204);
      expect((await call(meera.jar, 'DELETE', '/api/privacy/nominee')).statusCode).toBe(204);
      expect((await overview(meera.jar)).nominee).toBeNull();
    });
  });

  describe('the export', () => {
    it('is prepared in the background, emailed, and holds the JSON with the applications and the files; it expires after 7 days', async () => {
      const pdf = await resume({ name: 'Meera Pillai' });
      const uploaded = await t.app.inject({ method: 'PUT', url: '/api/candidate/documents/resume', headers: { cookie: meera.jar.header, 'content-type': 'application/pdf' }, payload: pdf, remoteAddress: nextIp() });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      // Issue 34: a degree brought from DigiLocker is held, exported with its facts and its PDF.
      await bringFromDigilocker(t.app, meera.jar, [SAMPLE_DEGREE], nextIp());
      const degreeKey = (await db().selectFrom('issued_documents').select('file_path').where('candidate_id', '=', meera.id).executeTakeFirstOrThrow()).file_path;
      expect((await overview(meera.jar)).holdings.documents).toBe(2);

      const asked = await call(meera.jar, 'POST', '/api/privacy/exports');
      expect(asked.statusCode, asked.body).toBe(202);
      const pending = asked.json<DataExport>();
      expect(pending.status).toBe('pending');
      // Asking again while it is prepared answers the same one.
      expect((await call(meera.jar, 'POST', '/api/privacy/exports')).json<DataExport>().id).toBe(pending.id);
      expect((await call(meera.jar, 'GET', `/api/privacy/exports/${pending.id}/download`)).statusCode).toBe(409);

      await t.app.privacyJobs.idle();
      await t.app.privacyJobs.runOnce();
      const ready = (await overview(meera.jar)).exports.find((row) => row.id === pending.id)!;
      expect(ready.status).toBe('ready');
      expect(new Date(ready.expires_at!).getTime() - new Date(ready.ready_at!).getTime()).toBe(EXPORT_DAYS * DAY_MS);
      const mail = await db().selectFrom('outbox_messages').select('body_text').where('recipient', '=', meera.email).where('subject', '=', text.exportReadySubject).executeTakeFirstOrThrow();
      expect(mail.body_text).toContain('/dashboard/privacy#export');

      // Only Meera downloads it.
      expect((await call(arjun.jar, 'GET', `/api/privacy/exports/${pending.id}/download`)).statusCode).toBe(404);
      expect((await call(owner.jar, 'GET', `/api/privacy/exports/${pending.id}/download`)).statusCode).toBe(403);
      const download = await call(meera.jar, 'GET', `/api/privacy/exports/${pending.id}/download`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      const files = unzipSync(new Uint8Array(download.rawPayload));
      expect(Object.keys(files).sort()).toEqual(['README.txt', 'digilocker/Degree_Certificate.pdf', 'documents/resume.pdf', 'workcred-data.json'].sort());
      expect(Buffer.from(files['documents/resume.pdf']!).equals(pdf)).toBe(true);
      expect(Buffer.from(files['digilocker/Degree_Certificate.pdf']!).equals(readFileSync(path.join(t.dataDir, 'files', degreeKey)))).toBe(true);
      const data = JSON.parse(strFromU8(files['workcred-data.json']!)) as {
        account: { email: string };
        documents: { size_bytes: unknown }[];
        applications: { job_title: string; company: string; history: unknown[] }[];
        digilocker_documents: unknown[];
        nominee: unknown;
      };
      expect(data.digilocker_documents).toEqual([
        {
          issuer: 'Visvesvaraya Technological University',
          doctype: 'DGCER',
          name: 'Degree Certificate',
          issued_on: '2019-09-15',
          fetched_at: expect.any(String),
          course: 'Bachelor of Technology in Computer Science and Engineering',
          institution: 'R V College of Engineering, Bengaluru',
          passing_year: 2019,
          verified_by_issuer: true,
          file: 'digilocker/Degree_Certificate.pdf',
        },
      ]);
      expect(data.account.email).toBe(meera.email);
      // Issue 33 C5: size_bytes (a bigint column) came out as the string "1234", not a number.
      expect(data.documents).toEqual([expect.objectContaining({ size_bytes: pdf.length })]);
      expect(data.applications).toEqual([expect.objectContaining({ job_title: 'Payroll Executive', company: 'Kaveri Privacy Pvt Ltd' })]);
      expect(data.applications[0]!.history.length).toBeGreaterThan(0);
      expect(JSON.stringify(data)).not.toContain(arjun.email);

      // Seven days on, the zip is gone from storage and the download refused.
      const key = (await db().selectFrom('data_exports').select('storage_key').where('id', '=', pending.id).executeTakeFirstOrThrow()).storage_key!;
      now = new Date(new Date(ready.expires_at!).getTime() + 1000);
      expect((await t.app.privacyJobs.runOnce()).expired).toBeGreaterThanOrEqual(1);
      expect((await call(meera.jar, 'GET', `/api/privacy/exports/${pending.id}/download`)).statusCode).toBe(409);
      expect((await overview(meera.jar)).exports.find((row) => row.id === pending.id)?.status).toBe('expired');
      expect(await createFileStorage(t.config).get(key)).toBeNull();
    });

    it('takes at most three requests a day', async () => {
      // The clock moved past the first export's day: three more are taken, the fourth refused.
      for (let i = 0; i < 3; i += 1) {
        expect((await call(meera.jar, 'POST', '/api/privacy/exports')).statusCode).toBe(202);
        await t.app.privacyJobs.idle();
        await t.app.privacyJobs.runOnce();
      }
      const fourth = await call(meera.jar, 'POST', '/api/privacy/exports');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json<{ message: string }>().message).toBe(text.tooManyExports);
      expect((await call(meera.jar, 'GET', '/api/privacy/exports/not-a-uuid/download')).statusCode).toBe(400);
    });
  });

  it('answers random input to every route without a server error', async () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }));
    const body = fc.dictionary(fc.constantFrom('topic', 'details', 'full_name', 'relationship', 'email', 'phone', 'status', 'response', 'x'), value, { maxKeys: 5 });
    const requestId = (await call(admin.jar, 'GET', '/api/admin/privacy/requests')).json<AdminPrivacyRequest[]>()[0]!.id;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('grievance', 'nominee', 'answer', 'list'), body, fc.string(), async (route, payload, query) => {
        const response =
          route === 'grievance'
            ? await call(arjun.jar, 'POST', '/api/privacy/grievances', payload)
            : route === 'nominee'
              ? await call(arjun.jar, 'PUT', '/api/privacy/nominee', payload)
              : route === 'answer'
                ? await call(admin.jar, 'PATCH', `/api/admin/privacy/requests/${requestId}`, payload)
                : await call(admin.jar, 'GET', `/api/admin/privacy/requests?status=${encodeURIComponent(query)}`);
        expect(response.statusCode, `${route} ${JSON.stringify(payload)}: ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });
});
