import { describe, expect, it } from 'vitest';
import { SessionCache } from '../../server/auth/session-cache.ts';
import type { SessionContext } from '../../server/auth/session.ts';

const session = (userId: string, companyId: string | null = null) =>
  ({ userId, sessionId: `s-${userId}`, expiresAt: new Date(Date.now() + 60_000), createdAt: new Date(), profile: { company_id: companyId } }) as SessionContext;

describe('SessionCache', () => {
  it('keeps a session for its time to live, then forgets it', () => {
    let now = 1_000;
    const cache = new SessionCache(15_000, 100, () => now);
    cache.store('cookie-a', session('u1'), cache.mark());
    expect(cache.get('cookie-a')?.userId).toBe('u1');
    now += 14_999;
    expect(cache.get('cookie-a')).toBeDefined();
    now += 1;
    expect(cache.get('cookie-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops every session of a user whose account changed, and no one else's", () => {
    const cache = new SessionCache(15_000);
    cache.store('a1', session('u1'), cache.mark());
    cache.store('a2', session('u1'), cache.mark());
    cache.store('b1', session('u2'), cache.mark());
    cache.dropUser('u1');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')?.userId]).toEqual([undefined, undefined, 'u2']);
  });

  it('does not keep a read that a change overtook (the read may have seen the old rows)', () => {
    const cache = new SessionCache(15_000);
    const mark = cache.mark();
    // The change is heard while the read is on its way…
    cache.dropUser('u1');
    cache.store('a1', session('u1'), mark);
    expect(cache.get('a1')).toBeUndefined();
    // …but a read that began after the change is kept, as is another user's.
    cache.store('a1', session('u1'), cache.mark());
    cache.store('b1', session('u2'), mark);
    expect([cache.get('a1')?.userId, cache.get('b1')?.userId]).toEqual(['u1', 'u2']);
  });

  it("drops the sessions of a renamed company's people, and does not keep a read the rename overtook", () => {
    const cache = new SessionCache(15_000);
    cache.store('a1', session('u1', 'c1'), cache.mark());
    cache.store('b1', session('u2', 'c2'), cache.mark());
    const mark = cache.mark();
    cache.dropCompany('c1');
    expect([cache.get('a1'), cache.get('b1')?.userId]).toEqual([undefined, 'u2']);
    cache.store('a1', session('u1', 'c1'), mark);
    expect(cache.get('a1')).toBeUndefined();
    cache.store('a1', session('u1', 'c1'), cache.mark());
    expect(cache.get('a1')?.userId).toBe('u1');
  });

  it('holds at most its size, dropping the oldest, and stores nothing when turned off', () => {
    const cache = new SessionCache(15_000, 2);
    for (const key of ['k1', 'k2', 'k3']) cache.store(key, session(key), cache.mark());
    expect([cache.get('k1'), cache.get('k2')?.userId, cache.get('k3')?.userId]).toEqual([undefined, 'k2', 'k3']);
    const off = new SessionCache(0);
    off.store('k', session('u'), off.mark());
    expect(off.get('k')).toBeUndefined();
  });
});
