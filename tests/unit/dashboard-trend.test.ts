import { describe, expect, it } from 'vitest';
import { kolkataMonthStarts, monthOverMonthPercent } from '../../server/features/dashboard/trend.ts';

describe('monthOverMonthPercent', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 100],
    [1, 0, 100],
    [0, 4, -100],
    [10, 10, 0],
    [12, 10, 20],
    [8, 10, -20],
    [2, 3, -33],
    [3, 2, 50],
    [1, 3, -67],
  ])('%i this month vs %i last month → %i%%', (thisMonth, lastMonth, expected) => {
    expect(monthOverMonthPercent(thisMonth, lastMonth)).toBe(expected);
  });

  it('always answers a whole number', () => {
    for (let a = 0; a < 20; a++) for (let b = 0; b < 20; b++) expect(Number.isInteger(monthOverMonthPercent(a, b))).toBe(true);
  });
});

describe('kolkataMonthStarts', () => {
  it('uses the calendar month in India, not in UTC', () => {
    // 31 Oct 2026 20:00 UTC is already 1 Nov 01:30 in Kolkata.
    const { thisMonth, lastMonth } = kolkataMonthStarts(new Date('2026-10-31T20:00:00Z'));
    expect(thisMonth.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(lastMonth.toISOString()).toBe('2026-09-30T18:30:00.000Z');
  });

  it('rolls back across a year boundary', () => {
    const { thisMonth, lastMonth } = kolkataMonthStarts(new Date('2027-01-15T06:00:00Z'));
    expect(thisMonth.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(lastMonth.toISOString()).toBe('2026-11-30T18:30:00.000Z');
  });

  it('keeps a moment just before midnight in Kolkata in the old month', () => {
    const { thisMonth } = kolkataMonthStarts(new Date('2026-10-31T18:29:59Z'));
    expect(thisMonth.toISOString()).toBe('2026-09-30T18:30:00.000Z');
  });
});
