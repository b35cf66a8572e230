/**
 * Deterministic randomness for generated test and demo data (the scans' noise, the labelled
 * corpus): the same seed gives the same numbers on every machine and run.
 */
export type Random = () => number;

/** A number from a string (FNV-1a), to seed by a name. */
export function hashSeed(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for generated data. */
export function seeded(seed: number | string): Random {
  let state = typeof seed === 'string' ? hashSeed(seed) : seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
