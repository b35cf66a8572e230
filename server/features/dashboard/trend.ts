/** India has no daylight saving: Asia/Kolkata is always UTC+05:30. */
const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Starts (as instants) of this calendar month and the previous one, in Asia/Kolkata. */
export function kolkataMonthStarts(now: Date): { thisMonth: Date; lastMonth: Date } {
  const local = new Date(now.getTime() + KOLKATA_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return {
    thisMonth: new Date(Date.UTC(year, month, 1) - KOLKATA_OFFSET_MS),
    lastMonth: new Date(Date.UTC(year, month - 1, 1) - KOLKATA_OFFSET_MS),
  };
}

/**
 * Month-over-month change as a whole percent. With nothing last month there is no ratio: 0 when
 * this month is empty too, else 100 (shown as "+100%").
 */
export function monthOverMonthPercent(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth === 0 ? 0 : 100;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
}
