/**
 * Text helpers shared by the name and employer matchers. Pure: no I/O, no clock.
 */

/** Lower case, accents dropped, anything but letters and digits turned into word breaks. */
export function foldToWords(input: string): string[] {
  return input
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean);
}

/** Levenshtein distance; names are short, so the plain two-row version is enough. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export interface Keyed {
  /** The word as written (folded), or two words joined with a space once merged. */
  text: string;
  /** The comparison key. */
  key: string;
}

/**
 * Where one side writes as one word what the other writes as two ("Senthilkumar" / "Senthil
 * Kumar", "Infoedge" / "Info Edge"), joins the two so they can pair. Returns new arrays.
 */
export function mergeJoinedWords<T extends Keyed>(left: T[], right: T[], join: (a: T, b: T) => T): [T[], T[]] {
  const mergeInto = (whole: T[], split: T[]): T[] => {
    const keys = new Set(whole.map((item) => item.key));
    const out: T[] = [];
    for (let index = 0; index < split.length; index += 1) {
      const a = split[index];
      const b = split[index + 1];
      const joined = a && b ? join(a, b) : null;
      if (a && b && joined && keys.has(joined.key) && !keys.has(a.key) && !keys.has(b.key)) {
        out.push(joined);
        index += 1;
      } else if (a) {
        out.push(a);
      }
    }
    return out;
  };
  const mergedRight = mergeInto(left, right);
  const mergedLeft = mergeInto(mergedRight, left);
  return [mergedLeft, mergedRight];
}

export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Quotes a word for a reason line: "Kumar". */
export const q = (text: string): string => `"${text}"`;
