import { randomUUID } from 'node:crypto';

/** How often each instance says it is listening, and how long one hearing of it counts (decision record 0008). */
export const PEER_TIMING = { beatMs: 500, leaseMs: 2000 } as const;

const BEAT = 'beat:';
const SYNC = 'sync:';
const ACK = 'ack:';

export interface PeerDeps {
  /** Sends a payload on the session channel (one statement, committed on return). */
  notify(payload: string): Promise<void>;
  /** This instance heard its own beat `leaseMs` after sending it: its cache may be trusted until `until`; `gap` when a beat went unheard. */
  trust(until: number, gap: boolean): void;
  now(): number;
}

/**
 * The instances sharing one database, fenced so that a session change answered on one is in force
 * on every other for the next request (issue 33 A6: a suspension was honoured on a second instance
 * ~83 ms after the suspend answered, because notifications reach each listener in its own time).
 *
 * - Each instance sends a beat every `beatMs` on the session channel. Hearing its own beat (sent at
 *   t) proves its listener had heard everything committed before t, so it trusts its cache until
 *   t + `leaseMs`; a beat unheard (a dropped listener) empties the cache. Every other instance
 *   hearing that beat learns the peer is alive.
 * - A write that changed something about a session (a notification heard while it ran) answers
 *   only after each peer heard of alive in the last `leaseMs` has acknowledged a sync sent after
 *   the change, or its lease has run out (it then trusts nothing until it hears its own beat, which
 *   comes after the change in commit order). A live peer answers in one round trip; a dead one
 *   holds such writes at most `leaseMs`, until it is forgotten.
 */
export class SessionPeers {
  readonly id = randomUUID();
  private beats = 0;
  private beatInFlight = false;
  private lastOwnBeatHeard = 0;
  private readonly beatSentAt = new Map<number, number>();
  /** Peer id → when this instance last heard its beat. */
  private readonly peers = new Map<string, number>();
  private readonly syncs = new Map<string, { waiting: Set<string>; finish: () => void }>();

  constructor(private readonly deps: PeerDeps) {}

  /** Sends the next beat, unless the last is still being sent (beats commit in the order sent). */
  beat(): void {
    if (this.beatInFlight) return;
    this.beatInFlight = true;
    const number = ++this.beats;
    this.beatSentAt.set(number, this.deps.now());
    // A beat that fails to send is never heard: the next one heard shows the gap, which is safe.
    void this.deps
      .notify(`${BEAT}${this.id}:${number}`)
      .catch(() => undefined)
      .finally(() => (this.beatInFlight = false));
  }

  /** A payload heard on the channel; false when it is not this protocol's. */
  hear(payload: string): boolean {
    if (payload.startsWith(BEAT)) {
      const [from, number] = payload.slice(BEAT.length).split(':');
      if (from === this.id) this.heardOwnBeat(Number(number));
      else if (from) this.peers.set(from, this.deps.now());
      return true;
    }
    if (payload.startsWith(SYNC)) {
      const [syncId, from] = payload.slice(SYNC.length).split(':');
      // Heard in commit order: everything committed before the sync has been heard here too.
      if (from !== this.id) void this.deps.notify(`${ACK}${syncId}:${this.id}`).catch(() => undefined);
      return true;
    }
    if (payload.startsWith(ACK)) {
      const [syncId, from] = payload.slice(ACK.length).split(':');
      const sync = this.syncs.get(syncId ?? '');
      if (sync && from) {
        sync.waiting.delete(from);
        if (sync.waiting.size === 0) sync.finish();
      }
      return true;
    }
    return false;
  }

  private heardOwnBeat(number: number): void {
    const sentAt = this.beatSentAt.get(number);
    for (const key of this.beatSentAt.keys()) if (key <= number) this.beatSentAt.delete(key);
    if (sentAt === undefined || number <= this.lastOwnBeatHeard) return;
    const gap = number !== this.lastOwnBeatHeard + 1;
    this.lastOwnBeatHeard = number;
    this.deps.trust(sentAt + PEER_TIMING.leaseMs, gap);
  }

  /** Waits until every peer alive has heard everything committed so far, or its lease ran out. */
  async sync(): Promise<void> {
    const now = this.deps.now();
    const waiting = new Set<string>();
    let until = now;
    for (const [peer, heardAt] of this.peers) {
      // Not heard of for a whole lease: it trusts no cache it has not renewed since (after this change).
      if (heardAt + PEER_TIMING.leaseMs <= now) this.peers.delete(peer);
      else {
        waiting.add(peer);
        until = Math.max(until, heardAt + PEER_TIMING.leaseMs);
      }
    }
    if (waiting.size === 0) return;
    const syncId = randomUUID();
    await new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.syncs.delete(syncId);
        resolve();
      };
      const timer = setTimeout(finish, until - now);
      this.syncs.set(syncId, { waiting, finish });
      // Not sent: no acknowledgement will come, and the leases run out at `until`.
      this.deps.notify(`${SYNC}${syncId}:${this.id}`).catch(() => undefined);
    });
  }

  /** The peers this instance would wait for now (tests). */
  get alive(): number {
    const now = this.deps.now();
    return [...this.peers.values()].filter((heardAt) => heardAt + PEER_TIMING.leaseMs > now).length;
  }
}
