import { messages } from '@shared/messages.ts';
import { fill } from '@web/lib/fill.ts';

/** Pay in lakh rupees a year as people write it: 12.5 → "₹12.5 L", 18 → "₹18 L", 1250 → "₹1,250 L". */
export function formatLakh(amount: number): string {
  return fill(messages.candidateSearch.payLakh, { amount: amount.toLocaleString('en-IN', { maximumFractionDigits: 2 }) });
}
