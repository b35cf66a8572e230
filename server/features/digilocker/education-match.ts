/**
 * Whether a certificate's course confirms the education a candidate wrote on their profile (a free
 * text such as "B.Tech, Computer Science" or "Class 12, CBSE"). Both are reduced to the awards
 * they name, in the ways Indians write them (B.Tech, BTech, Bachelor of Technology; Class XII,
 * 12th, HSC, PUC), and the certificate confirms the education when they share one. B.E. and
 * B.Tech are different degrees and do not confirm each other.
 */
const AWARDS: readonly [award: string, pattern: RegExp][] = [
  ['phd', /\bph\.?\s?d\b|doctor of philosophy/],
  ['mtech', /\bm\.?\s?tech\b|master of technology/],
  ['me', /\bm\.\s?e\b|\bme\s*\(|master of engineering/],
  ['mba', /\bm\.?\s?b\.?\s?a\b|master of business administration/],
  ['mca', /\bm\.?\s?c\.?\s?a\b|master of computer applications/],
  ['msc', /\bm\.?\s?sc\b|master of science/],
  ['mcom', /\bm\.?\s?com\b|master of commerce/],
  ['ma', /\bm\.\s?a\b|master of arts/],
  ['btech', /\bb\.?\s?tech\b|bachelor of technology/],
  ['be', /\bb\.\s?e\b|\bbe\s*\(|^be\b|bachelor of engineering/],
  ['bca', /\bb\.?\s?c\.?\s?a\b|bachelor of computer applications/],
  ['bsc', /\bb\.?\s?sc\b|bachelor of science/],
  ['bcom', /\bb\.?\s?com\b|bachelor of commerce/],
  ['ba', /\bb\.\s?a\b|^ba\b|bachelor of arts/],
  ['mbbs', /\bm\.?\s?b\.?\s?b\.?\s?s\b|bachelor of medicine/],
  ['diploma', /\bdiploma\b/],
  ['class12', /\bclass\s*(xii|12)\b|\b12th\b|\bhsc\b|higher secondary|senior (school|secondary)|\baissce\b|\bintermediate\b|\bpuc\b|\bplus two\b/],
  ['class10', /\bclass\s*(x|10)\b|\b10th\b|\bssc\b|\bsslc\b|\bmatric|\baisse\b|secondary school (certificate|examination)/],
];

/** What certificate types mean when the course text does not say (DigiLocker doctypes). */
const DOCTYPE_AWARDS: Readonly<Record<string, string>> = { HSCER: 'class12', SSCER: 'class10' };

export function awardsIn(text: string): Set<string> {
  const lower = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const found = new Set<string>();
  for (const [award, pattern] of AWARDS) if (pattern.test(lower)) found.add(award);
  // "Senior School Certificate" names class XII; the class X pattern's "secondary school" must not add class10 to it.
  if (found.has('class12') && /senior school certificate/.test(lower) && !/\bclass\s*(x|10)\b|\b10th\b/.test(lower)) found.delete('class10');
  return found;
}

export function confirmsEducation(education: string | null, certificate: { course: string | null; doctype: string }): boolean {
  if (!education) return false;
  const claimed = awardsIn(education);
  const certified = certificate.course ? awardsIn(certificate.course) : new Set<string>();
  const byType = DOCTYPE_AWARDS[certificate.doctype.toUpperCase()];
  if (byType) certified.add(byType);
  for (const award of certified) if (claimed.has(award)) return true;
  return false;
}
