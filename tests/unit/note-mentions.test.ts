import { describe, expect, it } from 'vitest';
import { mentionsIn, noteParts, plainNoteText, withMentionTokens } from '../../shared/note-mentions.ts';
import { normaliseTag } from '../../shared/schemas/candidate-record.ts';

/** Issue 36 §2: mentions in a note's body, written by the picker and read back. */
describe('note mentions', () => {
  const priya = { userId: 'u1', label: 'Priya' };
  const priyaSharma = { userId: 'u2', label: 'Priya Sharma' };

  it('turns each picked @Name into its token, longest names first, and leaves names no longer in the text', () => {
    expect(withMentionTokens('@Priya Sharma and @Priya, call', [priya, priyaSharma])).toBe('@[Priya Sharma](u2) and @[Priya](u1), call');
    expect(withMentionTokens('@Priyanka is someone else', [priya])).toBe('@Priyanka is someone else');
    expect(withMentionTokens('no one', [priya])).toBe('no one');
  });

  it('reads the mentions once each, the plain text, and the parts to show', () => {
    const body = 'Ask @[Priya Sharma](u2), then @[Priya](u1) and @[Priya Sharma](u2) again';
    expect(mentionsIn(body)).toEqual([priyaSharma, priya]);
    expect(plainNoteText(body)).toBe('Ask @Priya Sharma, then @Priya and @Priya Sharma again');
    expect(noteParts('Hi @[Priya](u1)!')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', userId: 'u1', label: 'Priya' },
      { kind: 'text', text: '!' },
    ]);
    // Not a token: brackets inside the name, or an id with odd characters.
    expect(mentionsIn('@[a]b](u1) @[x](u 1)')).toEqual([]);
  });

  it('normalises a tag: trimmed, inner spaces collapsed', () => {
    expect(normaliseTag('  Night \t shift ')).toBe('Night shift');
  });
});
