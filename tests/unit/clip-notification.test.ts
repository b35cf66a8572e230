import { describe, expect, it } from 'vitest';
import { clipNotification, clipText } from '../../server/features/notifications/clip-notification.ts';
import { NOTIFICATION_LIMITS } from '../../shared/schemas/notifications.ts';

/** PostgreSQL's char_length: code points, not UTF-16 units. */
const charLength = (value: string) => [...value].length;

describe('clipping a notification to the database limits', () => {
  it('leaves text within the limit as it is, even exactly at it', () => {
    expect(clipText('Kavya Menon applied', 200)).toBe('Kavya Menon applied');
    expect(clipText('a'.repeat(200), 200)).toBe('a'.repeat(200));
  });

  it('cuts longer text to the limit, ending in an ellipsis with no space before it', () => {
    const clipped = clipText(`${'word '.repeat(60)}end`, 200);
    expect(charLength(clipped)).toBeLessThanOrEqual(200);
    expect(clipped.endsWith('word…')).toBe(true);
    expect(clipText('a'.repeat(201), 200)).toBe(`${'a'.repeat(199)}…`);
  });

  it('counts characters as PostgreSQL does and never splits an emoji or a conjunct with its vowel sign', () => {
    // 150 emoji are 300 UTF-16 units but 150 characters: within the limit, kept whole.
    expect(clipText('🙂'.repeat(150), 200)).toBe('🙂'.repeat(150));
    const emoji = clipText('🙂'.repeat(250), 200);
    expect(emoji).toBe(`${'🙂'.repeat(199)}…`);
    expect(emoji).not.toContain('\uFFFD');
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    // "क्षि" is one grapheme of four code points: the cut falls before it, not inside it.
    const conjunct = clipText(`${'a'.repeat(196)}क्षि`, 199);
    expect(conjunct).toBe(`${'a'.repeat(196)}…`);
  });

  it('clips the title to 200 and the message to 2000 characters', () => {
    const notice = clipNotification({ title: 'T'.repeat(500), message: 'M'.repeat(5000) });
    expect(charLength(notice.title)).toBe(NOTIFICATION_LIMITS.title);
    expect(charLength(notice.message)).toBe(NOTIFICATION_LIMITS.message);
    expect(notice.title.endsWith('…')).toBe(true);
    expect(clipNotification({ title: 'Short', message: 'Also short' })).toEqual({ title: 'Short', message: 'Also short' });
  });
});
