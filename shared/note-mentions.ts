/**
 * Mentions in a note's body (issue 36 §2): the mention picker writes @[Name](user id); the body is
 * stored so, and shown with each token as "@Name". Pure, for the server (who was mentioned, the
 * notification's text) and the browser (the note as read, the box as edited).
 */
export const MENTION_TOKEN = /@\[([^[\]\n\r]{1,100})\]\(([A-Za-z0-9_-]{1,64})\)/g;

export interface Mention {
  userId: string;
  /** The name as the picker wrote it. */
  label: string;
}

/** Each member mentioned once, in the order first mentioned. */
export function mentionsIn(body: string): Mention[] {
  const seen = new Map<string, Mention>();
  for (const match of body.matchAll(MENTION_TOKEN)) {
    const [, label = '', userId = ''] = match;
    if (!seen.has(userId)) seen.set(userId, { userId, label });
  }
  return [...seen.values()];
}

/** The body as people read it: each token as @Name. */
export function plainNoteText(body: string): string {
  return body.replace(MENTION_TOKEN, (_whole, label: string) => `@${label}`);
}

export type NotePart = { kind: 'text'; text: string } | { kind: 'mention'; userId: string; label: string };

/** The body cut into text and mentions, for showing mentions apart (as text, never as HTML). */
export function noteParts(body: string): NotePart[] {
  const parts: NotePart[] = [];
  let at = 0;
  for (const match of body.matchAll(MENTION_TOKEN)) {
    const index = match.index ?? 0;
    if (index > at) parts.push({ kind: 'text', text: body.slice(at, index) });
    parts.push({ kind: 'mention', label: match[1] ?? '', userId: match[2] ?? '' });
    at = index + match[0].length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}

/**
 * The box's plain text back to a body: each "@Name" of a member picked in the box becomes their
 * token (longest names first, so "@Priya Sharma" wins over "@Priya"). A name picked and then
 * deleted from the text mentions no one.
 */
export function withMentionTokens(text: string, picked: readonly Mention[]): string {
  const byLength = [...new Map(picked.map((one) => [one.label, one])).values()].sort((a, b) => b.label.length - a.label.length);
  if (byLength.length === 0) return text;
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`@(${byLength.map((one) => escape(one.label)).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  const byLabel = new Map(byLength.map((one) => [one.label, one]));
  return text.replace(pattern, (whole, label: string) => {
    const mention = byLabel.get(label);
    return mention ? `@[${mention.label}](${mention.userId})` : whole;
  });
}
