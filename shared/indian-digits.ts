/**
 * A whole number with Indian digit grouping (the last three digits, then pairs: lakh and crore):
 * 9999 → "9,999", 1249900 → "12,49,900", -1234567 → "-12,34,567". The same text as
 * `Intl.NumberFormat('en-IN')` gives for a whole number (a unit test holds them equal), without it:
 * a browser's first Intl formatter loads its locale data, 15-30 ms of main thread on this machine,
 * and the first pages format prices while they load (issue 14, item 4).
 */
export function groupIndianDigits(whole: number): string {
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Not a whole number: ${whole}`);
  const digits = String(Math.abs(whole));
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${whole < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last}`;
}

/** ₹ with Indian digit grouping, whole rupees: 9999 → "₹9,999", 1249900 → "₹12,49,900". */
export function formatWholeRupees(rupees: number): string {
  // Halves away from zero, as Intl rounds them.
  const grouped = groupIndianDigits(Math.sign(rupees) * Math.round(Math.abs(rupees)));
  return grouped.startsWith('-') ? `-₹${grouped.slice(1)}` : `₹${grouped}`;
}
