/** A live event from /api/live: ids, not rows (but `data`); the screen refetches what it shows. */
export interface LiveEvent {
  topic: string;
  type: string;
  id?: string;
  /** session_ended on the person's own topic: why, in words for them ("You were removed from …"). */
  notice?: string;
  /**
   * The change was made by a request from this page (it sent this socket's id, X-Live-Socket): a
   * screen that already shows that request's answer need not refetch.
   */
  own?: boolean;
  /** What the screen would refetch, on the person's own topic, when it fits (an EPFO decision's check list). */
  data?: unknown;
}

/**
 * "ready" may carry what a screen would otherwise fetch at once (the pending notifications);
 * `reconnected` marks the "ready" of a connection that came back after dropping.
 */
export type LiveMessage = LiveEvent | { type: 'ready'; pending?: unknown; reconnected?: boolean; socket?: string };

export interface LiveListener {
  /** Listeners that need the server to recompute the socket's topics (a new company) differ in key. */
  key: string;
  onMessage: (message: LiveMessage) => void;
}

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/**
 * After a dropped connection comes back, listeners catch up (refetch) at a random moment within
 * this window: when a server restarts, every page reconnects at once, and thousands of catch-up
 * requests in the same second would queue for seconds (issue 14, item 7; bench:latency).
 */
const RECONNECT_SPREAD_MS = 3000;

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/live`;
}

/**
 * One WebSocket per page, shared by every screen that listens (overview, chat, notifications,
 * session end), instead of one per hook. It opens with the first listener and closes with the
 * last, reconnects with exponential back-off, and reconnects at once when a listener arrives with
 * a new key, because the server decides a socket's topics when it connects.
 */
export class LiveConnection {
  private readonly listeners = new Set<LiveListener>();
  private socket: WebSocket | undefined;
  /** The keys of the listeners when the socket connected: topics the server granted for them. */
  private socketKeys = new Set<string>();
  private ready = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private backoff = MIN_BACKOFF_MS;
  /** The last socket dropped (not closed by us): the next 'ready' is a reconnection's. */
  private dropped = false;
  /** The open socket's id from the server's "ready", sent with this page's requests (X-Live-Socket). */
  socketId: string | undefined;

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.socket && this.socketKeys.has(listener.key)) {
      // Joining an open connection: catch up as a fresh connection's listeners do.
      if (this.ready) {
        queueMicrotask(() => {
          if (this.listeners.has(listener)) listener.onMessage({ type: 'ready' });
        });
      }
    } else if (!this.timer) {
      // No connection yet, or one made before this key existed (the company was just created).
      this.stop();
      this.connect();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    this.ready = false;
    this.socketId = undefined;
    // Closing a socket still connecting makes Chrome log an error; it closes once open instead.
    if (socket && socket.readyState === WebSocket.OPEN) socket.close(1000);
  }

  private connect(): void {
    const current = new WebSocket(liveUrl());
    this.socket = current;
    this.socketKeys = new Set([...this.listeners].map((listener) => listener.key));
    this.ready = false;
    const isCurrent = () => this.socket === current;
    current.addEventListener('open', () => {
      if (!isCurrent()) current.close(1000);
      else this.backoff = MIN_BACKOFF_MS;
    });
    current.addEventListener('message', (message) => {
      if (!isCurrent() || typeof message.data !== 'string') return;
      let parsed: LiveMessage;
      try {
        parsed = JSON.parse(message.data) as LiveMessage;
      } catch {
        return; // Not JSON: ignore rather than break the screen.
      }
      if (parsed.type === 'ready') {
        const { socket } = parsed as { socket?: unknown };
        this.socketId = typeof socket === 'string' ? socket : undefined;
      }
      const deliver = () => {
        if (!isCurrent()) return;
        if (parsed.type === 'ready') this.ready = true;
        for (const listener of [...this.listeners]) listener.onMessage(parsed);
      };
      if (parsed.type === 'ready' && this.dropped) {
        this.dropped = false;
        parsed = { type: 'ready', pending: (parsed as { pending?: unknown }).pending, reconnected: true };
        setTimeout(deliver, Math.random() * RECONNECT_SPREAD_MS);
      } else deliver();
    });
    current.addEventListener('close', (event) => {
      if (!isCurrent()) return;
      this.socket = undefined;
      this.ready = false;
      this.socketId = undefined;
      // 4401/4403: signed out or refused; the session guard takes over, retrying would only fail.
      // A later listener (after signing in again) opens a new connection.
      if (event.code === 4401 || event.code === 4403) return;
      this.dropped = true;
      // Jittered, so pages dropped together (a server restart) do not all come back in the same instant.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        if (!this.socket && this.listeners.size > 0) this.connect();
      }, this.backoff / 2 + Math.random() * (this.backoff / 2));
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    });
  }
}

export const liveConnection = new LiveConnection();
