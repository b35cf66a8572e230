import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, type LiveMessage } from '../../web/lib/live/live-connection.ts';

/** A WebSocket the test drives: it records what was opened and lets the test deliver events. */
class FakeSocket {
  static OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  private readonly handlers = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  addEventListener(type: string, handler: (event: unknown) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  emit(type: string, event: unknown = {}) {
    if (type === 'open') this.readyState = 1;
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }
  close() {
    this.readyState = 3;
  }
}

describe('the live connection (issue 14, item 7)', () => {
  beforeEach(() => {
    FakeSocket.opened = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost:3000' } });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('catches up at once on the first connection, and at a spread moment after a dropped one comes back', async () => {
    const connection = new LiveConnection();
    const seen: LiveMessage[] = [];
    connection.subscribe({ key: 'k', onMessage: (message) => seen.push(message) });
    const first = FakeSocket.opened[0]!;
    first.emit('open');
    first.emit('message', { data: JSON.stringify({ type: 'ready' }) });
    expect(seen).toEqual([{ type: 'ready' }]);

    // The server restarts: the socket drops; the page comes back after a jittered back-off…
    first.emit('close', { code: 1006 });
    vi.advanceTimersByTime(374);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.opened[1]!;
    second.emit('open');
    second.emit('message', { data: JSON.stringify({ type: 'ready', pending: { banners: [], toasts: [], unread_count: 2 } }) });
    // …and catches up not at once (every page would at the same moment) but within the spread.
    expect(seen).toHaveLength(1);
    // Events are not held back meanwhile.
    second.emit('message', { data: JSON.stringify({ topic: 'user:1', type: 'notification' }) });
    expect(seen).toHaveLength(2);
    vi.advanceTimersByTime(1499);
    expect(seen).toHaveLength(2);
    vi.advanceTimersByTime(1);
    // Marked as a reconnection's, with what the server greeted it with (the pending notifications).
    expect(seen.at(-1)).toEqual({ type: 'ready', reconnected: true, pending: { banners: [], toasts: [], unread_count: 2 } });
  });

  it("keeps the socket's id from ready for the page's requests, a new one after a reconnection, none while closed (issue 34)", () => {
    const connection = new LiveConnection();
    connection.subscribe({ key: 'k', onMessage: () => undefined });
    const first = FakeSocket.opened[0]!;
    first.emit('open');
    expect(connection.socketId).toBeUndefined();
    first.emit('message', { data: JSON.stringify({ type: 'ready', socket: 'a1b2c3d4-0000-4000-8000-000000000001' }) });
    expect(connection.socketId).toBe('a1b2c3d4-0000-4000-8000-000000000001');
    first.emit('close', { code: 1006 });
    expect(connection.socketId).toBeUndefined();
    vi.advanceTimersByTime(375);
    const second = FakeSocket.opened[1]!;
    second.emit('open');
    second.emit('message', { data: JSON.stringify({ type: 'ready', socket: 'a1b2c3d4-0000-4000-8000-000000000002' }) });
    // Known at once, though a reconnection's listeners catch up later.
    expect(connection.socketId).toBe('a1b2c3d4-0000-4000-8000-000000000002');
  });
});
