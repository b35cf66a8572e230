import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema, secondsToDays, shareOf } from '../../shared/schemas/analytics.ts';
import { messages } from '../../shared/messages.ts';
import { toCsv } from '../../web/features/analytics/lib/csv.ts';
import { presetRange } from '../../web/features/analytics/lib/date-range.ts';

describe('analytics date presets (IST dates)', () => {
  it('counts the last 30 days with today, the quarter from its first day, and 12 months from the day after a year ago', () => {
    expect(presetRange('last30', '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetRange('last30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('quarter', '2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-11-26' });
    expect(presetRange('quarter', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(presetRange('quarter', '2027-03-31')).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(presetRange('last12', '2026-11-26')).toEqual({ from: '2025-11-27', to: '2026-11-26' });
    expect(presetRange('last12', '2028-02-29')).toEqual({ from: '2027-03-02', to: '2028-02-29' });
  });
});

describe('analytics query and figures', () => {
  it('takes two dates in order within three years, and names what is wrong otherwise', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-10-01', to: '2026-10-01' }).success).toBe(true);
    const message = (query: object) => analyticsQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(message({ from: '2026-10-02', to: '2026-10-01' })).toBe(messages.analytics.rangeOrder);
    expect(message({ from: '2026-02-30', to: '2026-03-01' })).toBe(messages.analytics.invalidDate);
    expect(message({ from: '2022-12-01', to: '2026-01-01' })).toBe(messages.analytics.rangeTooLong);
    expect(message({ from: '2026-01-01', to: '2026-01-02', job_id: 'x' })).toBe(messages.analytics.invalidJob);
  });

  it('rounds shares to four decimals and days to one, with null for nothing', () => {
    expect(shareOf(2, 3)).toBe(0.6667);
    expect(shareOf(0, 0)).toBeNull();
    expect(secondsToDays(1.25 * 86400)).toBe(1.3);
    expect(secondsToDays(null)).toBeNull();
  });
});

describe('CSV download', () => {
  it('quotes commas, quotes and line breaks, leaves numbers bare, and defuses formulas', () => {
    expect(toCsv(['Job', 'Applications'], [['Engineer, Backend', 12], ['He said "hi"', null], ['=HYPERLINK("x")', 0], ['-1', 3]])).toBe(
      'Job,Applications\r\n"Engineer, Backend",12\r\n"He said ""hi""",\r\n"\'=HYPERLINK(""x"")",0\r\n\'-1,3\r\n',
    );
  });
});
