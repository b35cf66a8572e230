import type { ChatMessage, ChatMessagesPage } from '@shared/schemas/support-chat.ts';

/** A message typed here that the list does not hold yet. */
export interface PendingMessage {
  client_message_id: string;
  message: string;
  created_at: string;
  /** sending: on its way; sent: stored, waiting for its place in the list; failed: not stored (retry). */
  status: 'sending' | 'sent' | 'failed';
}

export interface ThreadState {
  /** loading until the first fetch; error if that failed (later failures keep what is shown). */
  status: 'loading' | 'ready' | 'error';
  /** Stored messages in the server's order, each once. */
  messages: readonly ChatMessage[];
  /** Optimistic messages, shown after the stored ones until they arrive in the list. */
  pending: readonly PendingMessage[];
}

export interface ThreadTransport {
  list(after: string | undefined): Promise<ChatMessagesPage>;
  send(body: { message: string; client_message_id: string }): Promise<ChatMessage>;
}

export type SendOutcome = 'ignored' | 'sent' | 'failed';

/**
 * One chat's messages in the browser, framework-free. The list only ever grows by asking the
 * server for the messages after the last one held, so it stays in the server's order with each
 * message once, however the requests interleave: live events, a reconnect's catch-up and a send
 * all go through catchUp(), which runs one fetch at a time and folds calls made meanwhile into one
 * more round. A sent message is not inserted from the send's answer (something sent by the other
 * side may precede it and not be fetched yet); it waits as pending until the list reaches it.
 */
export class ChatThread {
  private state: ThreadState = { status: 'loading', messages: [], pending: [] };
  private readonly listeners = new Set<() => void>();
  private readonly known = new Set<string>();
  private running: Promise<void> | null = null;
  private again = false;
  private active = true;

  constructor(
    private readonly transport: ThreadTransport,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): ThreadState => this.state;

  /** Starts (or restarts) the thread with a first fetch; the returned function stops it. */
  start(): () => void {
    this.active = true;
    void this.catchUp().catch(() => undefined);
    return () => {
      this.active = false;
    };
  }

  /** After the first fetch failed: try again. */
  reload(): Promise<void> {
    this.update({ status: 'loading' });
    return this.catchUp();
  }

  /** Fetches whatever came after the last message held (all pages). Rejects if a fetch fails. */
  catchUp(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      try {
        do {
          this.again = false;
          await this.fetchNewer();
        } while (this.again && this.active);
        if (this.state.status !== 'ready') this.update({ status: 'ready' });
      } catch (error) {
        if (this.state.status === 'loading') this.update({ status: 'error' });
        throw error;
      } finally {
        this.running = null;
      }
    };
    this.running = run();
    return this.running;
  }

  /** Sends the trimmed text (blank is ignored), shown at once as pending. */
  send(text: string): Promise<SendOutcome> {
    const message = text.trim();
    if (!message || !this.active) return Promise.resolve('ignored');
    const pending: PendingMessage = { client_message_id: this.newId(), message, created_at: new Date().toISOString(), status: 'sending' };
    this.update({ pending: [...this.state.pending, pending] });
    return this.deliver(pending.client_message_id);
  }

  /** Sends a failed message again with the same client_message_id, so it is stored at most once. */
  retry(clientMessageId: string): Promise<SendOutcome> {
    if (!this.state.pending.some((p) => p.client_message_id === clientMessageId && p.status === 'failed')) return Promise.resolve('ignored');
    this.setPendingStatus(clientMessageId, 'sending');
    return this.deliver(clientMessageId);
  }

  private async deliver(clientMessageId: string): Promise<SendOutcome> {
    const pending = this.state.pending.find((p) => p.client_message_id === clientMessageId);
    if (!pending) return 'ignored';
    try {
      await this.transport.send({ message: pending.message, client_message_id: clientMessageId });
    } catch {
      this.setPendingStatus(clientMessageId, 'failed');
      return 'failed';
    }
    this.setPendingStatus(clientMessageId, 'sent');
    // The live event brings it too; asking now puts it in place without waiting for that.
    void this.catchUp().catch(() => undefined);
    return 'sent';
  }

  private async fetchNewer(): Promise<void> {
    for (;;) {
      const page = await this.transport.list(this.state.messages.at(-1)?.id);
      this.merge(page.messages);
      if (!page.has_more || page.messages.length === 0) return;
    }
  }

  private merge(incoming: readonly ChatMessage[]) {
    const fresh = incoming.filter((message) => !this.known.has(message.id));
    if (fresh.length === 0) return;
    for (const message of fresh) this.known.add(message.id);
    const arrived = new Set(fresh.map((message) => message.client_message_id));
    this.update({ messages: [...this.state.messages, ...fresh], pending: this.state.pending.filter((p) => !arrived.has(p.client_message_id)) });
  }

  private setPendingStatus(clientMessageId: string, status: PendingMessage['status']) {
    // Already in the list (the catch-up won the race with the send's answer): nothing to mark.
    if (!this.state.pending.some((p) => p.client_message_id === clientMessageId)) return;
    this.update({ pending: this.state.pending.map((p) => (p.client_message_id === clientMessageId ? { ...p, status } : p)) });
  }

  private update(patch: Partial<ThreadState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
