import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDigilockerClient } from '../../server/features/verification/sources/digilocker/client.ts';
import { codeChallengeOf, createCodeVerifier } from '../../server/features/verification/sources/digilocker/pkce.ts';
import {
  DigilockerInvalidGrant,
  DigilockerNotFound,
  DigilockerRateLimited,
  DigilockerRefused,
  DigilockerUnauthorized,
  DigilockerUnavailable,
} from '../../server/features/verification/sources/digilocker/provider.ts';
import { FAKE_CLIENT, startFakeDigilocker, type FakeDigilocker } from '../support/fake-digilocker.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const XML = '<?xml version="1.0"?><Certificate type="DGCER" issueDate="15-09-2019"><IssuedBy><Organization name="Visvesvaraya Technological University"/></IssuedBy><CertificateData><Degree name="Bachelor of Technology" year="2019"/></CertificateData></Certificate>';
const DEGREE = { uri: 'in.ac.vtu-DGCER-1RV15CS042', name: 'Degree Certificate', doctype: 'DGCER', issuer: 'Visvesvaraya Technological University', issuerid: 'in.ac.vtu', date: '15-09-2019', pdf: PDF, xml: XML };
const MARKSHEET = { uri: 'in.gov.cbse-HSCER-201512345678', name: 'Class XII Marksheet', doctype: 'HSCER', issuer: 'Central Board of Secondary Education', issuerid: 'in.gov.cbse', date: '28-05-2015', pdf: PDF, xml: null };

/**
 * The DigiLocker client against a local server answering the Authorized Partner API's documented
 * shapes (DigiLocker is not reachable from here): the authorize address with PKCE S256, the token
 * exchange (form-encoded, the verifier checked against the challenge), the issued documents, a
 * document's PDF and XML, every documented error, 429 with Retry-After, 5xx and a hang (the
 * 10-second timeout, shortened to 200 ms).
 */
describe('DigiLocker client', () => {
  let fake: FakeDigilocker;
  const client = (timeoutMs = 2_000) => createDigilockerClient({ url: fake.url, clientId: FAKE_CLIENT.id, clientSecret: FAKE_CLIENT.secret, redirectUri: FAKE_CLIENT.redirectUri, timeoutMs });
  /** A real round: a verifier, its challenge on the consent page, the code for it, the token. */
  async function connect() {
    const verifier = createCodeVerifier();
    const code = fake.issueCode(codeChallengeOf(verifier));
    return (await client().exchangeCode({ code, codeVerifier: verifier })).accessToken;
  }

  beforeAll(async () => {
    fake = await startFakeDigilocker([DEGREE, MARKSHEET]);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.plan.length = 0;
  });

  it('sends the browser to /oauth2/1/authorize with PKCE S256: the challenge is base64url(sha256(verifier)), unpadded', () => {
    const verifier = createCodeVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const challenge = codeChallengeOf(verifier);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'));
    // RFC 7636 appendix B's example.
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const url = new URL(client().authorizeUrl({ state: 'state-1', codeChallenge: challenge }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth2/1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: FAKE_CLIENT.id,
      redirect_uri: FAKE_CLIENT.redirectUri,
      state: 'state-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code at /oauth2/1/token, form-encoded with the verifier, and reads the documented answer', async () => {
    const verifier = createCodeVerifier();
    const code = fake.issueCode(codeChallengeOf(verifier));
    const token = await client().exchangeCode({ code, codeVerifier: verifier });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/oauth2/1/token' });
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({ code, grant_type: 'authorization_code', client_id: FAKE_CLIENT.id, client_secret: FAKE_CLIENT.secret, redirect_uri: FAKE_CLIENT.redirectUri, code_verifier: verifier });
    expect(token).toEqual({ accessToken: expect.stringMatching(/^[0-9a-f]{40}$/), expiresIn: 3600, digilockerId: '123e4567-e89b-12d3-a456-426655440000', name: 'Sunil Kumar' });
  });

  it('a wrong verifier, a used code or an unknown code is invalid_grant; wrong client keys are refused as ours to fix', async () => {
    const verifier = createCodeVerifier();
    const code = fake.issueCode(codeChallengeOf(verifier));
    await expect(client().exchangeCode({ code, codeVerifier: createCodeVerifier() })).rejects.toBeInstanceOf(DigilockerInvalidGrant);
    await client().exchangeCode({ code, codeVerifier: verifier });
    await expect(client().exchangeCode({ code, codeVerifier: verifier })).rejects.toBeInstanceOf(DigilockerInvalidGrant);
    await expect(client().exchangeCode({ code: 'no-such-code', codeVerifier: verifier })).rejects.toBeInstanceOf(DigilockerInvalidGrant);
    const wrongKeys = createDigilockerClient({ url: fake.url, clientId: FAKE_CLIENT.id, clientSecret: 'not-the-secret', redirectUri: FAKE_CLIENT.redirectUri });
    const refused = await wrongKeys.exchangeCode({ code: fake.issueCode(codeChallengeOf(verifier)), codeVerifier: verifier }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DigilockerRefused);
    expect(String(refused)).toContain('invalid_client');
    expect(String(refused)).not.toContain('not-the-secret');
  });

  it('lists the issued documents of /oauth2/2/files/issued with the bearer token, dates as YYYY-MM-DD', async () => {
    const token = await connect();
    const files = await client().issuedFiles(token);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/oauth2/2/files/issued', headers: { authorization: `Bearer ${token}` } });
    expect(files).toEqual([
      { uri: DEGREE.uri, name: 'Degree Certificate', doctype: 'DGCER', description: 'Degree Certificate', issuer: DEGREE.issuer, issuerId: 'in.ac.vtu', date: '2019-09-15', mimes: ['application/pdf', 'application/xml'] },
      { uri: MARKSHEET.uri, name: 'Class XII Marksheet', doctype: 'HSCER', description: 'Class XII Marksheet', issuer: MARKSHEET.issuer, issuerId: 'in.gov.cbse', date: '2015-05-28', mimes: ['application/pdf'] },
    ]);
  });

  it('reads the older shapes too: mime as a string, an ISO date, digilocker_id', async () => {
    fake.plan.push({ status: 200, body: { items: [{ name: 'PAN', type: 'file', size: '', date: '2015-05-12T15:50:38Z', parent: ' ', mime: 'application/pdf', uri: 'in.gov.pan-PANCR-X', doctype: 'PANCR', description: 'PAN', issuerid: 'in.gov.pan', issuer: 'Income Tax Department' }], resource: 'x' } });
    const [file] = await client().issuedFiles('token');
    expect(file).toMatchObject({ date: '2015-05-12', mimes: ['application/pdf'] });
  });

  it('fetches a document as PDF from /oauth2/1/file/{uri} and its certificate from /oauth2/1/xml/{uri}', async () => {
    const token = await connect();
    expect(await client().file(token, DEGREE.uri)).toEqual(PDF);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/oauth2/1/file/${DEGREE.uri}`, headers: { authorization: `Bearer ${token}` } });
    expect(await client().xml(token, DEGREE.uri)).toBe(XML);
    expect(fake.requests.at(-1)).toMatchObject({ path: `/oauth2/1/xml/${DEGREE.uri}` });
    await expect(client().xml(token, MARKSHEET.uri)).rejects.toBeInstanceOf(DigilockerNotFound);
    await expect(client().file(token, 'in.gov.none-XXXXX-1')).rejects.toBeInstanceOf(DigilockerNotFound);
  });

  it('an invalid or expired access token is DigilockerUnauthorized on every file endpoint', async () => {
    await expect(client().issuedFiles('expired')).rejects.toBeInstanceOf(DigilockerUnauthorized);
    await expect(client().file('expired', DEGREE.uri)).rejects.toBeInstanceOf(DigilockerUnauthorized);
    await expect(client().xml('expired', DEGREE.uri)).rejects.toBeInstanceOf(DigilockerUnauthorized);
  });

  it('429 is DigilockerRateLimited with Retry-After in seconds or as a date, 30 s when absent', async () => {
    fake.plan.push({ status: 429, body: { error: 'too_many_requests' }, headers: { 'retry-after': '17' } });
    await expect(client().issuedFiles('t')).rejects.toMatchObject({ constructor: DigilockerRateLimited, retryAfterSeconds: 17 });
    fake.plan.push({ status: 429, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } });
    const dated = await client().issuedFiles('t').catch((error: DigilockerRateLimited) => error.retryAfterSeconds);
    expect(dated).toBeGreaterThanOrEqual(58);
    expect(dated).toBeLessThanOrEqual(61);
    fake.plan.push({ status: 429 });
    await expect(client().exchangeCode({ code: 'c', codeVerifier: 'v' })).rejects.toMatchObject({ retryAfterSeconds: 30 });
  });

  it('5xx (the documented 500 and 503 answers) is DigilockerUnavailable, with Retry-After when sent', async () => {
    fake.plan.push({ status: 500, body: { error: 'unexpected_error', error_description: 'Internal server error' } });
    await expect(client().issuedFiles('t')).rejects.toBeInstanceOf(DigilockerUnavailable);
    fake.plan.push({ status: 503, body: { error: 'repository_service_unresponsive', error_description: 'Internal server error' }, headers: { 'retry-after': '120' } });
    await expect(client().file('t', DEGREE.uri)).rejects.toMatchObject({ constructor: DigilockerUnavailable, retryAfterSeconds: 120 });
  });

  it('gives up after the timeout (10 s in production, 200 ms here) with DigilockerUnavailable', async () => {
    fake.plan.push({ hang: true });
    const started = Date.now();
    const error = await client(200).issuedFiles('t').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DigilockerUnavailable);
    expect(String(error)).toContain('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a 2xx that is not JSON, or lacks what the documentation promises, is DigilockerUnavailable', async () => {
    fake.plan.push({ status: 200, body: '<html>maintenance</html>' });
    await expect(client().issuedFiles('t')).rejects.toBeInstanceOf(DigilockerUnavailable);
    fake.plan.push({ status: 200, body: { token_type: 'Bearer' } });
    await expect(client().exchangeCode({ code: 'c', codeVerifier: 'v' })).rejects.toBeInstanceOf(DigilockerUnavailable);
  });

  it('a network error (nothing listening) is DigilockerUnavailable', async () => {
    const closed = createDigilockerClient({ url: 'http://127.0.0.1:9/public', clientId: 'x', clientSecret: 'y', redirectUri: FAKE_CLIENT.redirectUri });
    await expect(closed.issuedFiles('t')).rejects.toBeInstanceOf(DigilockerUnavailable);
  });
});
