import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessagesPage, SupportChat } from '../../shared/schemas/support-chat.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { publish } from '../../server/realtime/events.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { twoInstancesPerSuite } from '../support/two-instances.ts';
import { signIn, type CookieJar } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

interface Received {
  topic?: string;
  type?: string;
  id?: string;
}

/**
 * Support chat across two app instances on one PostgreSQL database (as behind a load balancer):
 * the user is connected to instance A, the admin to instance B, and each message reaches the
 * other side through LISTEN/NOTIFY, while a third user's socket on B hears nothing of it.
 */
describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('support chat across two instances on one PostgreSQL', () => {
  const instances = twoInstancesPerSuite();

  async function connect(app: FastifyInstance, jar: CookieJar) {
    const socket: WebSocket = await app.injectWS('/api/live', { headers: { cookie: jar.header } });
    const received: Received[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as Received));
    await waitFor(() => received.some((m) => m.type === 'ready'), { what: 'the ready message' });
    return { socket, received };
  }

  it('carries a question from instance A to the admin on B and the answer back', async () => {
    const [a, b] = instances();
    const factories = createFactories(a.app.auth, a.database);
    const company = await factories.company();
    const employer = await factories.user({ role: 'employer', companyId: company.id });
    const admin = await factories.user({ role: 'admin' });
    const outsider = await factories.user({ role: 'employer', companyId: (await factories.company()).id });

    const employerJar = await signIn(a.app, employer.email, employer.password, '10.80.0.1');
    const adminJar = await signIn(b.app, admin.email, admin.password, '10.80.0.2');
    const outsiderJar = await signIn(b.app, outsider.email, outsider.password, '10.80.0.3');
    const employerLive = await connect(a.app, employerJar);
    const adminLive = await connect(b.app, adminJar);
    const outsiderLive = await connect(b.app, outsiderJar);

    const chat = (await a.app.inject({ method: 'POST', url: '/api/support/chat', headers: { cookie: employerJar.header } })).json<SupportChat>();
    const question = await a.app.inject({
      method: 'POST',
      url: `/api/support/chats/${chat.id}/messages`,
      headers: { cookie: employerJar.header },
      payload: { message: 'Our invoices show the wrong GSTIN', client_message_id: randomUUID() },
    });
    expect(question.statusCode).toBe(201);
    await waitFor(() => adminLive.received.find((m) => m.type === 'chat_message' && m.id === chat.id), { what: 'the question event on instance B' });
    const adminView = (await b.app.inject({ method: 'GET', url: `/api/support/chats/${chat.id}/messages`, headers: { cookie: adminJar.header } })).json<ChatMessagesPage>();
    expect(adminView.messages.map((m) => m.message)).toEqual(['Our invoices show the wrong GSTIN']);

    const before = employerLive.received.filter((m) => m.type === 'chat_message').length;
    const answer = await b.app.inject({
      method: 'POST',
      url: `/api/support/chats/${chat.id}/messages`,
      headers: { cookie: adminJar.header },
      payload: { message: 'Fixed, please download them again.', client_message_id: randomUUID() },
    });
    expect(answer.statusCode).toBe(201);
    await waitFor(() => employerLive.received.filter((m) => m.type === 'chat_message' && m.id === chat.id).length > before, { what: 'the answer event on instance A' });
    const caughtUp = (
      await a.app.inject({ method: 'GET', url: `/api/support/chats/${chat.id}/messages?after=${question.json<ChatMessage>().id}`, headers: { cookie: employerJar.header } })
    ).json<ChatMessagesPage>();
    expect(caughtUp.messages.map((m) => [m.sender_id, m.message])).toEqual([[admin.id, 'Fixed, please download them again.']]);

    // The outsider on B is connected (it hears its own event) and heard nothing of the chat.
    await publish(a.database.db, { topic: `user:${outsider.id}`, type: 'probe', id: 'alive' });
    await waitFor(() => outsiderLive.received.find((m) => m.type === 'probe'), { what: 'the outsider’s own event' });
    expect(outsiderLive.received.filter((m) => m.type === 'chat_message' || m.type === 'support_chat' || m.id === chat.id)).toEqual([]);

    for (const live of [employerLive, adminLive, outsiderLive]) live.socket.terminate();
  });
});
