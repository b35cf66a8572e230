import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { filesUnder } from '../support/files-under.ts';
import { FAKE_CLIENT, startFakeDigilocker, type FakeDigilocker } from '../support/fake-digilocker.ts';
import { makePdf } from '../support/pdf.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.digilocker;
const DEGREE = {
  uri: 'in.ac.vtu-DGCER-4NM18IS077',
  name: 'Degree Certificate',
  doctype: 'DGCER',
  issuer: 'Visvesvaraya Technological University',
  issuerid: 'in.ac.vtu',
  date: '12-10-2022',
  pdf: makePdf({ text: 'Degree Certificate' }),
  xml: '<?xml version="1.0"?><Certificate type="DGCER" issueDate="12-10-2022" status="A"><IssuedBy><Organization name="Visvesvaraya Technological University"/></IssuedBy><IssuedTo><Person name="SUNIL KUMAR"/></IssuedTo><CertificateData><Degree name="Bachelor of Engineering" branch="Information Science" year="2022"/><College name="NMAM Institute of Technology, Nitte"/></CertificateData></Certificate>',
};
/** Someone else's certificate in the DigiLocker the candidate signed in to. */
const OTHERS = {
  uri: 'in.ac.vtu-DGCER-1MS17CS001',
  name: 'Provisional Degree Certificate',
  doctype: 'PDCER',
  issuer: 'Visvesvaraya Technological University',
  issuerid: 'in.ac.vtu',
  date: '01-09-2021',
  pdf: makePdf({ text: 'Provisional' }),
  xml: '<Certificate type="PDCER"><IssuedTo><Person name="Priya Menon"/></IssuedTo><CertificateData><Degree name="Bachelor of Engineering" year="2021"/></CertificateData></Certificate>',
};
const MARKSHEET = { uri: 'in.gov.cbse-HSCER-201899887766', name: 'Class XII Marksheet', doctype: 'HSCER', issuer: 'Central Board of Secondary Education', issuerid: 'in.gov.cbse', date: '25-05-2018', pdf: makePdf({ text: 'Marksheet' }), xml: null };

/**
 * The same flow against DIGILOCKER_PROVIDER=digilocker, the real client talking to a local server
 * that answers DigiLocker's documented shapes: the callback's token exchange carries the verifier,
 * and a DigiLocker failure in the middle of an import (5xx, 429, a body that is not a PDF) leaves
 * no row, no file and no intent, while the connection stays for a retry.
 */
describe.skipIf(laneUnavailable)(`DigiLocker through its API (${testDbKind})`, () => {
  let t: TestApp;
  let fake: FakeDigilocker;
  let jar: CookieJar;
  let candidateId: string;
  let ip = 0;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: jar.header }, remoteAddress: `10.96.0.${++ip % 250}`, ...(payload ? { payload } : {}) });
  const nothingStored = async () => {
    expect(await t.database.db.selectFrom('issued_documents').selectAll().where('candidate_id', '=', candidateId).execute()).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'files', candidateId))).toEqual([]);
    expect(await t.database.db.selectFrom('storage_intents').selectAll().execute()).toEqual([]);
  };

  beforeAll(async () => {
    fake = await startFakeDigilocker([DEGREE, MARKSHEET, OTHERS]);
    t = await createTestApp({
      DIGILOCKER_PROVIDER: 'digilocker',
      DIGILOCKER_API_URL: fake.url,
      DIGILOCKER_CLIENT_ID: FAKE_CLIENT.id,
      DIGILOCKER_CLIENT_SECRET: FAKE_CLIENT.secret,
      DIGILOCKER_REDIRECT_URI: FAKE_CLIENT.redirectUri,
    });
    const user = await t.factories.user({ role: 'candidate', fullName: 'Sunil Kumar' });
    await t.factories.candidateProfile(user.id, { education: 'BE (ISE), NMAMIT' });
    candidateId = user.id;
    jar = await signIn(t.app, user.email, user.password, '10.96.1.1');

    // Start: the browser is sent to DigiLocker's authorize page with PKCE S256.
    const started = await call('POST', '/api/digilocker/authorizations');
    const authorize = new URL(started.json<{ url: string }>().url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/oauth2/1/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(FAKE_CLIENT.redirectUri);
    // DigiLocker's consent, as the fake plays it: a code for that challenge, back to our callback.
    const code = fake.issueCode(authorize.searchParams.get('code_challenge')!);
    const back = await call('GET', `/api/digilocker/callback?${new URLSearchParams({ code, state: authorize.searchParams.get('state')! }).toString()}`);
    expect(back.statusCode, back.body).toBe(303);
    jar.store(back);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/oauth2/1/token', form: { code, grant_type: 'authorization_code', redirect_uri: FAKE_CLIENT.redirectUri } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.plan.length = 0;
  });

  it('a 5xx or a 429 while fetching a document stores nothing; the connection stays for the retry below', async () => {
    fake.plan.push({ path: '/oauth2/1/file/', status: 503, body: { error: 'repository_service_unresponsive', error_description: 'Internal server error' } });
    const failed = await call('POST', '/api/digilocker/import', { uris: [DEGREE.uri, MARKSHEET.uri] });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ code: 'DIGILOCKER_UNAVAILABLE', message: text.unavailable, requestId: expect.any(String) });
    await nothingStored();
    // 429 from DigiLocker: its wait, in the message.
    fake.plan.push({ path: '/oauth2/1/xml/', status: 429, headers: { 'retry-after': '20' } });
    const limited = await call('POST', '/api/digilocker/import', { uris: [DEGREE.uri] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('DigiLocker asks us to wait. Try again in 20 seconds.');
    await nothingStored();
  });

  it('a document that is not a PDF is refused by its bytes, and nothing of the others is kept', async () => {
    fake.plan.push({ path: `/oauth2/1/file/${MARKSHEET.uri}`, status: 200, body: '<html>not a pdf</html>', headers: { 'content-type': 'application/pdf' } });
    const refused = await call('POST', '/api/digilocker/import', { uris: [DEGREE.uri, MARKSHEET.uri] });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe('DigiLocker sent something that is not a PDF for Class XII Marksheet, so nothing was brought.');
    await nothingStored();
  });

  it('brings all three: the XML read where there is one; verified only where the name is the candidate’s', async () => {
    const brought = await call('POST', '/api/digilocker/import', { uris: [DEGREE.uri, MARKSHEET.uri, OTHERS.uri] });
    expect(brought.statusCode, brought.body).toBe(201);
    const byName = Object.fromEntries(brought.json<{ documents: { name: string }[] }>().documents.map((document) => [document.name, document]));
    expect(byName['Degree Certificate']).toMatchObject({ course: 'Bachelor of Engineering in Information Science', institution: 'NMAM Institute of Technology, Nitte', passing_year: 2022, issued_on: '2022-10-12', verified: true, confirms_education: true });
    // No XML: the DigiLocker account's name (the token's "Sunil Kumar") is the one compared.
    expect(byName['Class XII Marksheet']).toMatchObject({ course: null, institution: null, passing_year: null, issued_on: '2018-05-25', verified: true, confirms_education: false });
    // Issued to Priya Menon: kept, shown, but vouches for nothing, not even the B.E. it names.
    expect(byName['Provisional Degree Certificate']).toMatchObject({ course: 'Bachelor of Engineering', verified: false, confirms_education: false });
    const stored = await t.database.db.selectFrom('issued_documents').select(['uri', 'name_match']).where('candidate_id', '=', candidateId).orderBy('uri').execute();
    expect(stored).toEqual([
      { uri: OTHERS.uri, name_match: 'none' },
      { uri: DEGREE.uri, name_match: 'strong' },
      { uri: MARKSHEET.uri, name_match: 'strong' },
    ]);
    expect(JSON.stringify(stored)).not.toContain('Priya');
    // The marksheet's list entry says it has no XML: it was never asked for.
    expect(fake.requests.filter((request) => request.path === `/oauth2/1/xml/${MARKSHEET.uri}`)).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'files', candidateId))).toHaveLength(3);
  });
});
