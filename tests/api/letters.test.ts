import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { indiaDateFromToday } from '../../shared/schemas/employment.ts';
import { DEFAULT_LETTER_TEMPLATES, letterDate, type CompanyLetter, type LetterTemplate, type MyLetter, type PublicLetter } from '../../shared/schemas/letters.ts';
import { decodeQrInPdf, pdfText } from '../support/pdf-qr.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.letters;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Issue 17, letters: templates with merge fields, issuing from an offered application and from an
 * employment, the stored PDF (its QR code, its text, its SHA-256), the email with the PDF, the
 * person's list, the public verification of a code and of an uploaded copy, revoking; who may
 * not, in the same company and in another; bad input.
 */
describe.skipIf(laneUnavailable)('letters: /api/letters, /api/candidate/letters, /api/public/letters', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.96.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;
  type Person = { id: string; email: string; password: string; jar: CookieJar };
  const person = async (values: Parameters<TestApp['factories']['user']>[0]): Promise<Person> => {
    const user = await t.factories.user(values);
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  };
  const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const compare = (code: string, body: Buffer, type = 'application/pdf') =>
    t.app.inject({ method: 'POST', url: `/api/public/letters/${code}/compare`, payload: body, headers: { 'content-type': type }, remoteAddress: nextIp() });

  let owner: Person, admin: Person, recruiter: Person, interviewer: Person, otherOwner: Person, kavya: Person, rohan: Person;
  let companyId: string;
  let offered: string, screening: string, otherApplication: string;
  let employment: string;
  // The app's clock, moved past a last working day instead of waiting for it.
  let offsetMs = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => new Date(Date.now() + offsetMs) });
    const company = await t.factories.company({ name: 'Sahyadri Letters Pvt Ltd' });
    companyId = company.id;
    const other = await t.factories.company({ name: 'Vindhya Letters Pvt Ltd' });
    owner = await person({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    admin = await person({ role: 'employer', companyId: company.id, companyRole: 'admin' });
    recruiter = await person({ role: 'employer', companyId: company.id, companyRole: 'recruiter' });
    interviewer = await person({ role: 'employer', companyId: company.id, companyRole: 'interviewer' });
    otherOwner = await person({ role: 'employer', companyId: other.id, companyRole: 'owner' });
    kavya = await person({ role: 'candidate', fullName: 'Kavya Menon' });
    rohan = await person({ role: 'candidate', fullName: 'Rohan Kulkarni' });
    for (const candidate of [kavya, rohan]) await t.factories.candidateProfile(candidate.id);
    const job = await t.factories.job(company.id, { title: 'Data Analyst' });
    const otherJob = await t.factories.job(other.id, { title: 'Site Engineer' });
    offered = (await t.factories.application(job.id, kavya.id)).id;
    screening = (await t.factories.application(job.id, rohan.id)).id;
    otherApplication = (await t.factories.application(otherJob.id, rohan.id)).id;
    await db().updateTable('job_applications').set({ status: 'offered' }).where('id', 'in', [offered, otherApplication]).execute();
    employment = (await db().insertInto('employments').values({ company_id: company.id, employee_id: rohan.id, title: 'Field Sales Executive', joining_date: '2024-04-01', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  const issueOffer = (jar: CookieJar, applicationId = offered) =>
    call(jar, 'POST', '/api/letters', { kind: 'offer', application_id: applicationId, joining_date: '2027-01-04', annual_ctc_paise: 18_50_000_00 });
  const pdfOf = async (jar: CookieJar, id: string) => {
    const response = await call(jar, 'GET', `/api/letters/${id}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return response.rawPayload;
  };

  it('starts from the default wording and saves, refuses and resets a template', async () => {
    const list = (await call(owner.jar, 'GET', '/api/letters/templates')).json<LetterTemplate[]>();
    expect(list.map((template) => [template.kind, template.customised])).toEqual([['offer', false], ['appointment', false], ['relieving', false], ['experience', false]]);
    expect(list[0]).toMatchObject(DEFAULT_LETTER_TEMPLATES.offer);

    const unknown = await call(admin.jar, 'PUT', '/api/letters/templates/offer', { subject: 'Offer', body: 'Dear {{candidate_name}}, your salary is {{salary}}.' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(fill(text.unknownField, { field: '{{salary}}', fields: '' }).split('Use one of')[0]!.trim());
    expect((await call(admin.jar, 'PUT', '/api/letters/templates/offer', { subject: '', body: 'x' })).json<{ message: string }>().message).toContain(text.subjectRequired);
    expect((await call(admin.jar, 'PUT', '/api/letters/templates/memo', { subject: 'a', body: 'b' })).statusCode).toBe(400);

    const body = 'Dear {{candidate_name}},\n\nWelcome to {{company_name}} as {{job_title}} from {{joining_date}} at INR {{annual_ctc_lakh}} a year.';
    const saved = await call(admin.jar, 'PUT', '/api/letters/templates/offer', { subject: 'Your offer from {{company_name}}', body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<LetterTemplate>()).toMatchObject({ kind: 'offer', body, customised: true });
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'admin_id']).where('entity_type', '=', 'letter_template').execute();
    expect(audit).toEqual([{ action: 'letter_template_saved', admin_id: admin.id }]);

    await call(admin.jar, 'PUT', '/api/letters/templates/experience', { subject: 'Changed', body: 'Changed' });
    const reset = await call(owner.jar, 'DELETE', '/api/letters/templates/experience');
    expect(reset.json<LetterTemplate>()).toMatchObject({ ...DEFAULT_LETTER_TEMPLATES.experience, customised: false });
  });

  it('issues an offer letter: the PDF states the terms, carries the QR code of its page, is emailed and listed for the person', async () => {
    const response = await issueOffer(recruiter.jar);
    expect(response.statusCode, response.body).toBe(201);
    const letter = response.json<CompanyLetter>();
    expect(letter).toMatchObject({ kind: 'offer', recipient_id: kavya.id, recipient_name: 'Kavya Menon', title: 'Data Analyst', joining_date: '2027-01-04', last_working_day: null, revoked_at: null, application_id: offered });
    expect(letter.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);

    const pdf = await pdfOf(recruiter.jar, letter.id);
    const row = await db().selectFrom('letters').select(['sha256', 'size_bytes', 'annual_ctc_paise']).where('id', '=', letter.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ sha256: sha256(pdf), size_bytes: pdf.length, annual_ctc_paise: '185000000' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const words = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of ['Your offer from Sahyadri Letters Pvt Ltd', 'Dear Kavya Menon,', 'as Data Analyst from 4 January 2027 at INR 18.5 lakh a year.', `Ref: ${letter.code}`, 'For Sahyadri Letters Pvt Ltd']) expect(words).toContain(expected);
    expect(await decodeQrInPdf(pdf)).toBe(`http://localhost:3000/verify/${letter.code}`);

    const mail = await db().selectFrom('outbox_messages').select(['subject', 'body_text', 'attachments']).where('recipient', '=', kavya.email).where('subject', 'like', 'Offer letter from %').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Offer letter from Sahyadri Letters Pvt Ltd');
    expect(mail.body_text).toContain(`http://localhost:3000/verify/${letter.code}`);
    expect(mail.attachments).toHaveLength(1);
    expect(Buffer.from(mail.attachments![0]!.content, 'base64').equals(pdf)).toBe(true);
    expect(mail.attachments![0]).toMatchObject({ contentType: 'application/pdf', encoding: 'base64', filename: `Offer-letter-${letter.code}.pdf` });

    const mine = (await call(kavya.jar, 'GET', '/api/candidate/letters')).json<MyLetter[]>();
    expect(mine).toEqual([expect.objectContaining({ id: letter.id, kind: 'offer', company_name: 'Sahyadri Letters Pvt Ltd', code: letter.code })]);
    expect((await pdfOf(kavya.jar, letter.id)).equals(pdf)).toBe(true);
    expect((await call(rohan.jar, 'GET', '/api/candidate/letters')).json()).toEqual([]);
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'admin_id', 'company_id']).where('entity_id', '=', letter.id).execute();
    expect(audit).toEqual([{ action: 'letter_issued', admin_id: recruiter.id, company_id: companyId }]);
  });

  it('verifies a code for anyone, without pay, and compares an uploaded copy byte for byte', async () => {
    const letter = (await call(owner.jar, 'GET', '/api/letters')).json<CompanyLetter[]>().find((entry) => entry.kind === 'offer')!;
    const page = await call(null, 'GET', `/api/public/letters/${letter.code.toLowerCase()}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<PublicLetter>()).toEqual({
      code: letter.code,
      kind: 'offer',
      company_name: 'Sahyadri Letters Pvt Ltd',
      recipient_name: 'Kavya Menon',
      title: 'Data Analyst',
      joining_date: '2027-01-04',
      last_working_day: null,
      issued_at: letter.issued_at,
      revoked_at: null,
    });
    expect(page.body).not.toMatch(/ctc|185000000|lakh|sha256/i);
    for (const code of ['AAAAAAAAAAAA', 'not-a-code', letter.code.slice(1), '%00']) {
      const missing = await call(null, 'GET', `/api/public/letters/${code}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toBe(text.notFound);
    }

    const pdf = await pdfOf(owner.jar, letter.id);
    expect((await compare(letter.code, pdf)).json()).toEqual({ matches: true });
    const changed = Buffer.from(pdf);
    changed[changed.length - 20] = changed[changed.length - 20]! ^ 1;
    expect((await compare(letter.code, changed)).json()).toEqual({ matches: false });
    expect((await compare(letter.code, Buffer.from('not a pdf at all'), 'application/octet-stream')).json()).toEqual({ matches: false });
    const tooLarge = await compare(letter.code, Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ message: string }>().message).toBe(text.fileTooLarge);
    const unknown = await compare('AAAAAAAAAAAA', pdf);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses offer letters at the wrong stage, without terms, or for another company', async () => {
    const wrongStage = await issueOffer(owner.jar, screening);
    expect(wrongStage.statusCode).toBe(409);
    expect(wrongStage.json<{ message: string }>().message).toBe(text.offerNeedsOffered);
    expect((await issueOffer(owner.jar, otherApplication)).statusCode).toBe(404);
    const noTerms = await call(owner.jar, 'POST', '/api/letters', { kind: 'offer', application_id: offered });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.body).toContain(text.offerNeedsTerms);
    const negative = await call(owner.jar, 'POST', '/api/letters', { kind: 'offer', application_id: offered, joining_date: '2027-01-04', annual_ctc_paise: -5 });
    expect(negative.json<{ message: string }>().message).toContain(text.invalidCtc);
    const mixed = await call(owner.jar, 'POST', '/api/letters', { kind: 'experience', application_id: offered });
    expect(mixed.body).toContain(text.exactlyOneTarget);
    expect(await db().selectFrom('letters').select('id').where('application_id', 'in', [screening, otherApplication]).execute()).toEqual([]);
  });

  it('issues appointment letters to current employees and relieving and experience letters once relieved', async () => {
    expect((await call(owner.jar, 'POST', '/api/letters', { kind: 'experience', employment_id: employment })).json<{ message: string }>().message).toBe(text.relievingNeedsRelieved);
    const appointment = await call(owner.jar, 'POST', '/api/letters', { kind: 'appointment', employment_id: employment });
    expect(appointment.statusCode, appointment.body).toBe(201);
    expect(appointment.json<CompanyLetter>()).toMatchObject({ kind: 'appointment', title: 'Field Sales Executive', joining_date: '2024-04-01', last_working_day: null });

    const relieved = await call(owner.jar, 'POST', `/api/employees/${employment}/relieve`, { last_working_day: '2026-10-31', reason: 'Moved to Pune' });
    expect(relieved.statusCode, relieved.body).toBe(200);
    expect((await call(owner.jar, 'POST', '/api/letters', { kind: 'appointment', employment_id: employment })).statusCode).toBe(409);
    for (const kind of ['relieving', 'experience'] as const) {
      const issued = await call(admin.jar, 'POST', '/api/letters', { kind, employment_id: employment });
      expect(issued.statusCode, issued.body).toBe(201);
      expect(issued.json<CompanyLetter>()).toMatchObject({ kind, joining_date: '2024-04-01', last_working_day: '2026-10-31' });
      const words = (await pdfText(await pdfOf(admin.jar, issued.json<CompanyLetter>().id))).replace(/\s+/g, ' ');
      expect(words).toContain(kind === 'experience' ? 'from 1 April 2024 to 31 October 2026' : 'at the close of business on 31 October 2026');
    }
    expect((await call(otherOwner.jar, 'POST', '/api/letters', { kind: 'experience', employment_id: employment })).statusCode).toBe(404);
  });

  it('issues no relieving or experience letter while the notice period runs: letters state only what has happened (issue 33 A2)', async () => {
    const person = await t.factories.user({ role: 'candidate', fullName: 'Tanvi Deshpande' });
    const serving = (
      await db()
        .insertInto('employments')
        .values({ company_id: companyId, employee_id: person.id, title: 'Branch Manager', joining_date: '2023-01-02', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const lastDay = indiaDateFromToday(10);
    expect((await call(owner.jar, 'POST', `/api/employees/${serving}/relieve`, { last_working_day: lastDay, reason: 'Resigned' })).json<{ status: string }>().status).toBe('notice');
    for (const kind of ['relieving', 'experience'] as const) {
      const early = await call(owner.jar, 'POST', '/api/letters', { kind, employment_id: serving });
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json<{ message: string }>().message).toBe(fill(text.relievingNotYet, { date: letterDate(lastDay) }));
    }
    expect(await db().selectFrom('letters').select('id').where('employment_id', '=', serving).execute()).toEqual([]);
    // On the last working day itself the letter may state it.
    offsetMs = 10 * 24 * 60 * 60 * 1000;
    try {
      const onTheDay = await call(owner.jar, 'POST', '/api/letters', { kind: 'experience', employment_id: serving });
      expect(onTheDay.statusCode, onTheDay.body).toBe(201);
      expect(onTheDay.json<CompanyLetter>()).toMatchObject({ last_working_day: lastDay });
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses letters about an employment the person has not confirmed: a letter names them (issue 33 A1)', async () => {
    const person = await t.factories.user({ role: 'candidate', fullName: 'Irfan Qureshi' });
    const unconfirmed = (await db().insertInto('employments').values({ company_id: companyId, employee_id: person.id, title: 'Driver', joining_date: '2024-01-01' }).returning('id').executeTakeFirstOrThrow()).id;
    const refused = await call(owner.jar, 'POST', '/api/letters', { kind: 'appointment', employment_id: unconfirmed });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(text.needsConfirmedEmployment);
    expect(refused.body).not.toContain('Irfan');
  });

  it('revokes with a reason, once; the verification page says revoked from then on', async () => {
    const letter = (await call(owner.jar, 'GET', '/api/letters')).json<CompanyLetter[]>().find((entry) => entry.kind === 'experience')!;
    expect((await call(owner.jar, 'POST', `/api/letters/${letter.id}/revoke`, {})).body).toContain(text.reasonRequired);
    expect((await call(otherOwner.jar, 'POST', `/api/letters/${letter.id}/revoke`, { reason: 'Not ours' })).statusCode).toBe(404);
    const revoked = await call(recruiter.jar, 'POST', `/api/letters/${letter.id}/revoke`, { reason: 'Issued with the wrong dates' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<CompanyLetter>()).toMatchObject({ revoke_reason: 'Issued with the wrong dates', revoked_at: expect.any(String) });
    const again = await call(owner.jar, 'POST', `/api/letters/${letter.id}/revoke`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    const page = (await call(null, 'GET', `/api/public/letters/${letter.code}`)).json<PublicLetter>();
    expect(page.revoked_at).toBe(revoked.json<CompanyLetter>().revoked_at);
    expect(JSON.stringify(page)).not.toContain('wrong dates');
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'admin_id']).where('entity_id', '=', letter.id).orderBy('created_at').execute();
    expect(audit.map((row) => row.action)).toEqual(['letter_issued', 'letter_revoked']);
  });

  it('lets only the issuing company and the person read a letter; interviewers and recruiters are refused what their role may not do', async () => {
    const letter = (await call(owner.jar, 'GET', '/api/letters')).json<CompanyLetter[]>()[0]!;
    expect((await call(otherOwner.jar, 'GET', `/api/letters/${letter.id}/pdf`)).statusCode).toBe(404);
    expect((await call(otherOwner.jar, 'GET', '/api/letters')).json()).toEqual([]);
    expect((await call(interviewer.jar, 'GET', `/api/letters/${letter.id}/pdf`)).statusCode).toBe(403);
    expect((await call(interviewer.jar, 'GET', '/api/letters')).statusCode).toBe(403);
    expect((await call(recruiter.jar, 'PUT', '/api/letters/templates/offer', { subject: 'a', body: 'b' })).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/letters')).statusCode).toBe(401);
    const stranger = letter.recipient_id === kavya.id ? rohan : kavya;
    expect((await call(stranger.jar, 'GET', `/api/letters/${letter.id}/pdf`)).statusCode).toBe(404);
    expect((await call(owner.jar, 'GET', '/api/candidate/letters')).statusCode).toBe(403);
  });

  it('never answers 5xx to fuzzed bodies, ids and codes', { timeout: 120_000 }, async () => {
    const routes = t.app.declaredRoutes.filter((route) => route.url.startsWith('/api/letters') || route.url.startsWith('/api/public/letters') || route.url === '/api/candidate/letters');
    expect(routes.length).toBe(10);
    const letter = (await call(owner.jar, 'GET', '/api/letters')).json<CompanyLetter[]>()[0]!;
    const id = fc.oneof(fc.constantFrom(letter.id, letter.code, 'offer', 'experience', offered, employment), fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent), fc.constantFrom('__proto__', '%00'));
    const field = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('{{candidate_name}}', '{{', '}}{{', '2027-02-30', 'offer', offered, employment), fc.integer(), fc.double(), fc.constant(null));
    const body = fc.oneof(fc.jsonValue(), fc.record({ kind: field, application_id: field, employment_id: field, joining_date: field, annual_ctc_paise: field, subject: field, body: field, reason: field }, { requiredKeys: [] }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, id, fc.constantFrom(owner, kavya), async (route, payload, routeId, who) => {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:[A-Za-z]+/g, routeId),
          headers: { cookie: who.jar.header, 'content-type': 'application/json' },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: JSON.stringify(payload) }),
          remoteAddress: nextIp(),
        });
        expect(response.statusCode, `${route.method} ${route.url} ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
