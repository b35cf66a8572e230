import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessagesPage } from '../../shared/schemas/support-chat.ts';
import { ChatThread, type ThreadTransport } from '../../web/features/support-chat/lib/chat-thread.ts';

/** A chat server in memory: messages in order; list(after) answers a page of what follows `after`. */
function fakeServer({ pageSize = 100 } = {}) {
  const stored: ChatMessage[] = [];
  let failSends = false;
  let listCalls = 0;
  let sequence = 0;
  const add = (message: string, senderId: string, clientId: string | null = null) => {
    const row: ChatMessage = { id: `m${(sequence += 1)}`, chat_id: 'c1', sender_id: senderId, message, client_message_id: clientId, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)).toISOString() };
    stored.push(row);
    return row;
  };
  const transport: ThreadTransport = {
    async list(after): Promise<ChatMessagesPage> {
      listCalls += 1;
      await Promise.resolve();
      const start = after === undefined ? 0 : stored.findIndex((m) => m.id === after) + 1;
      const page = stored.slice(start, start + pageSize);
      return { messages: page, has_more: start + pageSize < stored.length };
    },
    async send({ message, client_message_id }) {
      await Promise.resolve();
      if (failSends) throw new TypeError('network down');
      return stored.find((m) => m.client_message_id === client_message_id) ?? add(message, 'me', client_message_id);
    },
  };
  return {
    stored,
    transport,
    add,
    failSends: (value: boolean) => (failSends = value),
    get listCalls() {
      return listCalls;
    },
  };
}

let ids = 0;
const newId = () => `client-${(ids += 1)}`;

describe('ChatThread (the browser side of a support chat)', () => {
  it('loads every page in order, then only catches up from the last message held', async () => {
    const server = fakeServer({ pageSize: 2 });
    for (const text of ['a', 'b', 'c', 'd', 'e']) server.add(text, 'support');
    const thread = new ChatThread(server.transport, newId);
    expect(thread.getState().status).toBe('loading');
    await thread.catchUp();
    expect(thread.getState()).toMatchObject({ status: 'ready', pending: [] });
    expect(thread.getState().messages.map((m) => m.message)).toEqual(['a', 'b', 'c', 'd', 'e']);

    server.add('f', 'support');
    await thread.catchUp();
    await thread.catchUp();
    expect(thread.getState().messages.map((m) => m.message)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('folds catch-ups asked for while one runs into one more round, and never lists a message twice', async () => {
    const server = fakeServer();
    server.add('hello', 'support');
    const thread = new ChatThread(server.transport, newId);
    const first = thread.catchUp();
    server.add('second', 'support');
    // Five live events arrive while the first fetch is under way.
    const more = Array.from({ length: 5 }, () => thread.catchUp());
    await Promise.all([first, ...more]);
    expect(server.listCalls).toBe(2);
    expect(thread.getState().messages.map((m) => m.message)).toEqual(['hello', 'second']);
  });

  it('shows a sent message at once, trimmed, and puts it in the server’s order when it arrives', async () => {
    const server = fakeServer();
    const thread = new ChatThread(server.transport, newId);
    await thread.catchUp();
    expect(await thread.send('   ')).toBe('ignored');
    expect(thread.getState().pending).toEqual([]);

    const sending = thread.send('  Need help with my UAN  ');
    expect(thread.getState().pending).toMatchObject([{ message: 'Need help with my UAN', status: 'sending' }]);
    // Support answers something else that the server stores first.
    server.add('Earlier answer', 'support');
    expect(await sending).toBe('sent');
    await thread.catchUp();
    expect(thread.getState().messages.map((m) => m.message)).toEqual(['Earlier answer', 'Need help with my UAN']);
    expect(thread.getState().pending).toEqual([]);
  });

  it('keeps a failed message with its client_message_id, and a retry stores it once', async () => {
    const server = fakeServer();
    const thread = new ChatThread(server.transport, newId);
    await thread.catchUp();
    server.failSends(true);
    expect(await thread.send('Are you there?')).toBe('failed');
    const [failed] = thread.getState().pending;
    expect(failed).toMatchObject({ message: 'Are you there?', status: 'failed' });

    server.failSends(false);
    expect(await thread.retry(failed?.client_message_id ?? '')).toBe('sent');
    expect(await thread.retry(failed?.client_message_id ?? '')).toBe('ignored');
    await thread.catchUp();
    expect(server.stored.filter((m) => m.client_message_id === failed?.client_message_id)).toHaveLength(1);
    expect(thread.getState().messages.map((m) => m.message)).toEqual(['Are you there?']);
    expect(thread.getState().pending).toEqual([]);
  });

  it('reports a failed first load, and loads on retry', async () => {
    const server = fakeServer();
    server.add('hi', 'support');
    let broken = true;
    const thread = new ChatThread({ ...server.transport, list: (after) => (broken ? Promise.reject(new TypeError('offline')) : server.transport.list(after)) }, newId);
    await expect(thread.catchUp()).rejects.toThrow('offline');
    expect(thread.getState().status).toBe('error');
    broken = false;
    await thread.reload();
    expect(thread.getState()).toMatchObject({ status: 'ready', messages: [{ message: 'hi' }] });
  });

  it('sends nothing once stopped', async () => {
    const server = fakeServer();
    const thread = new ChatThread(server.transport, newId);
    const stop = thread.start();
    stop();
    expect(await thread.send('late')).toBe('ignored');
  });
});
