import { describe, expect, it } from 'vitest';
import { PublicReadCache } from '../../server/features/public-jobs/public-cache.ts';

describe('PublicReadCache', () => {
  it('answers concurrent misses with one load, then from memory until its time is up', async () => {
    let now = 1_000;
    const cache = new PublicReadCache(10_000, 100, () => now);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await Promise.resolve();
      return { value: { title: 'Nurse', loads } };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.job('j1', load)));
    expect(loads).toBe(1);
    expect(new Set(answers.map((answer) => answer?.etag)).size).toBe(1);
    now += 9_999;
    await cache.job('j1', load);
    expect(loads).toBe(1);
    now += 1;
    await cache.job('j1', load);
    expect(loads).toBe(2);
  });

  it('keeps an answer no longer than the moment it stops holding (a job closing to applications)', async () => {
    let now = 1_000;
    const cache = new PublicReadCache(10_000, 100, () => now);
    let loads = 0;
    const load = async () => ({ value: { loads: ++loads }, holdsUntil: 3_000 });
    expect((await cache.job('j1', load))?.expiresAt).toBe(3_000);
    now = 2_999;
    await cache.job('j1', load);
    expect(loads).toBe(1);
    now = 3_000;
    await cache.job('j1', load);
    expect(loads).toBe(2);
  });

  it("forgets a changed job's page and every board, and does not keep a read the change overtook", async () => {
    const cache = new PublicReadCache(10_000);
    let loads = 0;
    const load = async () => ({ value: { loads: ++loads } });
    await cache.job('j1', load);
    await cache.job('j2', load);
    await cache.board('q=a', load);
    cache.changed('j1');
    expect(cache.size).toBe(1);
    let release: () => void = () => undefined;
    const slow = cache.job('j1', () => new Promise((resolve) => (release = () => resolve({ value: 'old' }))));
    cache.changed('j1');
    // A request after the change does not join the read begun before it.
    const fresh = await cache.job('j1', async () => ({ value: 'new' }));
    release();
    expect((await slow)?.body).toBe('"old"');
    expect(fresh?.body).toBe('"new"');
    expect((await cache.job('j1', async () => ({ value: 'newer' })))?.body).toBe('"new"');
    cache.changed('*');
    expect(cache.size).toBe(0);
  });

  it('answers nothing for nothing, and keeps nothing when turned off', async () => {
    const off = new PublicReadCache(0);
    let loads = 0;
    await off.job('j1', async () => ({ value: ++loads }));
    await off.job('j1', async () => ({ value: ++loads }));
    expect(loads).toBe(2);
    expect(await off.job('missing', async () => undefined)).toBeUndefined();
  });
});
