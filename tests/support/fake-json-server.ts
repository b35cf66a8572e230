import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (null when empty or not JSON). */
  body: unknown;
}

/** An answer, or 'hang': keep the request open, unanswered, until close() (to prove client timeouts). */
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

/**
 * A JSON server on 127.0.0.1:0 standing in for a third-party API. It records every request and
 * answers with the next planned answer, else with what `respond` decides from the request.
 * `delayMs` makes every answer slower (the benchmark's "provider answers in 1 s").
 */
export async function startFakeJsonServer(respond: (request: FakeRequest) => FakeAnswer) {
  const requests: FakeRequest[] = [];
  const plan: FakeAnswer[] = [];
  const held: http.ServerResponse[] = [];
  const state = { delayMs: 0 };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const seen: FakeRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body };
      requests.push(seen);
      const answer = plan.shift() ?? respond(seen);
      if (answer === 'hang') {
        held.push(response);
        return;
      }
      const send = () => response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      if (state.delayMs > 0) setTimeout(send, state.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answers to give next, in order, before `respond` is asked again. */
    plan,
    /** Requests held open by a planned 'hang'. */
    held,
    setDelay(ms: number) {
      state.delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeJsonServer = Awaited<ReturnType<typeof startFakeJsonServer>>;
