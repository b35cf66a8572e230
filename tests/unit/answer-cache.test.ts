import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../server/http/answer-cache.ts';

describe('AnswerCache', () => {
  const counter = () => {
    let loads = 0;
    return { load: async () => ({ value: { loads: ++loads } }), loads: () => loads };
  };

  it("forgets one group's answers and keeps the others'", async () => {
    const cache = new AnswerCache(10_000);
    const { load, loads } = counter();
    await cache.answer('company-a', 'page-1', load);
    await cache.answer('company-a', 'page-2', load);
    await cache.answer('company-b', 'page-1', load);
    expect(loads()).toBe(3);
    cache.forget('company-a');
    expect(cache.size).toBe(1);
    await cache.answer('company-b', 'page-1', load);
    expect(loads()).toBe(3);
    await cache.answer('company-a', 'page-1', load);
    expect(loads()).toBe(4);
  });

  it('counts answers from memory as hits and loads as misses, for /metrics (issue 37 §4)', async () => {
    const cache = new AnswerCache(10_000);
    const { load } = counter();
    await cache.answer('g', 'k', load);
    await cache.answer('g', 'k', load);
    await cache.answer('g', 'other', load);
    expect(cache.counts).toEqual({ hits: 1, misses: 2 });
    const off = new AnswerCache(0);
    await off.answer('g', 'k', load);
    await off.answer('g', 'k', load);
    expect(off.counts).toEqual({ hits: 0, misses: 2 });
  });

  it('does not keep a read that a change to its group overtook, nor one that forgetting everything overtook', async () => {
    const cache = new AnswerCache(10_000);
    for (const change of [() => cache.forget('g'), () => cache.forgetAll()]) {
      let release: () => void = () => undefined;
      const slow = cache.answer('g', 'k', () => new Promise((resolve) => (release = () => resolve({ value: 'old' }))));
      change();
      release();
      expect((await slow)?.body).toBe('"old"');
      expect((await cache.answer('g', 'k', async () => ({ value: 'new' })))?.body).toBe('"new"');
      cache.forgetAll();
    }
  });

  it('holds at most its number of answers, letting the oldest go first', async () => {
    const cache = new AnswerCache(10_000, 2);
    const { load, loads } = counter();
    await cache.answer('a', '1', load);
    await cache.answer('b', '1', load);
    await cache.answer('c', '1', load);
    expect(cache.size).toBe(2);
    await cache.answer('c', '1', load);
    await cache.answer('b', '1', load);
    expect(loads()).toBe(3);
    await cache.answer('a', '1', load);
    expect(loads()).toBe(4);
  });
});
