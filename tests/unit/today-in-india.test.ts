import { describe, expect, it } from 'vitest';
import { JOB_TIME_ZONE, todayInIndia } from '../../shared/schemas/jobs.ts';

const byIntl = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: JOB_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

describe('todayInIndia', () => {
  it("is the date Intl gives for Asia/Kolkata, at every day's edges for four years", () => {
    const start = Date.UTC(2025, 0, 1);
    for (let day = 0; day < 4 * 366; day += 1) {
      // IST midnight is 18:30 UTC the day before: a minute either side of it, and noon.
      const midnight = start + day * 86_400_000 - (5 * 60 + 30) * 60_000;
      for (const instant of [midnight - 60_000, midnight, midnight + 60_000, midnight + 12 * 3_600_000]) {
        expect(todayInIndia(new Date(instant))).toBe(byIntl(new Date(instant)));
      }
    }
  });

  it('writes years before 2000 and leap days as Intl does', () => {
    for (const iso of ['1999-12-31T18:29:59Z', '1999-12-31T18:30:00Z', '2028-02-28T18:30:00Z', '2028-02-29T18:29:59.999Z']) {
      expect(todayInIndia(new Date(iso))).toBe(byIntl(new Date(iso)));
    }
  });
});
