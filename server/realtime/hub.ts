import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { AuthGuards, SessionContext } from '../auth/session.ts';
import { EVENTS_CHANNEL, eventsOf } from './events.ts';

/** The topics a session may hear. Decided here, on the server; a client cannot ask for others. */
export function topicsFor(session: SessionContext): string[] {
  const topics = [`user:${session.userId}`, 'everyone', `role:${session.profile.role}`];
  if (session.profile.company_id) topics.push(`company:${session.profile.company_id}`);
  if (session.profile.role === 'admin') topics.push('admins');
  return topics;
}

/**
 * Events after which a socket's topics are stale: deliver, then close. 4401 (session ended, e.g.
 * suspended): the client stops; 4000 (role changed): the client reconnects and gets the new
 * role's topics, so a demoted admin stops hearing `admins` at once.
 */
const CLOSE_AFTER = new Map([
  ['session_ended', 4401],
  ['role_changed', 4000],
]);

/**
 * Before the server closes: every live socket closes with 1012 (Service Restart), so its page
 * reconnects, to another instance behind the balancer, and catches up (a rolling restart, issue
 * 37 §3). A preClose hook added before @fastify/websocket's own, which then finds them closing
 * (it would close them with no code) and closes its server.
 */
export function closeLiveSockets(app: FastifyInstance): void {
  app.addHook('preClose', function (this: FastifyInstance, done) {
    for (const client of this.websocketServer?.clients ?? []) client.close(1012, 'Server restarting');
    done();
  });
}

/**
 * One LISTEN per instance, fanned out to this instance's WebSocket clients. Each socket is
 * authenticated from its session cookie at upgrade time and refused for a foreign Origin.
 */
export async function registerLiveUpdates(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    guards: AuthGuards;
    /** What "ready" carries besides its type, for this socket's person (their pending notifications). */
    greeting?: (session: SessionContext) => Promise<Record<string, unknown>>;
    /** Receives how to count this instance's open sockets (metrics read it at scrape time). */
    countSockets?: (count: () => number) => void;
  },
) {
  const sockets = new Map<WebSocket, { id: string; topics: Set<string> }>();
  deps.countSockets?.(() => sockets.size);
  const ownOrigin = new URL(deps.config.PUBLIC_URL).origin;

  const unlisten = await deps.database.listen(EVENTS_CHANNEL, (payload) => {
    for (const { origin, ...event } of eventsOf(payload)) {
      // The origin socket only learns the event is its own; no socket is told another's id.
      const message = JSON.stringify(event);
      const closeCode = event.topic.startsWith('user:') ? CLOSE_AFTER.get(event.type) : undefined;
      for (const [socket, { id, topics }] of sockets) {
        if (!topics.has(event.topic) || socket.readyState !== socket.OPEN) continue;
        socket.send(origin === id ? JSON.stringify({ ...event, own: true }) : message);
        if (closeCode !== undefined) socket.close(closeCode, event.type);
      }
    }
  }, () => {
    // The LISTEN connection dropped and came back (a failover): events raised meanwhile never
    // reached these sockets. Closing them (1012) has each page reconnect and refetch what it shows.
    for (const socket of sockets.keys()) socket.close(1012, 'Missed events');
  });
  app.addHook('onClose', async () => {
    await unlisten();
    // Closed already by closeLiveSockets (preClose); here for a socket that opened since.
    for (const socket of sockets.keys()) socket.close(1012, 'Server restarting');
  });

  app.get('/api/live', { websocket: true, config: { access: 'public' } }, async (socket, request) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin) {
      socket.close(4403, 'Origin not allowed');
      return;
    }
    let session: SessionContext;
    try {
      session = await deps.guards.requireUser(request);
    } catch {
      socket.close(4401, 'Sign in required');
      return;
    }
    // The socket's id, sent in "ready": the page's requests carry it (X-Live-Socket) so the events of
    // their own changes come back marked `own`.
    const id = randomUUID();
    sockets.set(socket, { id, topics: new Set(topicsFor(session)) });
    socket.on('close', () => sockets.delete(socket));
    // "ready" carries what the page would otherwise fetch at once (its pending notifications, read
    // with those of everyone connecting meanwhile), so a crowd reconnecting after a restart does not
    // queue for seconds (issue 14, item 7). Always on a later turn of the event loop: a client that
    // attaches its listener just after the connection opens must still hear it.
    const greeting = deps.greeting
      ? await deps.greeting(session).catch((error: unknown) => {
          request.log.warn({ err: error }, 'live greeting failed; the page fetches instead');
          return {};
        })
      : await new Promise<Record<string, unknown>>((resolve) => setImmediate(() => resolve({})));
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ ...greeting, type: 'ready', socket: id }));
  });
}
