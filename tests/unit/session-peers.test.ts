import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionCache } from '../../server/auth/session-cache.ts';
import { PEER_TIMING, SessionPeers } from '../../server/auth/session-peers.ts';
import type { SessionContext } from '../../server/auth/session.ts';

const session = (userId: string) => ({ userId, sessionId: `s-${userId}`, expiresAt: new Date(Date.now() + 60_000), createdAt: new Date(), profile: { company_id: null } }) as SessionContext;

/** One instance's protocol, its sent payloads collected, on a clock the test moves. */
function instance() {
  const sent: string[] = [];
  const cache = new SessionCache(60_000, 100, () => Date.now());
  const peers = new SessionPeers({ notify: async (payload) => void sent.push(payload), trust: (until, gap) => cache.trust(until, gap), now: () => Date.now() });
  return { sent, cache, peers };
}

/** Issue 33 A6: the fence between instances (decision record 0008). */
describe('SessionPeers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('trusts the cache for a lease after hearing its own beat, and empties it after a beat went unheard', async () => {
    vi.useFakeTimers();
    const { sent, cache, peers } = instance();
    cache.trust(0, true);
    cache.store('k', session('u1'), cache.mark());
    expect(cache.get('k')).toBeUndefined(); // not trusted before a beat is heard
    peers.beat();
    await vi.runOnlyPendingTimersAsync();
    peers.hear(sent.at(-1)!);
    cache.store('k', session('u1'), cache.mark());
    expect(cache.get('k')?.userId).toBe('u1');
    // The lease runs out with no beat heard: nothing held is used.
    vi.advanceTimersByTime(PEER_TIMING.leaseMs);
    expect(cache.get('k')).toBeUndefined();

    // A beat sent but never heard (the listener dropped), then the next heard: what was held is gone.
    peers.beat();
    await vi.runOnlyPendingTimersAsync();
    peers.hear(sent.at(-1)!);
    cache.store('k', session('u1'), cache.mark());
    peers.beat();
    await vi.runOnlyPendingTimersAsync();
    peers.beat();
    await vi.runOnlyPendingTimersAsync();
    peers.hear(sent.at(-1)!);
    expect(cache.get('k')).toBeUndefined();
  });

  it('waits for a live peer to acknowledge, and for a silent one only until its lease runs out', async () => {
    vi.useFakeTimers();
    const a = instance();
    const b = instance();
    await a.peers.sync(); // no peers: at once (the clock does not move by itself here)
    b.peers.beat();
    await vi.runOnlyPendingTimersAsync();
    a.peers.hear(b.sent.at(-1)!);
    expect(a.peers.alive).toBe(1);

    // B hears the sync (after everything before it) and acknowledges: A goes on.
    let done = false;
    const synced = a.peers.sync().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    const sync = a.sent.at(-1)!;
    expect(sync).toMatch(/^sync:/);
    b.peers.hear(sync);
    await vi.advanceTimersByTimeAsync(0);
    a.peers.hear(b.sent.at(-1)!);
    await synced;
    expect(done).toBe(true);

    // B goes silent: A waits out B's lease (from when it last heard B), no longer.
    done = false;
    const held = a.peers.sync().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(PEER_TIMING.leaseMs - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await held;
    expect(done).toBe(true);
    // …and forgets it: the next change does not wait.
    expect(a.peers.alive).toBe(0);
  });
});
