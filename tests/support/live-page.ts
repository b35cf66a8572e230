import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { CookieJar } from './test-app.ts';
import { waitFor } from './wait-for.ts';

/** A message a page's live socket got: an event, or "ready" with the socket's id. */
export interface LiveMessage {
  type: string;
  topic?: string;
  id?: string;
  own?: boolean;
  socket?: string;
  data?: unknown;
}

/** A signed-in page's live socket (/api/live): every message it got, and its id from "ready". */
export async function livePage(app: FastifyInstance, jar: CookieJar): Promise<{ socket: WebSocket; got: LiveMessage[]; id: string }> {
  const socket = await app.injectWS('/api/live', { headers: { cookie: jar.header } });
  const got: LiveMessage[] = [];
  socket.on('message', (data) => got.push(JSON.parse(String(data)) as LiveMessage));
  await waitFor(() => got.some((message) => message.type === 'ready'), { what: 'ready' });
  return { socket, got, id: got.find((message) => message.type === 'ready')!.socket! };
}
