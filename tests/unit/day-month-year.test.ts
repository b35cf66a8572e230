import { afterEach, describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { formatDayMonthYear } from '../../web/lib/day-month-year.ts';

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe('formatDayMonthYear', () => {
  it("writes a date as date-fns' 'd MMM yyyy' does, in the time zone it runs in", () => {
    for (const zone of ['Asia/Kolkata', 'America/Los_Angeles', 'UTC', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      // Every month's edges of two years, and the instants either side of midnight UTC and IST.
      for (let month = 0; month < 24; month += 1) {
        for (const at of [Date.UTC(2026, month, 1, 0, 0), Date.UTC(2026, month, 1, 18, 29, 59), Date.UTC(2026, month, 1, 18, 30), Date.UTC(2026, month + 1, 0, 23, 59, 59)]) {
          expect(formatDayMonthYear(new Date(at)), `${zone} ${new Date(at).toISOString()}`).toBe(format(new Date(at), 'd MMM yyyy'));
        }
      }
    }
  });

  it('writes a closing date in India as Indians read it', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(formatDayMonthYear(new Date('2027-01-05T18:29:59Z'))).toBe('5 Jan 2027');
    expect(formatDayMonthYear(new Date('2027-01-05T18:30:00Z'))).toBe('6 Jan 2027');
  });
});
