import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * DigiLocker's Authorized Partner API on 127.0.0.1:0, answering the documented shapes: the token
 * endpoint (form-encoded; checks client, code, redirect and the PKCE verifier against the
 * challenge the code was issued for), GET /oauth2/2/files/issued, /oauth2/1/file/{uri} (PDF) and
 * /oauth2/1/xml/{uri}, with the documented errors ({error, error_description}). `plan` answers
 * the next requests another way: a status with a body and headers, or { hang: true } (never answered).
 */
export interface FakeDigilockerRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

/** A planned answer; with `path`, it waits for the next request whose path starts with it. */
export type PlannedAnswer = ({ status: number; body?: string | Buffer | object; headers?: Record<string, string> } | { hang: true }) & { path?: string };

export interface FakeDocument {
  uri: string;
  name: string;
  doctype: string;
  issuer: string;
  issuerid: string;
  /** DD-MM-YYYY, as /oauth2/2/files/issued gives it. */
  date: string;
  pdf: Buffer;
  xml: string | null;
}

export const FAKE_CLIENT = { id: 'WC0001ABCD', secret: 'fake-digilocker-secret-0123456789', redirectUri: 'https://workcred.example/api/digilocker/callback' };

export async function startFakeDigilocker(documents: FakeDocument[]) {
  const requests: FakeDigilockerRequest[] = [];
  const plan: PlannedAnswer[] = [];
  const held: http.ServerResponse[] = [];
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const tokens = new Set<string>();

  const json = (response: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const error = (response: http.ServerResponse, status: number, code: string, description: string) => json(response, status, { error: code, error_description: description });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      // DigiLocker's API lives under /public on its host.
      const pathname = url.pathname.replace(/^\/public(?=\/)/, '');
      const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) : {};
      requests.push({ method: request.method ?? '', path: pathname, headers: request.headers, form });
      const index = plan.findIndex((entry) => entry.path === undefined || pathname.startsWith(entry.path));
      const planned = index >= 0 ? plan.splice(index, 1)[0] : undefined;
      if (planned && 'hang' in planned) return void held.push(response);
      if (planned) {
        const body = typeof planned.body === 'string' || Buffer.isBuffer(planned.body) ? planned.body : JSON.stringify(planned.body ?? {});
        return void response.writeHead(planned.status, { 'content-type': 'application/json', ...planned.headers }).end(body);
      }
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const authorized = token !== undefined && tokens.has(token);
      const fileMatch = /^\/oauth2\/1\/(file|xml)\/(.+)$/.exec(pathname);

      if (request.method === 'POST' && pathname === '/oauth2/1/token') {
        if (form.client_id !== FAKE_CLIENT.id || form.client_secret !== FAKE_CLIENT.secret) return error(response, 401, 'invalid_client', 'Client authentication failed');
        if (form.grant_type !== 'authorization_code') return error(response, 400, 'unsupported_grant_type', 'The authorization grant type is not supported');
        const issued = codes.get(form.code ?? '');
        if (!issued || issued.used) return error(response, 400, 'invalid_grant', 'Authorization code doesn\u2019t exist or is invalid for the client');
        if (issued.redirectUri !== form.redirect_uri) return error(response, 400, 'invalid_grant', 'The redirect URI is missing or do not match');
        const challenge = createHash('sha256').update(form.code_verifier ?? '').digest('base64url');
        if (challenge !== issued.challenge) return error(response, 400, 'invalid_grant', 'The PKCE code verifier did not match the code challenge');
        issued.used = true;
        const accessToken = randomBytes(20).toString('hex');
        tokens.add(accessToken);
        return json(response, 200, {
          access_token: accessToken,
          expires_in: 3600,
          token_type: 'Bearer',
          scope: 'files.issueddocs',
          refresh_token: randomBytes(20).toString('hex'),
          digilockerid: '123e4567-e89b-12d3-a456-426655440000',
          name: 'Sunil Kumar',
          dob: '31121970',
          gender: 'M',
          eaadhaar: 'N',
          reference_key: randomBytes(16).toString('hex'),
        });
      }
      if (!authorized && (pathname === '/oauth2/2/files/issued' || fileMatch)) return error(response, 401, 'invalid_token', 'The access token is invalid');
      if (request.method === 'GET' && pathname === '/oauth2/2/files/issued') {
        return json(response, 200, {
          items: documents.map((d) => ({ name: d.name, type: 'file', size: '', date: d.date, parent: '', mime: d.xml ? ['application/pdf', 'application/xml'] : ['application/pdf'], uri: d.uri, doctype: d.doctype, description: d.name, issuerid: d.issuerid, issuer: d.issuer })),
          resource: 'Issued Documents',
        });
      }
      if (request.method === 'GET' && fileMatch) {
        const document = documents.find((d) => d.uri === decodeURIComponent(fileMatch[2] ?? ''));
        if (!document || (fileMatch[1] === 'xml' && !document.xml)) return error(response, 404, 'invalid_uri', 'No file found for given URI');
        if (fileMatch[1] === 'file') return void response.writeHead(200, { 'content-type': 'application/pdf' }).end(document.pdf);
        return void response.writeHead(200, { 'content-type': 'application/xml' }).end(document.xml);
      }
      return error(response, 404, 'not_found', 'No such endpoint');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/public`,
    requests,
    plan,
    held,
    /** What DigiLocker's consent page does when the user allows: a code bound to the challenge and redirect. */
    issueCode(challenge: string, redirectUri = FAKE_CLIENT.redirectUri): string {
      const code = randomBytes(20).toString('hex');
      codes.set(code, { challenge, redirectUri, used: false });
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeDigilocker = Awaited<ReturnType<typeof startFakeDigilocker>>;
