import type { ForensicFlag, ForensicSignal, ForensicWeight } from './types.ts';

export interface ForensicRisk {
  level: ForensicWeight;
  /** The signals that made it, in the order found. */
  signals: ForensicSignal[];
}

/**
 * The document's risk from its findings: high with any high-weight finding (an edit left behind,
 * an update that changed a page, figures that do not add up) or two medium ones; medium with one
 * medium finding (an editor as producer, a font that does not belong) or low findings from two
 * signals; low otherwise. null when nothing was found.
 */
export function riskOf(flags: ForensicFlag[]): ForensicRisk | null {
  if (flags.length === 0) return null;
  const signals = [...new Set(flags.map((flag) => flag.signal))];
  const count = (weight: ForensicWeight) => flags.filter((flag) => flag.weight === weight).length;
  const lowSignals = new Set(flags.filter((flag) => flag.weight === 'low').map((flag) => flag.signal)).size;
  const level: ForensicWeight = count('high') > 0 || count('medium') >= 2 ? 'high' : count('medium') === 1 || lowSignals >= 2 ? 'medium' : 'low';
  return { level, signals };
}
