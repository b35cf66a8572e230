import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 (or `host`, such as ::1) that records every request and answers
 * with the next planned status (200 when none). A planned 'hold' keeps the request open,
 * unanswered, until close().
 */
export async function startWebhookReceiver(host = '127.0.0.1') {
  const received: Received[] = [];
  const plan: (number | 'hold')[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const next = plan.shift() ?? 200;
      if (next === 'hold') {
        held.push(response);
        return;
      }
      response.statusCode = next;
      response.end(next === 200 ? 'ok' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/hooks/workcred`,
    received,
    plan,
    /** The event type of each request received, in arrival order. */
    types: () => received.map((one) => (JSON.parse(one.body) as { type: string }).type),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
