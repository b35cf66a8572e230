import { NOTIFICATION_LIMITS } from '../../../shared/schemas/notifications.ts';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const codePoints = (value: string) => [...value].length;

/**
 * Text cut to at most `max` characters as PostgreSQL's char_length counts them (code points),
 * ending in "…" when cut. The cut falls between graphemes, so an emoji or a conjunct with its
 * vowel sign is never split into a broken character.
 */
export function clipText(value: string, max: number): string {
  if (codePoints(value) <= max) return value;
  let kept = '';
  let count = 0;
  for (const { segment } of graphemes.segment(value)) {
    const size = codePoints(segment);
    if (count + size > max - 1) break;
    kept += segment;
    count += size;
  }
  return `${kept.trimEnd()}…`;
}

/** An in-app notice's title and message cut to the database's limits on them (NOTIFICATION_LIMITS, migration 0002). */
export function clipNotification(notice: { title: string; message: string }): { title: string; message: string } {
  return { title: clipText(notice.title, NOTIFICATION_LIMITS.title), message: clipText(notice.message, NOTIFICATION_LIMITS.message) };
}
