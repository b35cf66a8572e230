import { format, parseISO } from 'date-fns';

/** A calendar date ('YYYY-MM-DD', no time zone) as people read it: 1 Apr 2025. parseISO keeps it on that day wherever the browser is. */
export function formatDay(date: string): string {
  return format(parseISO(date), 'd MMM yyyy');
}

/** A moment (ISO timestamp) as a date in the browser's zone. */
export function formatMoment(timestamp: string): string {
  return format(new Date(timestamp), 'd MMM yyyy');
}

/** A moment with its time, for the views log: 1 Apr 2025, 14:05. */
export function formatMomentWithTime(timestamp: string): string {
  return format(new Date(timestamp), 'd MMM yyyy, HH:mm');
}
