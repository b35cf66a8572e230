import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { CompanyDocumentsPage, DocumentDownload } from '../../shared/schemas/company-documents.ts';
import { makePdf } from '../support/pdf.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.companyDocuments;

/**
 * Issue 17, Documents: a company lists the documents of the candidates who applied to it (no one
 * else's), filtered and paged, with each one's verification status; every download by someone
 * other than the candidate is logged, and the candidate reads the log. Who may, and bad input.
 */
describe.skipIf(laneUnavailable)('company documents: /api/company/documents and the download log', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.95.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;
  type Person = { id: string; email: string; password: string; jar: CookieJar };

  const person = async (values: Parameters<TestApp['factories']['user']>[0]): Promise<Person> => {
    const user = await t.factories.user(values);
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  };
  const get = (jar: CookieJar | null, url: string) => t.app.inject({ method: 'GET', url, headers: jar ? { cookie: jar.header } : {}, remoteAddress: nextIp() });
  async function upload(candidate: Person, type: 'resume' | 'bank_statement' | 'experience_letter' | 'salary_slip') {
    const response = await t.app.inject({ method: 'PUT', url: `/api/candidate/documents/${type}`, payload: makePdf({ text: `${type} of ${candidate.email}` }), headers: { 'content-type': 'application/pdf', cookie: candidate.jar.header }, remoteAddress: nextIp() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  let company: { id: string };
  let owner: Person, recruiter: Person, interviewer: Person, otherOwner: Person, admin: Person;
  let meena: Person, tarun: Person, outsider: Person;
  let meenaResume: string, tarunLetter: string, outsiderResume: string;

  beforeAll(async () => {
    t = await createTestApp();
    company = await t.factories.company({ name: 'Kaveri Textiles Documents' });
    const other = await t.factories.company({ name: 'Tungabhadra Steel Documents' });
    owner = await person({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    recruiter = await person({ role: 'employer', companyId: company.id, companyRole: 'recruiter' });
    interviewer = await person({ role: 'employer', companyId: company.id, companyRole: 'interviewer' });
    otherOwner = await person({ role: 'employer', companyId: other.id, companyRole: 'owner' });
    admin = await person({ role: 'admin' });
    const job = await t.factories.job(company.id, { title: 'Weaving Supervisor' });
    const otherJob = await t.factories.job(other.id, { title: 'Furnace Operator' });
    meena = await person({ role: 'candidate', fullName: 'Meena Gowda' });
    tarun = await person({ role: 'candidate', fullName: 'Tarun Hegde' });
    outsider = await person({ role: 'candidate', fullName: 'Osman Ali' });
    for (const candidate of [meena, tarun, outsider]) await t.factories.candidateProfile(candidate.id);
    await t.factories.application(job.id, meena.id);
    await t.factories.application(job.id, tarun.id);
    await t.factories.application(otherJob.id, outsider.id);
    meenaResume = await upload(meena, 'resume');
    tarunLetter = await upload(tarun, 'experience_letter');
    outsiderResume = await upload(outsider, 'resume');
    await db().insertInto('verification_checks').values({ candidate_id: tarun.id, subject: 'experience_letter', document_id: tarunLetter, status: 'verified', decided_by: 'verification_team' }).execute();
  });
  afterAll(async () => t?.close());

  it('lists the documents of candidates who applied, newest first, with their verification status; filters by type, status and name', async () => {
    const response = await get(recruiter.jar, '/api/company/documents');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<CompanyDocumentsPage>();
    expect(page.documents.map(({ id, candidate_name, document_type, status }) => ({ id, candidate_name, document_type, status }))).toEqual([
      { id: tarunLetter, candidate_name: 'Tarun Hegde', document_type: 'experience_letter', status: 'verified' },
      { id: meenaResume, candidate_name: 'Meena Gowda', document_type: 'resume', status: 'unchecked' },
    ]);
    expect(page.next_cursor).toBeNull();
    const ids = async (query: string) => (await get(owner.jar, `/api/company/documents?${query}`)).json<CompanyDocumentsPage>().documents.map((doc) => doc.id);
    expect(await ids('type=resume')).toEqual([meenaResume]);
    expect(await ids('status=verified')).toEqual([tarunLetter]);
    expect(await ids('status=unchecked')).toEqual([meenaResume]);
    expect(await ids('status=rejected')).toEqual([]);
    expect(await ids('q=meena')).toEqual([meenaResume]);
    expect(await ids('q=%25')).toEqual([]);
    // The other company sees its own applicant only.
    expect((await get(otherOwner.jar, '/api/company/documents')).json<CompanyDocumentsPage>().documents.map((doc) => doc.id)).toEqual([outsiderResume]);
  });

  it('pages fifty at a time with a cursor', async () => {
    const job = await t.factories.job(company.id, { title: 'Dyeing Assistant' });
    const many: string[] = [];
    // Applicants who never sign in: rows, not accounts (a password hash each would take seconds).
    for (let i = 0; i < 51; i += 1) {
      const id = `paged-applicant-${i}`;
      await db().insertInto('auth_users').values({ id, name: `Paged Applicant ${i}`, email: `paged.applicant.${i}@example.in` }).execute();
      await db().insertInto('user_profiles').values({ id, role: 'candidate', full_name: `Paged Applicant ${i}`, email: `paged.applicant.${i}@example.in` }).execute();
      await t.factories.application(job.id, id);
      const row = await db()
        .insertInto('candidate_documents')
        .values({ candidate_id: id, document_type: 'salary_slip', file_path: `${id}/salary_slip.pdf`, size_bytes: 10, created_at: new Date(Date.now() + (i + 1) * 1000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      many.push(row.id);
    }
    const first = (await get(owner.jar, '/api/company/documents?type=salary_slip')).json<CompanyDocumentsPage>();
    expect(first.documents).toHaveLength(50);
    expect(first.documents[0]!.id).toBe(many.at(-1));
    const second = (await get(owner.jar, `/api/company/documents?type=salary_slip&cursor=${first.next_cursor}`)).json<CompanyDocumentsPage>();
    expect(second.documents.map((doc) => doc.id)).toEqual([many[0]]);
    expect(second.next_cursor).toBeNull();
  });

  it('logs every download by someone else, and shows the candidate who downloaded what', async () => {
    expect((await get(recruiter.jar, `/api/documents/${meenaResume}`)).statusCode).toBe(200);
    expect((await get(interviewer.jar, `/api/documents/${meenaResume}`)).statusCode).toBe(404);
    expect((await get(admin.jar, `/api/documents/${meenaResume}`)).statusCode).toBe(200);
    expect((await get(meena.jar, `/api/documents/${meenaResume}`)).statusCode).toBe(200);
    // Refused readers are not logged as readers.
    expect((await get(otherOwner.jar, `/api/documents/${meenaResume}`)).statusCode).toBe(404);

    const log = await get(meena.jar, '/api/candidate/document-downloads');
    expect(log.statusCode).toBe(200);
    expect(log.json<DocumentDownload[]>().map(({ document_type, company_name }) => ({ document_type, company_name }))).toEqual([
      { document_type: 'resume', company_name: null },
      { document_type: 'resume', company_name: 'Kaveri Textiles Documents' },
    ]);
    const rows = await db().selectFrom('document_downloads').select(['reader_id', 'company_id']).where('candidate_id', '=', meena.id).orderBy('downloaded_at').execute();
    expect(rows).toEqual([
      { reader_id: recruiter.id, company_id: company.id },
      { reader_id: admin.id, company_id: null },
    ]);
    expect((await get(tarun.jar, '/api/candidate/document-downloads')).json<DocumentDownload[]>()).toEqual([]);
  });

  it('opens the list to owners, admins and recruiters only, and the log to candidates only', async () => {
    const companyAdmin = await person({ role: 'employer', companyId: company.id, companyRole: 'admin' });
    const table: [string, CookieJar | null, number][] = [
      ['owner', owner.jar, 200],
      ['admin', companyAdmin.jar, 200],
      ['recruiter', recruiter.jar, 200],
      ['interviewer', interviewer.jar, 403],
      ['candidate', meena.jar, 403],
      ['platform admin', admin.jar, 403],
      ['anonymous', null, 401],
    ];
    for (const [who, jar, status] of table) expect((await get(jar, '/api/company/documents')).statusCode, who).toBe(status);
    for (const [who, jar, status] of [['employer', owner.jar, 403], ['anonymous', null, 401]] as const) {
      expect((await get(jar, '/api/candidate/document-downloads')).statusCode, who).toBe(status);
    }
  });

  it('refuses bad filters with a message naming the problem, and never answers 5xx', async () => {
    const refused: [string, string][] = [
      ['type=passport', text.invalidType],
      ['status=maybe', text.invalidStatus],
      [`q=${'x'.repeat(101)}`, text.searchTooLong],
      ['cursor=not*a*cursor', text.invalidCursor],
      [`cursor=${Buffer.from('yesterday|nope').toString('base64url')}`, text.invalidCursor],
    ];
    for (const [query, message] of refused) {
      const response = await get(owner.jar, `/api/company/documents?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
    for (const value of ['', '%00', "'; DROP TABLE candidate_documents; --", 'x'.repeat(5000), '[]', '2026-01-01T00:00:00Z|00000000-0000-4000-8000-000000000000']) {
      for (const key of ['type', 'status', 'q', 'cursor', 'extra']) {
        const response = await get(owner.jar, `/api/company/documents?${key}=${encodeURIComponent(value)}`);
        expect(response.statusCode, `${key}=${value}`).toBeLessThan(500);
      }
    }
  });
});
