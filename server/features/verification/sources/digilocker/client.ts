import { retryAfterSeconds } from '../epfo/http.ts';
import { readIssuedFiles, readToken } from './answers.ts';
import {
  DigilockerInvalidGrant,
  DigilockerNotFound,
  DigilockerRateLimited,
  DigilockerRefused,
  DigilockerUnauthorized,
  DigilockerUnavailable,
  type DigilockerProvider,
  type DigilockerToken,
  type IssuedFile,
} from './provider.ts';

/** DigiLocker's production host for partners (MeriPehchaan); the API paths below hang off it. */
export const DIGILOCKER_DEFAULT_URL = 'https://digilocker.meripehchaan.gov.in/public';
/** No answer in ten seconds: DigiLocker (or the issuer behind it) is down; the candidate retries. */
export const DIGILOCKER_TIMEOUT_MS = 10_000;
/** When DigiLocker rate-limits without saying for how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** A PDF is at most our document limit; JSON and XML answers are small. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_TEXT_BYTES = 1024 * 1024;

export interface DigilockerClientOptions {
  /** DIGILOCKER_API_URL, e.g. https://digilocker.meripehchaan.gov.in/public */
  url: string;
  clientId: string;
  clientSecret: string;
  /** DIGILOCKER_REDIRECT_URI: where DigiLocker sends the browser back, as registered with it. */
  redirectUri: string;
  /** Injectable so tests prove the timeout in milliseconds. */
  timeoutMs?: number;
}

/** The Authorized Partner API over HTTP (Node's fetch), every answer read defensively. */
export function createDigilockerClient(options: DigilockerClientOptions): DigilockerProvider {
  const base = options.url.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? DIGILOCKER_TIMEOUT_MS;
  const call = (path: string, init: RequestInit, cap: number) => send(`${base}${path}`, init, cap, timeoutMs);
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const documentPath = (kind: 'file' | 'xml', uri: string) => `/oauth2/1/${kind}/${encodeURIComponent(uri)}`;

  return {
    name: 'digilocker',
    label: 'DigiLocker',
    authorizeUrl({ state, codeChallenge }) {
      const url = new URL(`${base}/oauth2/1/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: options.redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier }): Promise<DigilockerToken> {
      const body = new URLSearchParams({
        code,
        grant_type: 'authorization_code',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uri: options.redirectUri,
        code_verifier: codeVerifier,
      });
      const answer = await call('/oauth2/1/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body }, MAX_TEXT_BYTES);
      if (answer.status >= 400) throw tokenError(answer.status, parseJson(answer.bytes));
      return readToken(parseJsonOrUnavailable(answer.bytes, 'token'));
    },
    async issuedFiles(accessToken): Promise<IssuedFile[]> {
      const answer = await call('/oauth2/2/files/issued', { headers: { ...bearer(accessToken), accept: 'application/json' } }, MAX_TEXT_BYTES);
      if (answer.status >= 400) throw dataError(answer.status, parseJson(answer.bytes));
      return readIssuedFiles(parseJsonOrUnavailable(answer.bytes, 'issued documents'));
    },
    async file(accessToken, uri) {
      const answer = await call(documentPath('file', uri), { headers: bearer(accessToken) }, MAX_FILE_BYTES);
      if (answer.status >= 400) throw dataError(answer.status, parseJson(answer.bytes));
      return answer.bytes;
    },
    async xml(accessToken, uri) {
      const answer = await call(documentPath('xml', uri), { headers: { ...bearer(accessToken), accept: 'application/xml' } }, MAX_TEXT_BYTES);
      if (answer.status >= 400) throw dataError(answer.status, parseJson(answer.bytes));
      return answer.bytes.toString('utf8');
    },
  };
}

interface Answer {
  status: number;
  bytes: Buffer;
}

/**
 * One request, with what means the same on every endpoint decided here: no answer within the
 * timeout or a network error is DigilockerUnavailable; 429 DigilockerRateLimited (Retry-After,
 * seconds or an HTTP date); 5xx DigilockerUnavailable. Other statuses go back to the caller with
 * the body, read up to a cap so a runaway answer cannot fill memory.
 */
async function send(url: string, init: RequestInit, cap: number, timeoutMs: number): Promise<Answer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let bytes: Buffer;
  try {
    response = await fetch(url, { ...init, signal: timeout, redirect: 'error' });
    bytes = await readCapped(response, cap);
  } catch (cause) {
    if (cause instanceof DigilockerUnavailable) throw cause;
    const what = timeout.aborted ? `no answer within ${timeoutMs} ms` : 'network error';
    throw Object.assign(new DigilockerUnavailable(`DigiLocker: ${what}`), { cause });
  }
  const status = response.status;
  if (status === 429) throw new DigilockerRateLimited(retryAfterSeconds(response.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_SECONDS);
  if (status >= 500) throw new DigilockerUnavailable(`DigiLocker answered HTTP ${status}`, retryAfterSeconds(response.headers.get('retry-after')));
  return { status, bytes };
}

async function readCapped(response: Response, cap: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > cap) throw new DigilockerUnavailable(`DigiLocker's answer of ${declared} bytes is over the ${cap}-byte cap`);
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > cap) throw new DigilockerUnavailable(`DigiLocker's answer is over the ${cap}-byte cap`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

function parseJsonOrUnavailable(bytes: Buffer, what: string): unknown {
  const parsed = parseJson(bytes);
  if (parsed === null) throw new DigilockerUnavailable(`DigiLocker's ${what} answer is not JSON`);
  return parsed;
}

/** DigiLocker's errors are {error, error_description}; only the code is kept (the description may echo input). */
function errorCode(body: unknown): string {
  const error = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).error : undefined;
  return typeof error === 'string' ? error.slice(0, 60) : 'unknown';
}

/** The token endpoint: invalid_grant (bad, used or expired code; verifier mismatch) is the candidate's to retry; the rest is ours. */
function tokenError(status: number, body: unknown): Error {
  const code = errorCode(body);
  if (code === 'invalid_grant') return new DigilockerInvalidGrant(`DigiLocker refused the authorization code (HTTP ${status} invalid_grant)`);
  return new DigilockerRefused(`DigiLocker refused the token request (HTTP ${status} ${code}): check DIGILOCKER_CLIENT_ID, DIGILOCKER_CLIENT_SECRET and DIGILOCKER_REDIRECT_URI`);
}

/** The file endpoints: 401/403 the token, 404 the document; other 4xx are our request's fault. */
function dataError(status: number, body: unknown): Error {
  const code = errorCode(body);
  if (status === 401 || status === 403) return new DigilockerUnauthorized(`DigiLocker refused the access token (HTTP ${status} ${code})`);
  if (status === 404) return new DigilockerNotFound(`DigiLocker has no such document (HTTP 404 ${code})`);
  return new DigilockerRefused(`DigiLocker refused the request (HTTP ${status} ${code})`);
}
