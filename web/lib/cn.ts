/** Joins class names, skipping falsy ones (a tiny stand-in for clsx; no conflicting-class merging). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
