import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { importResultSchema, issuedFileListSchema, myIssuedDocumentsSchema } from '../../shared/schemas/digilocker.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import { sweepStorageIntents } from '../../server/storage/sweep-intents.ts';
import { filesUnder } from '../support/files-under.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.digilocker;
const DEGREE = 'in.ac.vtu-DGCER-1RV15CS042';
const MARKSHEET = 'in.gov.cbse-HSCER-201512345678';
type Person = { id: string; email: string; password: string; jar: CookieJar };

/**
 * "Bring documents from DigiLocker" end to end with the development provider (its consent page,
 * code and token answered in-process): state and PKCE verifier single-use, expiring and bound to
 * the session; the import stores the PDF and the certificate's facts; who may see and remove them.
 */
describe.skipIf(laneUnavailable)(`DigiLocker (${testDbKind})`, () => {
  let t: TestApp;
  let now = new Date('2026-11-27T10:00:00Z');
  let ip = 0;
  let candidate: Person;
  let other: Person;
  let employer: Person;
  let otherEmployer: Person;
  let admin: Person;

  const remote = () => `10.94.${Math.floor(++ip / 250)}.${ip % 250}`;
  const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, remoteAddress: remote(), ...(payload ? { payload } : {}) });
  async function person(role: 'candidate' | 'employer' | 'admin', companyId: string | null = null, education?: string): Promise<Person> {
    const user = await t.factories.user({ role, companyId });
    if (role === 'candidate') await t.factories.candidateProfile(user.id, education ? { education } : {});
    return { id: user.id, email: user.email, password: user.password, jar: await signIn(t.app, user.email, user.password, remote()) };
  }
  /** Start, then read the development consent page's Allow and Deny links (as the browser would follow them). */
  async function consent(who: Person): Promise<{ allow: string; deny: string; state: string }> {
    const started = await call(who.jar, 'POST', '/api/digilocker/authorizations');
    expect(started.statusCode, started.body).toBe(201);
    const url = new URL(started.json<{ url: string }>().url);
    expect(url.pathname).toBe('/api/digilocker/dev/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const page = await call(null, 'GET', `${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(text.consentTitle);
    const links = [...page.body.matchAll(/href="([^"]+)"/g)].map((match) => new URL(match[1]!.replace(/&#38;/g, '&')));
    const [allow, deny] = links.filter((link) => link.pathname === '/api/digilocker/callback');
    return { allow: `${allow!.pathname}${allow!.search}`, deny: `${deny!.pathname}${deny!.search}`, state: url.searchParams.get('state')! };
  }
  async function connect(who: Person): Promise<void> {
    const { allow } = await consent(who);
    const back = await call(who.jar, 'GET', allow);
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toBe('/dashboard/documents?digilocker=choose');
    expect(String(back.headers['set-cookie'])).toMatch(/^wc_digilocker=[^;]+; Path=\/api\/digilocker; Max-Age=600; HttpOnly; SameSite=Lax/);
    who.jar.store(back);
  }
  const rows = (candidateId: string) => t.database.db.selectFrom('issued_documents').selectAll().where('candidate_id', '=', candidateId).execute();
  const files = (candidateId: string) => filesUnder(path.join(t.dataDir, 'files', candidateId));

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    const company = await t.factories.company({ name: 'Kaveri DigiLocker Pvt Ltd' });
    const otherCompany = await t.factories.company({ name: 'Tapti DigiLocker Pvt Ltd' });
    const job = await t.factories.job(company.id, { title: 'Backend Engineer' });
    candidate = await person('candidate', null, 'B.Tech, Computer Science');
    other = await person('candidate');
    employer = await person('employer', company.id);
    otherEmployer = await person('employer', otherCompany.id);
    admin = await person('admin');
    await t.factories.application(job.id, candidate.id);
  });
  afterAll(async () => t?.close());

  it('brings a degree: consent, callback, the list, the import; the PDF is stored and the XML confirms the education', async () => {
    const before = await call(candidate.jar, 'GET', '/api/digilocker/documents');
    expect(myIssuedDocumentsSchema.parse(before.json())).toEqual({ enabled: true, documents: [], education: 'B.Tech, Computer Science' });
    await connect(candidate);

    const listed = issuedFileListSchema.parse((await call(candidate.jar, 'GET', '/api/digilocker/issued')).json());
    expect(listed.documents.map((document) => [document.uri, document.issuer, document.brought])).toEqual([
      [MARKSHEET, 'Central Board of Secondary Education', false],
      [DEGREE, 'Visvesvaraya Technological University', false],
    ]);

    const imported = await call(candidate.jar, 'POST', '/api/digilocker/import', { uris: [DEGREE] });
    expect(imported.statusCode, imported.body).toBe(201);
    // The sealed token goes with the import.
    expect(String(imported.headers['set-cookie'])).toMatch(/^wc_digilocker=; Path=\/api\/digilocker; Max-Age=0/);
    candidate.jar.store(imported);
    const [document] = importResultSchema.parse(imported.json()).documents;
    expect(document).toEqual({
      id: expect.any(String),
      issuer: 'Visvesvaraya Technological University',
      doctype: 'DGCER',
      name: 'Degree Certificate',
      size_bytes: expect.any(Number),
      issued_on: '2019-09-15',
      fetched_at: now.toISOString(),
      course: 'Bachelor of Technology in Computer Science and Engineering',
      institution: 'R V College of Engineering, Bengaluru',
      passing_year: 2019,
      verified: true,
      confirms_education: true,
      url: `/api/digilocker/documents/${document!.id}/file`,
    });

    const [row] = await rows(candidate.id);
    expect(row).toMatchObject({ provider: 'development', issuer_id: 'in.ac.vtu', uri: DEGREE, file_path: expect.stringMatching(new RegExp(`^${candidate.id}/digilocker_\\d+_0_[0-9a-f]{8}\\.pdf$`)) });
    // No raw XML and no token anywhere in the row.
    expect(JSON.stringify(row)).not.toMatch(/<Certificate|access_token/);
    expect(files(candidate.id)).toEqual([path.basename(row!.file_path)]);
    const stored = readFileSync(path.join(t.dataDir, 'files', row!.file_path));
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.database.db.selectFrom('storage_intents').selectAll().execute()).toEqual([]);

    const pdf = await call(candidate.jar, 'GET', document!.url!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Degree Certificate.pdf"', 'cache-control': 'no-store' });
    expect(pdf.rawPayload.equals(stored)).toBe(true);

    // Every call to DigiLocker is counted for the platform admins (issue 34 §5): the token, the list, the file and its XML.
    const counted = await t.database.db.selectFrom('provider_calls').select(['provider', 'kind', 'outcome', 'company_id']).where('kind', '=', 'digilocker').execute();
    expect(counted.length).toBeGreaterThanOrEqual(4);
    expect(counted.every((row) => row.provider === 'digilocker-development' && row.company_id === null)).toBe(true);
    // The connection ended with the import: a second import needs a new consent.
    const again = await call(candidate.jar, 'POST', '/api/digilocker/import', { uris: [MARKSHEET] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DIGILOCKER_NOT_CONNECTED', message: text.notConnected });
  });

  it('the state is single-use: a replayed callback gets a 410 page and writes nothing', async () => {
    const someone = await person('candidate');
    const { allow } = await consent(someone);
    expect((await call(someone.jar, 'GET', allow)).statusCode).toBe(303);
    const replay = await call(someone.jar, 'GET', allow);
    expect(replay.statusCode).toBe(410);
    expect(replay.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(replay.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(replay.body).toContain(text.expiredState);
    expect(replay.headers['set-cookie']).toBeUndefined();
  });

  it('the state expires after ten minutes (the test clock moves, nobody waits)', async () => {
    const someone = await person('candidate');
    const { allow } = await consent(someone);
    now = new Date(now.getTime() + 10 * 60_000 + 1000);
    const late = await call(someone.jar, 'GET', allow);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain(text.expiredState);
    expect(late.headers['set-cookie']).toBeUndefined();
  });

  it('an unknown state is 400; another session or another candidate is 403, and the state stays usable by its own session', async () => {
    const someone = await person('candidate');
    const { allow, state } = await consent(someone);
    const unknown = await call(someone.jar, 'GET', allow.replace(encodeURIComponent(state), 'forged-state'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(text.invalidState);
    const missing = await call(someone.jar, 'GET', '/api/digilocker/callback?code=x');
    expect(missing.statusCode).toBe(400);

    const secondSession = await signIn(t.app, someone.email, someone.password, remote());
    const wrongSession = await call(secondSession, 'GET', allow);
    expect(wrongSession.statusCode).toBe(403);
    expect(wrongSession.body).toContain(text.wrongSession);
    const wrongPerson = await call(other.jar, 'GET', allow);
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.headers['set-cookie']).toBeUndefined();

    expect((await call(someone.jar, 'GET', allow)).statusCode).toBe(303);
  });

  it('a tampered code is refused (the PKCE verifier no longer matches); Deny comes back with nothing brought', async () => {
    const someone = await person('candidate');
    const first = await consent(someone);
    const tampered = await call(someone.jar, 'GET', first.allow.replace(/code=([^&]+)/, (_whole, code: string) => `code=${code.slice(0, -2)}xx`));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain(text.codeRefused);

    const second = await consent(someone);
    const denied = await call(someone.jar, 'GET', second.deny);
    expect(denied.statusCode).toBe(303);
    expect(denied.headers.location).toBe('/dashboard/documents?digilocker=denied');
    expect(denied.headers['set-cookie']).toBeUndefined();
    expect(await rows(someone.id)).toEqual([]);
  });

  it('the sealed connection works only for the candidate and session it was made for', async () => {
    const someone = await person('candidate');
    await connect(someone);
    const cookie = someone.jar.header.split('; ').find((pair) => pair.startsWith('wc_digilocker='))!;
    const stolen = await t.app.inject({ method: 'GET', url: '/api/digilocker/issued', headers: { cookie: `${other.jar.header}; ${cookie}` }, remoteAddress: remote() });
    expect(stolen.statusCode).toBe(409);
    const altered = await t.app.inject({ method: 'GET', url: '/api/digilocker/issued', headers: { cookie: `${someone.jar.header.replace(/wc_digilocker=[^;]+/, 'wc_digilocker=AAAA')}` }, remoteAddress: remote() });
    expect(altered.statusCode).toBe(409);
    // And it dies with the token's ten minutes.
    now = new Date(now.getTime() + 10 * 60_000 + 1000);
    expect((await call(someone.jar, 'GET', '/api/digilocker/issued')).statusCode).toBe(409);
  });

  it('refuses a document not in the locker, bad bodies, and a double import keeps one row', async () => {
    const someone = await person('candidate');
    await connect(someone);
    const notThere = await call(someone.jar, 'POST', '/api/digilocker/import', { uris: ['in.gov.none-XXXXX-1'] });
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().code).toBe('DIGILOCKER_NOT_IN_LOCKER');
    for (const body of [{ uris: [] }, { uris: [DEGREE, DEGREE] }, { uris: Array.from({ length: 6 }, (_, i) => `u${i}`) }, { uris: [DEGREE], candidate_id: other.id }]) {
      expect((await call(someone.jar, 'POST', '/api/digilocker/import', body)).statusCode).toBe(400);
    }
    expect(await rows(someone.id)).toEqual([]);
    expect(files(someone.id)).toEqual([]);

    const [a, b] = await Promise.all([call(someone.jar, 'POST', '/api/digilocker/import', { uris: [MARKSHEET] }), call(someone.jar, 'POST', '/api/digilocker/import', { uris: [MARKSHEET] })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((await rows(someone.id)).map((row) => row.uri)).toEqual([MARKSHEET]);
    expect(files(someone.id)).toHaveLength(1);
    expect(await t.database.db.selectFrom('storage_intents').selectAll().execute()).toEqual([]);
  });

  it('the storage sweeper never deletes the file of a brought document, whatever a stray intent says', async () => {
    const someone = await person('candidate');
    await connect(someone);
    expect((await call(someone.jar, 'POST', '/api/digilocker/import', { uris: [MARKSHEET] })).statusCode).toBe(201);
    const [row] = await rows(someone.id);
    await t.database.db.insertInto('storage_intents').values({ object_key: row!.file_path, action: 'delete' }).execute();
    expect(await sweepStorageIntents({ db: t.database.db, storage: createFileStorage(t.config), uploadTimeoutSeconds: t.config.UPLOAD_TIMEOUT_SECONDS })).toEqual({ uploadsReclaimed: 0, deletesFinished: 1 });
    expect(existsSync(path.join(t.dataDir, 'files', row!.file_path))).toBe(true);
  });

  it('employers the candidate applied to see the facts (no file); others get 404; only the candidate removes', async () => {
    const mine = myIssuedDocumentsSchema.parse((await call(candidate.jar, 'GET', '/api/digilocker/documents')).json()).documents;
    expect(mine).toHaveLength(1);
    const seen = await call(employer.jar, 'GET', `/api/candidates/${candidate.id}/issued-documents`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual([{ ...mine[0], url: null }]);
    expect((await call(admin.jar, 'GET', `/api/candidates/${candidate.id}/issued-documents`)).statusCode).toBe(200);
    expect((await call(otherEmployer.jar, 'GET', `/api/candidates/${candidate.id}/issued-documents`)).statusCode).toBe(404);
    expect((await call(other.jar, 'GET', `/api/candidates/${candidate.id}/issued-documents`)).statusCode).toBe(404);

    // Candidates' own routes refuse companies and admins.
    for (const who of [employer, admin]) {
      for (const [method, url] of [['GET', '/api/digilocker/documents'], ['POST', '/api/digilocker/authorizations'], ['GET', `/api/digilocker/documents/${mine[0]!.id}/file`], ['DELETE', `/api/digilocker/documents/${mine[0]!.id}`]] as const) {
        const response = await call(who.jar, method, url);
        expect({ url, status: response.statusCode, code: response.json().code }).toEqual({ url, status: 403, code: 'CANDIDATES_ONLY' });
      }
    }
    expect((await call(other.jar, 'DELETE', `/api/digilocker/documents/${mine[0]!.id}`)).statusCode).toBe(404);
    expect((await call(other.jar, 'GET', `/api/digilocker/documents/${mine[0]!.id}/file`)).statusCode).toBe(404);

    const filePath = (await rows(candidate.id))[0]!.file_path;
    const removed = await call(candidate.jar, 'DELETE', `/api/digilocker/documents/${mine[0]!.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await rows(candidate.id)).toEqual([]);
    expect(existsSync(path.join(t.dataDir, 'files', filePath))).toBe(false);
    expect((await call(candidate.jar, 'DELETE', `/api/digilocker/documents/${mine[0]!.id}`)).statusCode).toBe(404);
  });
});

describe.skipIf(laneUnavailable)(`DigiLocker switched off (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DIGILOCKER_PROVIDER: 'none' });
  });
  afterAll(async () => t?.close());

  it('offers nothing: no consent page, no start, and the Documents card hides', async () => {
    const user = await t.factories.user({ role: 'candidate' });
    const jar = await signIn(t.app, user.email, user.password, '10.95.0.1');
    expect((await t.app.inject({ method: 'GET', url: '/api/digilocker/dev/authorize' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/digilocker/authorizations', headers: { cookie: jar.header } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/digilocker/documents', headers: { cookie: jar.header } })).json()).toEqual({ enabled: false, documents: [], education: null });
  });
});
