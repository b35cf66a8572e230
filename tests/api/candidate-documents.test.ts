import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { candidateDocumentListSchema, candidateDocumentSchema, MAX_DOCUMENT_BYTES, type CandidateDocument } from '../../shared/schemas/candidate.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import { sweepStorageIntents } from '../../server/storage/sweep-intents.ts';
import { makePdf } from '../support/pdf.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';
import { filesUnder } from '../support/files-under.ts';

const m = messages.candidate.documents;
const HTML_PAGE = Buffer.from('<!doctype html><html><head><title>resume</title></head><body><script>alert(document.cookie)</script></body></html>');

type Person = { id: string; jar: CookieJar };

/** A body that arrives in chunks with no Content-Length, so only counting while streaming can stop it. */
function chunked(bytes: Buffer, chunkSize = 256 * 1024): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= bytes.length) return void this.push(null);
      this.push(bytes.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

describe.skipIf(laneUnavailable)(`candidate documents (${testDbKind})`, () => {
  let t: TestApp;
  let filesDir: string;
  let ipCounter = 0;
  const nextIp = () => `10.91.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  let candidate: Person;
  let otherCandidate: Person;
  let admin: Person;
  let employerOfApplied: Person;
  let employerOfOther: Person;
  let employerWithoutCompany: Person;

  async function person(role: 'candidate' | 'employer' | 'admin', companyId: string | null = null): Promise<Person> {
    const user = await t.factories.user({ role, companyId });
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }

  const upload = (jar: CookieJar | undefined, type: string, payload: Buffer | Readable | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/candidate/documents/${type}`,
      payload,
      headers: { 'content-type': 'application/pdf', ...(jar ? { cookie: jar.header } : {}), ...headers },
      remoteAddress: nextIp(),
    });
  const get = (url: string, jar?: CookieJar) => t.app.inject({ method: 'GET', url, headers: jar ? { cookie: jar.header } : {}, remoteAddress: nextIp() });
  const rowsOf = (candidateId: string) => t.database.db.selectFrom('candidate_documents').selectAll().where('candidate_id', '=', candidateId).execute();
  const intents = () => t.database.db.selectFrom('storage_intents').selectAll().execute();
  const filesOf = (userId: string) => filesUnder(path.join(filesDir, userId));

  async function expectNothingStored(userId: string) {
    expect(await rowsOf(userId)).toEqual([]);
    expect(filesOf(userId)).toEqual([]);
    expect(await intents()).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    filesDir = path.join(t.dataDir, 'files');
    const appliedCompany = await t.factories.company({ name: 'Nimbus Documents Pvt Ltd' });
    const otherCompany = await t.factories.company({ name: 'Saffron Documents Pvt Ltd' });
    const job = await t.factories.job(appliedCompany.id, { title: 'Data Engineer' });
    await t.factories.job(otherCompany.id, { title: 'Nurse' });
    candidate = await person('candidate');
    otherCandidate = await person('candidate');
    admin = await person('admin');
    employerOfApplied = await person('employer', appliedCompany.id);
    employerOfOther = await person('employer', otherCompany.id);
    employerWithoutCompany = await person('employer');
    await t.factories.application(job.id, candidate.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('PUT /api/candidate/documents/:type', () => {
    it('accepts a real PDF: 201 with the document, stored at {userId}/{type}_{ms}.pdf with its row, no intent left', async () => {
      const pdf = makePdf({ text: 'Arjun resume' });
      const before = Date.now();
      const response = await upload(candidate.jar, 'resume', pdf, { 'x-file-name': encodeURIComponent('Arjun Resume 2026.pdf') });
      expect(response.statusCode, response.body).toBe(201);
      const document = candidateDocumentSchema.parse(response.json());
      expect(document).toMatchObject({ document_type: 'resume', original_name: 'Arjun Resume 2026.pdf', size_bytes: pdf.length, url: `/api/documents/${document.id}` });

      const [row] = await rowsOf(candidate.id);
      expect(row?.file_path).toMatch(new RegExp(`^${candidate.id}/resume_(\\d+)\\.pdf$`));
      const stamp = Number(/_(\d+)\.pdf$/.exec(row!.file_path)![1]);
      expect(stamp).toBeGreaterThanOrEqual(before);
      expect(filesOf(candidate.id)).toEqual([path.basename(row!.file_path)]);
      expect(readFileSync(path.join(filesDir, row!.file_path)).equals(pdf)).toBe(true);
      expect(await intents()).toEqual([]);
    });

    it('refuses a PDF-named HTML page by its content (400), whatever its name and Content-Type say, and stores nothing', async () => {
      const someone = await person('candidate');
      const response = await upload(someone.jar, 'resume', HTML_PAGE, { 'x-file-name': 'resume.pdf' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'NOT_PDF', message: m.notPdf, requestId: expect.any(String) });
      // A file that says "%PDF" but is not "%PDF-", and a PDF header after a leading byte, too.
      for (const body of [Buffer.from('%PDF is what this pretends to be'), Buffer.concat([Buffer.from(' '), makePdf()])]) {
        expect((await upload(someone.jar, 'resume', body)).statusCode).toBe(400);
      }
      await expectNothingStored(someone.id);
    });

    it('refuses PDFs with active content or a web page inside with 422 and stores nothing (issue 12, defect 10)', async () => {
      const someone = await person('candidate');
      const cases: [string, Buffer, string, string][] = [
        ['OpenAction JavaScript', makePdf({ catalogExtra: '/OpenAction 6 0 R ', extraObjects: ['<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>'] }), 'PDF_ACTIVE_CONTENT', m.pdfActiveContent],
        ['Launch action', makePdf({ catalogExtra: '/OpenAction 6 0 R ', extraObjects: ['<< /Type /Action /S /Launch /F (cmd.exe) >>'] }), 'PDF_ACTIVE_CONTENT', m.pdfActiveContent],
        ['embedded file', makePdf({ extraObjects: ['<< /Type /EmbeddedFile /Length 5 >>\nstream\nhello\nendstream'] }), 'PDF_ACTIVE_CONTENT', m.pdfActiveContent],
        ['hex-escaped names', makePdf({ catalogExtra: '/OpenAction 6 0 R ', extraObjects: ['<< /S /J#61va#53cript /J#53 (app.alert(1)) >>'] }), 'PDF_ACTIVE_CONTENT', m.pdfActiveContent],
        ['HTML after the header', Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n'), 'PDF_HTML_PAYLOAD', m.pdfHtmlPayload],
        ['HTML after %%EOF', makePdf({ after: '<!DOCTYPE html>\n<script>alert(1)</script>\n' }), 'PDF_HTML_PAYLOAD', m.pdfHtmlPayload],
        ['cut short', makePdf().subarray(0, 300), 'PDF_NO_EOF', m.pdfNoEof],
      ];
      for (const [what, body, code, message] of cases) {
        const response = await upload(someone.jar, 'resume', body, { 'x-file-name': 'resume.pdf' });
        expect({ what, status: response.statusCode, body: response.json() }).toEqual({ what, status: 422, body: { code, message, requestId: expect.any(String) } });
      }
      await expectNothingStored(someone.id);
      // A web developer's résumé may mention tags in its text: that is not a payload.
      const developer = await person('candidate');
      expect((await upload(developer.jar, 'resume', makePdf({ text: 'Skills: <html> <script> and CSS' }))).statusCode).toBe(201);
    });

    it('refuses an empty body with 400 and a clear message', async () => {
      const someone = await person('candidate');
      const response = await upload(someone.jar, 'salary_slip', Buffer.alloc(0));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'EMPTY_FILE', message: m.empty, requestId: expect.any(String) });
      await expectNothingStored(someone.id);
    });

    it('refuses 10 MB + 1 byte with 413 and stores nothing: with a Content-Length (unread) and streamed without one', async () => {
      const someone = await person('candidate');
      const tooBig = makePdf({ totalBytes: MAX_DOCUMENT_BYTES + 1 });
      const declared = await upload(someone.jar, 'bank_statement', tooBig);
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toEqual({ code: 'TOO_LARGE', message: m.tooLarge, requestId: expect.any(String) });
      await expectNothingStored(someone.id);

      const streamed = await upload(someone.jar, 'bank_statement', chunked(tooBig));
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json()).toEqual({ code: 'TOO_LARGE', message: m.tooLarge, requestId: expect.any(String) });
      await expectNothingStored(someone.id);
      expect(filesUnder(filesDir).filter((file) => file.includes('partial'))).toEqual([]);
    });

    it('accepts exactly 10 MB, streamed', async () => {
      const someone = await person('candidate');
      const exactly = makePdf({ totalBytes: MAX_DOCUMENT_BYTES });
      const response = await upload(someone.jar, 'bank_statement', chunked(exactly));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().size_bytes).toBe(MAX_DOCUMENT_BYTES);
      const [row] = await rowsOf(someone.id);
      expect(readFileSync(path.join(filesDir, row!.file_path)).length).toBe(MAX_DOCUMENT_BYTES);
    });

    it('keeps a path-traversal file name harmless: stored only as a cleaned display name, never as a path', async () => {
      const someone = await person('candidate');
      const outsideBefore = filesUnder(t.dataDir).filter((file) => !file.startsWith('files'));
      const names: [string, string | null][] = [
        [encodeURIComponent('../../etc/passwd'), 'passwd'],
        [encodeURIComponent('..\\..\\windows\\win.ini'), 'win.ini'],
        ['..%2F..%2F..%2Ftmp%2Fevil.pdf', 'evil.pdf'],
        [encodeURIComponent('invoice\u202Efdp.exe'), 'invoicefdp.exe'],
        [encodeURIComponent('line\r\nbreak.pdf'), 'linebreak.pdf'],
        [encodeURIComponent('../..'), null],
        ['%E0%A4%A', null],
      ];
      for (const [header, stored] of names) {
        const response = await upload(someone.jar, 'experience_letter', makePdf(), { 'x-file-name': header });
        expect(response.statusCode, response.body).toBe(201);
        expect({ header, name: response.json().original_name }).toEqual({ header, name: stored });
        const [row] = await rowsOf(someone.id);
        expect(row?.file_path).toMatch(new RegExp(`^${someone.id}/experience_letter_\\d+\\.pdf$`));
      }
      expect(filesOf(someone.id)).toHaveLength(1);
      expect(filesUnder(t.dataDir).filter((file) => !file.startsWith('files'))).toEqual(outsideBefore);
      expect(existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
    });

    it('replaces on re-upload: one row per type, the old file deleted, no intent left', async () => {
      const someone = await person('candidate');
      const first = await upload(someone.jar, 'resume', makePdf({ text: 'first' }), { 'x-file-name': 'first.pdf' });
      expect(first.statusCode).toBe(201);
      const [firstRow] = await rowsOf(someone.id);
      const second = await upload(someone.jar, 'resume', makePdf({ text: 'second' }), { 'x-file-name': 'second.pdf' });
      expect(second.statusCode).toBe(201);

      const rows = await rowsOf(someone.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: second.json().id, original_name: 'second.pdf' });
      expect(existsSync(path.join(filesDir, firstRow!.file_path))).toBe(false);
      expect(filesOf(someone.id)).toEqual([path.basename(rows[0]!.file_path)]);
      expect(await intents()).toEqual([]);
      // The old id is gone for good.
      expect((await get(`/api/documents/${first.json().id}`, someone.jar)).statusCode).toBe(404);
    });

    it('keeps one row and one file when the same type is uploaded twice at once (double submit)', async () => {
      const someone = await person('candidate');
      const answers = await Promise.all([1, 2, 3].map((n) => upload(someone.jar, 'salary_slip', makePdf({ text: `copy ${n}` }))));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      const rows = await rowsOf(someone.id);
      expect(rows).toHaveLength(1);
      expect(filesOf(someone.id)).toEqual([path.basename(rows[0]!.file_path)]);
      expect(await intents()).toEqual([]);
    });

    it('holds the four types side by side, listed in the spec order', async () => {
      const someone = await person('candidate');
      for (const type of ['salary_slip', 'resume', 'experience_letter', 'bank_statement']) {
        expect((await upload(someone.jar, type, makePdf({ text: type }))).statusCode).toBe(201);
      }
      const list = candidateDocumentListSchema.parse((await get('/api/candidate/documents', someone.jar)).json());
      expect(list.map((document) => document.document_type)).toEqual(['resume', 'bank_statement', 'experience_letter', 'salary_slip']);
      expect(filesOf(someone.id)).toHaveLength(4);
    });

    it('refuses other content types with 415 and says how to send the file', async () => {
      const someone = await person('candidate');
      const attempts = [
        t.app.inject({ method: 'PUT', url: '/api/candidate/documents/resume', payload: { file: 'x' }, headers: { cookie: someone.jar.header }, remoteAddress: nextIp() }),
        upload(someone.jar, 'resume', makePdf(), { 'content-type': 'multipart/form-data; boundary=x' }),
        upload(someone.jar, 'resume', makePdf(), { 'content-type': 'text/html' }),
        upload(someone.jar, 'resume', makePdf(), { 'content-type': 'application/pdfx' }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: m.wrongContentType, requestId: expect.any(String) });
      }
      expect((await upload(someone.jar, 'resume', makePdf(), { 'content-type': 'Application/PDF; charset=binary' })).statusCode).toBe(201);
    });

    it('answers 401 with the spec text to an anonymous caller, 403 to employers and admins, 400 to an unknown type', async () => {
      const anonymous = await upload(undefined, 'resume', makePdf());
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(m.signInRequired);
      for (const who of [employerOfApplied, admin]) {
        const response = await upload(who.jar, 'resume', makePdf());
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 'CANDIDATES_ONLY', message: m.candidatesOnly, requestId: expect.any(String) });
        await expectNothingStored(who.id);
      }
      for (const type of ['passport', 'RESUME', '..%2F..%2Fetc']) {
        expect((await upload(candidate.jar, type, makePdf())).statusCode).toBe(400);
      }
    });

    it('limits uploads to 30 an hour per account, with a clear message', async () => {
      const busy = await person('candidate');
      for (let n = 0; n < 30; n += 1) expect((await upload(busy.jar, 'resume', Buffer.alloc(0))).statusCode).toBe(400);
      const limited = await upload(busy.jar, 'resume', makePdf());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: m.tooManyUploads, requestId: expect.any(String) });
      // Per account, not per address: another candidate is unaffected.
      expect((await upload(otherCandidate.jar, 'resume', makePdf())).statusCode).toBe(201);
    });
  });

  describe('reading documents: GET /api/documents/:documentId and GET /api/candidates/:candidateId/documents', () => {
    let document: CandidateDocument;
    const pdf = makePdf({ text: 'Bank statement for access tests' });

    beforeAll(async () => {
      const response = await upload(candidate.jar, 'bank_statement', pdf, { 'x-file-name': encodeURIComponent('Bank "statement" ₹ March;.pdf') });
      expect(response.statusCode, response.body).toBe(201);
      document = response.json();
    });

    it('lets the owner, admins and employers of a company the candidate applied to read it; 404 to everyone else; 401 anonymous', async () => {
      const table: [string, CookieJar | undefined, number][] = [
        ['owner', candidate.jar, 200],
        ['admin', admin.jar, 200],
        ['employer of a company applied to', employerOfApplied.jar, 200],
        ['employer of another company', employerOfOther.jar, 404],
        ['employer without a company', employerWithoutCompany.jar, 404],
        ['another candidate', otherCandidate.jar, 404],
        ['anonymous', undefined, 401],
      ];
      const outcomes = [];
      for (const [who, jar, expected] of table) {
        const file = await get(`/api/documents/${document.id}`, jar);
        const list = await get(`/api/candidates/${candidate.id}/documents`, jar);
        outcomes.push({ who, file: file.statusCode, list: list.statusCode, expected });
        if (expected === 200) {
          expect(file.rawPayload.equals(pdf)).toBe(true);
          expect(candidateDocumentListSchema.parse(list.json()).map((entry) => entry.id)).toContain(document.id);
        }
        if (expected === 404) {
          expect(file.json()).toEqual({ code: 'NOT_FOUND', message: m.notFound, requestId: expect.any(String) });
          expect(list.json()).toEqual({ code: 'NOT_FOUND', message: m.notFound, requestId: expect.any(String) });
        }
      }
      expect(outcomes).toEqual(table.map(([who, , expected]) => ({ who, file: expected, list: expected, expected })));
    });

    it('downloads as an attachment: application/pdf, nosniff, no-store, a safe RFC 6266 file name', async () => {
      const response = await get(`/api/documents/${document.id}`, employerOfApplied.jar);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Number(response.headers['content-length'])).toBe(pdf.length);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Bank _statement_ _ March_.pdf"; filename*=UTF-8''Bank%20%22statement%22%20%E2%82%B9%20March%3B.pdf`,
      );
    });

    it('names a download without an original name after its type', async () => {
      const someone = await person('candidate');
      const uploaded = await upload(someone.jar, 'salary_slip', makePdf());
      const response = await get(uploaded.json().url, someone.jar);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="salary_slip.pdf"; filename*=UTF-8''salary_slip.pdf`);
    });

    it('answers 400 to a malformed id and 404 to an unknown one', async () => {
      for (const id of ['not-a-uuid', '1', `${document.id}x`, '..%2F..%2Fetc%2Fpasswd']) {
        expect({ id, status: (await get(`/api/documents/${id}`, admin.jar)).statusCode }).toEqual({ id, status: 400 });
      }
      expect((await get(`/api/documents/${randomUUID()}`, admin.jar)).statusCode).toBe(404);
      expect((await get(`/api/candidates/${'x'.repeat(65)}/documents`, admin.jar)).statusCode).toBe(400);
      expect((await get('/api/candidates/no-such-candidate/documents', admin.jar)).statusCode).toBe(404);
      // An employer's id is not a candidate's: nothing to list there, even for an admin.
      expect((await get(`/api/candidates/${employerOfApplied.id}/documents`, admin.jar)).statusCode).toBe(404);
    });

    it('GET /api/candidate/documents lists the candidate’s own documents; other roles get 403', async () => {
      const own = candidateDocumentListSchema.parse((await get('/api/candidate/documents', candidate.jar)).json());
      expect(own.map((entry) => entry.id)).toContain(document.id);
      expect((await get('/api/candidate/documents', otherCandidate.jar)).json().map((entry: CandidateDocument) => entry.id)).not.toContain(document.id);
      expect((await get('/api/candidate/documents', employerOfApplied.jar)).statusCode).toBe(403);
      expect((await get('/api/candidate/documents')).statusCode).toBe(401);
    });
  });

  describe('the storage sweeper', () => {
    it('removes files of abandoned uploads (complete or partial), finishes deletes, and never touches a file a row points to', async () => {
      const storage = createFileStorage(t.config);
      const owner = await person('candidate');
      const kept = await upload(owner.jar, 'resume', makePdf());
      const [keptRow] = await rowsOf(owner.id);
      const dir = path.join(filesDir, owner.id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'salary_slip_1.pdf'), makePdf());
      writeFileSync(path.join(dir, 'bank_statement_2.pdf.partial'), '%PDF-1.4 half');
      writeFileSync(path.join(dir, 'experience_letter_3.pdf'), makePdf());
      const old = new Date(Date.now() - 2 * t.config.UPLOAD_TIMEOUT_SECONDS * 1000);
      await t.database.db
        .insertInto('storage_intents')
        .values([
          { object_key: `${owner.id}/salary_slip_1.pdf`, action: 'upload', created_at: old },
          { object_key: `${owner.id}/bank_statement_2.pdf`, action: 'upload', created_at: old },
          { object_key: `${owner.id}/experience_letter_3.pdf`, action: 'delete' },
          { object_key: keptRow!.file_path, action: 'upload', created_at: old },
          // A fresh upload intent: its upload may still be running, so it stays.
          { object_key: `${owner.id}/resume_9.pdf`, action: 'upload' },
        ])
        .execute();

      const totals = await sweepStorageIntents({ db: t.database.db, storage, uploadTimeoutSeconds: t.config.UPLOAD_TIMEOUT_SECONDS });
      expect(totals).toEqual({ uploadsReclaimed: 3, deletesFinished: 1 });
      expect(filesOf(owner.id)).toEqual([path.basename(keptRow!.file_path)]);
      expect((await intents()).map((intent) => intent.object_key)).toEqual([`${owner.id}/resume_9.pdf`]);
      expect((await get(kept.json().url, owner.jar)).statusCode).toBe(200);
      await t.database.db.deleteFrom('storage_intents').execute();
    });

    it('an upload whose intent the sweeper reclaimed mid-stream cannot commit: 408, no row, no file', async () => {
      const someone = await person('candidate');
      const pdf = makePdf({ totalBytes: 2 * 1024 * 1024 });
      let sent = 0;
      let release: () => void = () => undefined;
      const body = new Readable({
        read() {
          if (sent === 0) {
            sent = 64 * 1024;
            this.push(pdf.subarray(0, sent));
            return;
          }
          // Hold the rest until the test has swept the intent away.
          release = () => {
            this.push(pdf.subarray(sent));
            this.push(null);
          };
        },
      });
      const answer = upload(someone.jar, 'resume', body);
      const [intent] = await waitFor(async () => {
        const found = await t.database.db.selectFrom('storage_intents').selectAll().where('object_key', 'like', `${someone.id}/%`).execute();
        return found.length > 0 && found;
      }, { what: 'the upload intent' });
      await t.database.db.updateTable('storage_intents').set({ created_at: new Date(Date.now() - 3_600_000) }).where('id', '=', intent!.id).execute();
      await sweepStorageIntents({ db: t.database.db, storage: createFileStorage(t.config), uploadTimeoutSeconds: t.config.UPLOAD_TIMEOUT_SECONDS });
      release();
      const response = await answer;
      expect(response.statusCode).toBe(408);
      expect(response.json()).toEqual({ code: 'UPLOAD_TIMEOUT', message: m.timedOut, requestId: expect.any(String) });
      await expectNothingStored(someone.id);
    });
  });
});

describe.skipIf(laneUnavailable)(`candidate document upload deadline (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('abandons an upload still running at UPLOAD_TIMEOUT_SECONDS with 408, storing nothing', async () => {
    const user = await t.factories.user({ role: 'candidate' });
    const jar = await signIn(t.app, user.email, user.password, '10.92.0.1');
    let pushed = false;
    // Sends the start of a PDF, then nothing more: a stalled client.
    const stalled = new Readable({
      read() {
        if (!pushed) this.push(makePdf().subarray(0, 100));
        pushed = true;
      },
    });
    const started = Date.now();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/candidate/documents/resume',
      payload: stalled,
      headers: { 'content-type': 'application/pdf', cookie: jar.header },
      remoteAddress: '10.92.0.1',
    });
    expect(response.statusCode).toBe(408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await t.database.db.selectFrom('candidate_documents').selectAll().execute()).toEqual([]);
    expect(await t.database.db.selectFrom('storage_intents').selectAll().execute()).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'files'))).toEqual([]);
  });
});
