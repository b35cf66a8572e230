/** The date-range presets of Analytics, as IST dates (YYYY-MM-DD): the server reads days in India's calendar. */
export const PRESETS = ['last30', 'quarter', 'last12', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The range a preset names, ending today (India's date): the last 30 days including today; this
 * quarter from its first day (January, April, July or October, as India's financial quarters);
 * the last 12 months from the day after this date a year ago.
 */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  const date = parse(today);
  if (preset === 'last30') return { from: iso(new Date(date.getTime() - 29 * DAY_MS)), to: today };
  if (preset === 'quarter') return { from: iso(new Date(Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1))), to: today };
  const yearAgo = new Date(Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate()));
  // 29 February a year on is 1 March (Date.UTC rolls over); the day after either is the start.
  return { from: iso(new Date(yearAgo.getTime() + DAY_MS)), to: today };
}
