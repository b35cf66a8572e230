/**
 * Two small rules of English the texts need (issue 33 C5): the message for a count ("1 application",
 * "2 applications") and the article before a noun ("an experience letter", "a UAN").
 */

/** `one` for exactly 1, `many` for any other count (0 applications, 2 applications). */
export function forCount(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

// Letters that are written as vowels but sound like "you"/"w" (a UAN, a user, a one-time code), and
// consonants that are silent (an hour, an honest): the article follows the sound, not the letter.
const YOU_SOUND = /^(u[bcfgklmrst][aeiou]|u[a-z]?$|uan\b|uni(?!n)|use|usu|uti|one\b|once\b|eu)/i;
const SILENT_H = /^(hour|honest|honou?r|heir)/i;
/** Initialisms said letter by letter whose first letter's name starts with a vowel sound: an SMS, an MBA, an HR head. */
const VOWEL_LETTER_NAME = /^[AEFHILMNORSX](?![a-z])/;

/** The noun phrase with "a" or "an" before it: "an experience letter", "a UAN (EPFO)", "a resume". */
export function withArticle(phrase: string): string {
  const word = phrase.trimStart();
  if (/^[A-Z]{2,}/.test(word) || /^[A-Z](?![a-z])/.test(word)) return `${VOWEL_LETTER_NAME.test(word) ? 'an' : 'a'} ${phrase}`;
  if (YOU_SOUND.test(word)) return `a ${phrase}`;
  if (SILENT_H.test(word) || /^[aeiou]/i.test(word)) return `an ${phrase}`;
  return `a ${phrase}`;
}
