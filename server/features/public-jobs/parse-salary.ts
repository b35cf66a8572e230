/** A job's pay as numbers, in rupees, for schema.org's baseSalary (issue 33, C3). */
export interface ParsedSalary {
  minValue: number;
  /** Equal to minValue for a single figure. */
  maxValue: number;
  unitText: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
}

const LAKH = 100_000;
const CRORE = 10_000_000;

const PERIODS: [RegExp, ParsedSalary['unitText']][] = [
  [/\b(per|a|an|\/)\s*(hour|hr)\b|\bhourly\b/, 'HOUR'],
  [/\b(per|a|\/)\s*day\b|\bdaily\b/, 'DAY'],
  [/\b(per|a|\/)\s*week\b|\bweekly\b/, 'WEEK'],
  [/\b(per|a|\/)\s*(month|mo)\b|\bmonthly\b|\bp\.?\s?m\b/, 'MONTH'],
  [/\b(per|a|\/)\s*(annum|year|yr)\b|\byearly\b|\bannual(ly)?\b|\bp\.?\s?a\b|\bctc\b/, 'YEAR'],
];

/** A multiplier written after a figure: "15k", "12 L", "10 lakh", "1.2 Cr"; LPA is lakhs a year. */
function multiplierOf(suffix: string | undefined): number | undefined {
  if (!suffix) return undefined;
  if (suffix === 'k' || suffix === 'thousand') return 1_000;
  if (/^(l|lpa|lakhs?|lacs?|lac)$/.test(suffix)) return LAKH;
  if (/^(cr|crores?)$/.test(suffix)) return CRORE;
  return undefined;
}

const FIGURE = /(\d+(?:\.\d+)?)\s*(lpa|lakhs?|lacs?|lac|crores?|cr|thousand|k|l)?(?![a-z])/g;

/**
 * The free-text pay employers write ("₹10-15 LPA", "8 LPA", "25,000 - 30,000 per month", "₹40k/month")
 * as rupees and a period, or undefined when it says no amount ("As per industry standards",
 * "Negotiable"), says only a bound ("Up to 12 LPA"), or holds more than two figures (a range of
 * experience beside the pay is not guessed at). A lakh or crore figure is yearly; a figure with no
 * period is yearly from one lakh up and monthly below, as Indian postings write them.
 */
export function parseSalary(text: string | null | undefined): ParsedSalary | undefined {
  if (!text) return undefined;
  const lower = text
    .toLowerCase()
    .replace(/(\d),(?=\d)/g, '$1') // 6,00,000 and 25,000
    .replace(/[–—]/g, '-')
    .replace(/₹|\brs\.?|\binr\b/g, ' ');
  if (/\b(up\s*to|upto|max(imum)?|min(imum)?|from|starting|above|below|over|under)\b|\+\s*$/.test(lower.replace(/\+\s*(incentives?|bonus|benefits?)/g, ''))) return undefined;
  const figures = [...lower.matchAll(FIGURE)].map((match) => ({ amount: Number(match[1]), multiplier: multiplierOf(match[2]) }));
  if (figures.length === 0 || figures.length > 2) return undefined;
  if (figures.length === 2 && !/\d\s*(lpa|lakhs?|lacs?|lac|crores?|cr|thousand|k|l)?\s*(-|to)\s*\d/.test(lower)) return undefined;
  // "10-15 LPA": a multiplier written once, after the range, counts for both figures.
  const shared = figures.at(-1)?.multiplier ?? (/\blpa\b/.test(lower) ? LAKH : undefined);
  const [low, high] = figures.map(({ amount, multiplier }) => Math.round(amount * (multiplier ?? shared ?? 1)));
  const minValue = low!;
  const maxValue = high ?? minValue;
  if (!(minValue > 0) || maxValue < minValue) return undefined;
  const period = PERIODS.find(([pattern]) => pattern.test(lower))?.[1];
  const inLakhs = figures.some(({ multiplier }) => multiplier === LAKH || multiplier === CRORE) || /\blpa\b/.test(lower);
  const unitText = period ?? (inLakhs || minValue >= LAKH ? 'YEAR' : 'MONTH');
  return { minValue, maxValue, unitText };
}
