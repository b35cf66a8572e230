const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * "5 Jan 2027": a date as date-fns writes it with 'd MMM yyyy', in the browser's time zone (a unit
 * test holds the two equal). The public job page writes its closing date with this instead, so its
 * first load carries no date library and no locale (issue 14, item 4).
 */
export function formatDayMonthYear(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}
