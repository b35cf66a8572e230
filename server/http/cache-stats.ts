/** How often a cache answered from memory (a hit) or had to read (a miss); /metrics reports them. */
export interface CacheCounts {
  hits: number;
  misses: number;
}

export const newCacheCounts = (): CacheCounts => ({ hits: 0, misses: 0 });

/**
 * The caches of one app, by name, found through what they all share: the app's database. The
 * caches are made inside feature plugins, so this is how metrics reads them without each feature
 * importing metrics (observability/metrics.ts reads; the caches only count).
 */
const byOwner = new WeakMap<object, Map<string, CacheCounts>>();

export function trackCache(owner: object, name: string, counts: CacheCounts): void {
  let caches = byOwner.get(owner);
  if (!caches) byOwner.set(owner, (caches = new Map()));
  caches.set(name, counts);
}

export function trackedCaches(owner: object): ReadonlyMap<string, CacheCounts> {
  return byOwner.get(owner) ?? new Map();
}
