/** The EPFO bench's route-table goal (issue 34): a route while 100 candidates verify keeps ×0.90 or more of itself alone. */
export const ROUTE_GOAL = 0.9;

/**
 * A row's verdict. The rounds' alone runs (after over before) show how far the machine moves with
 * nothing else running; when their median strays from ×1.00 by more than the goal's margin, a
 * ratio on either side of ×0.90 says nothing about the burst, and the row says so.
 */
export function routeVerdict(ratio: number, aloneRatios: number[]): string {
  const strays = aloneRatios.map((each) => Math.abs(each - 1)).sort((a, b) => a - b);
  const spread = strays.length === 0 ? 0 : strays[Math.floor(strays.length / 2)]!;
  if (spread > 1 - ROUTE_GOAL) return `too noisy to tell (the alone runs differ by ${Math.round(spread * 100)}%)`;
  return ratio >= ROUTE_GOAL ? 'within 10%' : 'slower by more than 10%';
}
