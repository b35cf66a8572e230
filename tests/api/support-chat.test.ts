import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { AdminChatsPage, ChatMessage, ChatMessagesPage, SupportChat } from '../../shared/schemas/support-chat.ts';
import { publish } from '../../server/realtime/events.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

interface Person {
  id: string;
  jar: CookieJar;
}

interface Received {
  topic?: string;
  type?: string;
  id?: string;
}

let ipCounter = 0;

describe.skipIf(laneUnavailable)('support chat', () => {
  let t: TestApp;
  let companyName: string;
  let employer: Person;
  let candidate: Person;
  let stranger: Person;
  let admin: Person;

  async function person(role: 'employer' | 'candidate' | 'admin', companyId: string | null = null): Promise<Person> {
    const user = await t.factories.user({ role, companyId, fullName: `${role} ${(ipCounter += 1)}` });
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, `10.70.${Math.floor(ipCounter / 200)}.${ipCounter % 200}`) };
  }

  const openChat = (who: Person) => t.app.inject({ method: 'POST', url: '/api/support/chat', headers: { cookie: who.jar.header } });
  const send = (who: Person, chatId: string, message: string, clientMessageId: string = randomUUID()) =>
    t.app.inject({ method: 'POST', url: `/api/support/chats/${chatId}/messages`, headers: { cookie: who.jar.header }, payload: { message, client_message_id: clientMessageId } });
  // Reads come from many addresses: a client polling as fast as the server answers must not spend
  // the one per-address budget the rest of the file shares (the per-user limit is the send limit below).
  let readAddress = 0;
  const list = (who: Person, chatId: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/support/chats/${chatId}/messages${query}`, headers: { cookie: who.jar.header }, remoteAddress: `10.95.${Math.floor(++readAddress / 250) % 250}.${readAddress % 250}` });
  const chatOf = async (who: Person) => (await openChat(who)).json<SupportChat>();

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company({ name: 'Banyan Logistics' });
    companyName = company.name;
    employer = await person('employer', company.id);
    candidate = await person('candidate');
    stranger = await person('employer', (await t.factories.company()).id);
    admin = await person('admin');
  });
  afterAll(async () => t?.close());

  it('creates one open candidate_support chat per user, also when the first calls come at once', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/support/chat', headers: { cookie: employer.jar.header } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    const answers = await Promise.all(Array.from({ length: 6 }, () => openChat(employer)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json<SupportChat>().id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db.selectFrom('support_chats').selectAll().where('user_id', '=', employer.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'open', chat_type: 'candidate_support' });

    const after = await t.app.inject({ method: 'GET', url: '/api/support/chat', headers: { cookie: employer.jar.header } });
    expect(after.json()).toMatchObject({ id: rows[0]?.id, user_id: employer.id, status: 'open', chat_type: 'candidate_support' });
    // GET never creates: the anonymous and the signed-in read change nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/support/chat' })).statusCode).toBe(401);
  });

  it('sends trimmed messages, lists them oldest first and catches up after a message', async () => {
    const chat = await chatOf(candidate);
    const first = await send(candidate, chat.id, '  Hello, I need help with my UAN  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ chat_id: chat.id, sender_id: candidate.id, message: 'Hello, I need help with my UAN' });
    const second = await send(candidate, chat.id, 'Line one\nline two');
    const third = await send(candidate, chat.id, 'Third');
    expect([second.statusCode, third.statusCode]).toEqual([201, 201]);

    const all = (await list(candidate, chat.id)).json<ChatMessagesPage>();
    expect(all.messages.map((m) => m.message)).toEqual(['Hello, I need help with my UAN', 'Line one\nline two', 'Third']);
    expect(all.has_more).toBe(false);

    const firstId = first.json<ChatMessage>().id;
    const rest = (await list(candidate, chat.id, `?after=${firstId}`)).json<ChatMessagesPage>();
    expect(rest.messages.map((m) => m.message)).toEqual(['Line one\nline two', 'Third']);
    const paged = (await list(candidate, chat.id, `?after=${firstId}&limit=1`)).json<ChatMessagesPage>();
    expect(paged).toMatchObject({ messages: [{ message: 'Line one\nline two' }], has_more: true });
    const none = (await list(candidate, chat.id, `?after=${third.json<ChatMessage>().id}`)).json<ChatMessagesPage>();
    expect(none).toEqual({ messages: [], has_more: false });

    // last_message_at follows the newest message.
    const row = await t.database.db.selectFrom('support_chats').select('last_message_at').where('id', '=', chat.id).executeTakeFirstOrThrow();
    expect(new Date(row.last_message_at).toISOString()).toBe(third.json<ChatMessage>().created_at);

    // An `after` that is not a message of this chat is refused, not silently answered with nothing.
    expect((await list(candidate, chat.id, `?after=${randomUUID()}`)).statusCode).toBe(400);
    expect((await list(candidate, chat.id, '?after=not-a-uuid')).statusCode).toBe(400);
    expect((await list(candidate, chat.id, '?limit=100000')).statusCode).toBe(400);
  });

  it('stores a message sent twice with the same client_message_id once', async () => {
    const chat = await chatOf(candidate);
    const clientId = randomUUID();
    const answers = await Promise.all([send(candidate, chat.id, 'Only once', clientId), send(candidate, chat.id, 'Only once', clientId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]?.json<ChatMessage>().id).toBe(answers[1]?.json<ChatMessage>().id);
    const again = await send(candidate, chat.id, '  Only once ', clientId);
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatMessage>().id).toBe(answers[0]?.json<ChatMessage>().id);
    const stored = await t.database.db.selectFrom('chat_messages').select('id').where('client_message_id', '=', clientId).execute();
    expect(stored).toHaveLength(1);
    // The same id for a different message (or from someone else) is a conflict, not a silent overwrite.
    expect((await send(candidate, chat.id, 'Something else', clientId)).statusCode).toBe(409);
    expect((await send(admin, chat.id, 'Only once', clientId)).statusCode).toBe(409);
  });

  it('refuses blank, too long and malformed messages with 400', async () => {
    const chat = await chatOf(candidate);
    const blank = await send(candidate, chat.id, '   \n\t ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(messages.supportChat.messageRequired);
    expect((await send(candidate, chat.id, 'x'.repeat(5001))).statusCode).toBe(400);
    expect((await send(candidate, chat.id, 'nul \u0000 inside')).statusCode).toBe(400);
    const longest = await send(candidate, chat.id, 'y'.repeat(5000));
    expect(longest.statusCode).toBe(201);
    const url = `/api/support/chats/${chat.id}/messages`;
    const headers = { cookie: candidate.jar.header };
    expect((await t.app.inject({ method: 'POST', url, headers, payload: { message: 'hi', client_message_id: 'nope' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url, headers, payload: { message: 'hi' } })).statusCode).toBe(400);
    // sender_id and friends are refused, never used.
    const sneaky = await t.app.inject({ method: 'POST', url, headers, payload: { message: 'hi', client_message_id: randomUUID(), sender_id: admin.id } });
    expect(sneaky.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/support/chats/not-a-uuid/messages', headers, payload: { message: 'hi', client_message_id: randomUUID() } })).statusCode).toBe(400);
  });

  it('keeps a chat to its owner and the admins; admins answer every chat and their replies are audited', async () => {
    const chat = await chatOf(employer);
    await send(employer, chat.id, 'Our job post is not showing');

    // Another employer, a candidate and anonymous callers learn nothing: 404 (or 401), like a chat that does not exist.
    for (const outsider of [stranger, candidate]) {
      expect((await list(outsider, chat.id)).statusCode).toBe(404);
      const write = await send(outsider, chat.id, 'Let me in');
      expect(write.statusCode).toBe(404);
      expect(write.json().message).toBe(messages.supportChat.chatNotFound);
    }
    expect((await list(stranger, randomUUID())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/support/chats/${chat.id}/messages` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/support/chats/${chat.id}/messages`, payload: { message: 'x', client_message_id: randomUUID() } })).statusCode).toBe(401);
    const outsiderRows = await t.database.db.selectFrom('chat_messages').select('id').where('message', '=', 'Let me in').execute();
    expect(outsiderRows).toHaveLength(0);

    // The admin reads and answers.
    const read = (await list(admin, chat.id)).json<ChatMessagesPage>();
    expect(read.messages.map((m) => m.message)).toEqual(['Our job post is not showing']);
    const reply = await send(admin, chat.id, 'We are looking into it');
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ sender_id: admin.id, chat_id: chat.id });
    const seen = (await list(employer, chat.id)).json<ChatMessagesPage>();
    expect(seen.messages.map((m) => [m.sender_id, m.message])).toEqual([
      [employer.id, 'Our job post is not showing'],
      [admin.id, 'We are looking into it'],
    ]);

    const audit = await t.database.db.selectFrom('admin_audit_logs').selectAll().where('action', '=', 'chat_reply').where('entity_id', '=', chat.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, entity_type: 'support_chat', details: { message_id: reply.json<ChatMessage>().id, chat_owner_id: employer.id } });
    expect(audit[0]?.company_id).not.toBeNull();
    // The owner's own messages are not admin actions.
    const ownerAudits = await t.database.db.selectFrom('admin_audit_logs').select('id').where('action', '=', 'chat_reply').where('admin_id', '=', employer.id).execute();
    expect(ownerAudits).toHaveLength(0);
  });

  it('lists every chat to admins only, most recent activity first, with the user and a preview', async () => {
    const employerChat = await chatOf(employer);
    const candidateChat = await chatOf(candidate);
    await send(candidate, candidateChat.id, 'Older activity');
    await send(employer, employerChat.id, `Newest activity ${'z'.repeat(300)}`);

    for (const who of [employer, candidate]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/admin/support/chats', headers: { cookie: who.jar.header } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(messages.auth.adminRequired);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/support/chats' })).statusCode).toBe(401);

    const page = (await t.app.inject({ method: 'GET', url: '/api/admin/support/chats', headers: { cookie: admin.jar.header } })).json<AdminChatsPage>();
    expect(page).toMatchObject({ page: 1, page_size: 50, has_more: false });
    expect(page.chats.slice(0, 2).map((c) => c.id)).toEqual([employerChat.id, candidateChat.id]);
    const top = page.chats[0];
    expect(top).toMatchObject({ user_id: employer.id, user_role: 'employer', company_name: companyName, status: 'open' });
    expect(top?.user_email).toMatch(/@example-corp\.in$/);
    expect(top?.user_name).toMatch(/^employer /);
    expect(top?.last_message?.preview).toHaveLength(140);
    expect(top?.last_message?.sender_id).toBe(employer.id);
    expect(top?.last_message_at).toBe(top?.last_message?.created_at);

    const second = await t.app.inject({ method: 'GET', url: '/api/admin/support/chats?page=2', headers: { cookie: admin.jar.header } });
    expect(second.json()).toMatchObject({ chats: [], page: 2, has_more: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/support/chats?page=0', headers: { cookie: admin.jar.header } })).statusCode).toBe(400);
  });

  it('paginates the admin list 50 chats at a time', async () => {
    // 55 quiet users with a chat each, written directly: signing up 55 people would only be slow.
    await sql`
      WITH users AS (
        INSERT INTO auth_users (id, name, email, "emailVerified")
        SELECT 'bulk-chat-' || g, 'Bulk ' || g, 'bulk-chat-' || g || '@example-corp.in', true FROM generate_series(1, 55) g
        RETURNING id, name, email
      ), profiles AS (
        INSERT INTO user_profiles (id, full_name, email) SELECT id, name, email FROM users RETURNING id
      )
      INSERT INTO support_chats (user_id, last_message_at) SELECT id, now() - interval '1 day' FROM profiles`.execute(t.database.db);
    const first = (await t.app.inject({ method: 'GET', url: '/api/admin/support/chats', headers: { cookie: admin.jar.header } })).json<AdminChatsPage>();
    const second = (await t.app.inject({ method: 'GET', url: '/api/admin/support/chats?page=2', headers: { cookie: admin.jar.header } })).json<AdminChatsPage>();
    expect(first.chats).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(second.has_more).toBe(false);
    const ids = [...first.chats, ...second.chats].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...first.chats, ...second.chats].map((c) => c.last_message_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('limits sends per user to 30 a minute', async () => {
    const chatty = await person('candidate');
    const chat = await chatOf(chatty);
    for (let i = 0; i < 30; i += 1) expect((await send(chatty, chat.id, `message ${i}`)).statusCode).toBe(201);
    const limited = await send(chatty, chat.id, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(messages.errors.rateLimited);
    // Someone else (the admin answering) is not held back by this user's limit.
    expect((await send(admin, chat.id, 'Still here')).statusCode).toBe(201);
  });

  it('delivers every message once and in order to a client catching up while sends race', async () => {
    const owner = await person('candidate');
    const helper = await person('admin');
    const chat = await chatOf(owner);
    const seen: ChatMessage[] = [];
    let done = false;
    const catchUp = async () => {
      const after = seen.at(-1)?.id;
      const page = (await list(owner, chat.id, after ? `?after=${after}` : '')).json<ChatMessagesPage>();
      seen.push(...page.messages);
    };
    const poller = (async () => {
      while (!done) {
        await catchUp();
        // Yield a turn of the event loop between polls, as a network round trip would: in-process,
        // a session read from memory leaves the loop so tight that the sends never get the database.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(Array.from({ length: 20 }, (_, i) => send(i % 2 === 0 ? owner : helper, chat.id, `race ${i}`)));
    done = true;
    await poller;
    await catchUp();

    const all = (await list(owner, chat.id)).json<ChatMessagesPage>().messages;
    expect(all).toHaveLength(20);
    expect(seen.map((m) => m.id)).toEqual(all.map((m) => m.id));
    const stamps = all.map((m) => m.created_at);
    expect([...stamps].sort()).toEqual(stamps);
  });

  describe('live', () => {
    function collect(socket: WebSocket): Received[] {
      const received: Received[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data)) as Received));
      return received;
    }
    const connect = async (who: Person) => {
      const socket = await t.app.injectWS('/api/live', { headers: { cookie: who.jar.header } });
      const received = collect(socket);
      await waitFor(() => received.some((m) => m.type === 'ready'), { what: 'the ready message' });
      return { socket, received };
    };

    it('carries messages between a user and an admin through the server, and to no one else', async () => {
      const user = await person('employer', (await t.factories.company()).id);
      const outsider = await person('employer', (await t.factories.company()).id);
      const userLive = await connect(user);
      const adminLive = await connect(admin);
      const outsiderLive = await connect(outsider);

      // A new chat reaches the admins' list.
      const chat = await chatOf(user);
      await waitFor(() => adminLive.received.find((m) => m.type === 'support_chat' && m.id === chat.id), { what: 'the new chat on the admin socket' });

      // The user writes; the admin hears of it and reads the message.
      const question = await send(user, chat.id, 'Can you verify our company?');
      expect(question.statusCode).toBe(201);
      await waitFor(() => adminLive.received.find((m) => m.type === 'chat_message' && m.id === chat.id && m.topic === 'admins'), { what: 'the message event for the admin' });
      const adminView = (await list(admin, chat.id)).json<ChatMessagesPage>();
      expect(adminView.messages.map((m) => m.message)).toEqual(['Can you verify our company?']);

      // The admin answers; the user hears of it and catches up from the last message held.
      const userEventsBefore = userLive.received.filter((m) => m.type === 'chat_message').length;
      const answer = await send(admin, chat.id, 'Yes, it is verified now.');
      expect(answer.statusCode).toBe(201);
      await waitFor(() => userLive.received.filter((m) => m.type === 'chat_message' && m.id === chat.id).length > userEventsBefore, { what: 'the answer event for the user' });
      expect(userLive.received.filter((m) => m.type === 'chat_message').every((m) => m.topic === `user:${user.id}`)).toBe(true);
      const caughtUp = (await list(user, chat.id, `?after=${question.json<ChatMessage>().id}`)).json<ChatMessagesPage>();
      expect(caughtUp.messages.map((m) => [m.sender_id, m.message])).toEqual([[admin.id, 'Yes, it is verified now.']]);

      // The outsider's socket is alive (it gets its own event) and never heard of this chat.
      await publish(t.database.db, { topic: `user:${outsider.id}`, type: 'probe', id: 'alive' });
      await waitFor(() => outsiderLive.received.find((m) => m.type === 'probe'), { what: 'the outsider’s own event' });
      expect(outsiderLive.received.filter((m) => m.type === 'chat_message' || m.type === 'support_chat' || m.id === chat.id)).toEqual([]);
      // Nor did the user hear of other people's chats.
      expect(userLive.received.filter((m) => (m.type === 'chat_message' || m.type === 'support_chat') && m.id !== chat.id)).toEqual([]);

      for (const live of [userLive, adminLive, outsiderLive]) live.socket.terminate();
    });
  });
});
