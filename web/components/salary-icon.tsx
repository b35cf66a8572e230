import { Banknote, IndianRupee } from 'lucide-react';

/** A salary that states its currency already: "₹10-15 LPA", "Rs. 25,000 a month", "INR 8 LPA". */
const STATES_CURRENCY = /₹|\bRs\b\.?|\bINR\b/i;

/**
 * The icon before a job's salary: a rupee sign, unless the employer's text already carries one, where
 * a rupee icon read as "₹ ₹10-15 LPA" (issue 33 C5); then a plain banknote.
 */
export function salaryIcon(salary: string | null | undefined): typeof IndianRupee {
  return salary && STATES_CURRENCY.test(salary) ? Banknote : IndianRupee;
}

/** The salary's icon (see salaryIcon), decorative: the salary's text follows it. */
export function SalaryIcon({ salary, className }: { salary: string | null | undefined; className?: string }) {
  return salary && STATES_CURRENCY.test(salary) ? <Banknote className={className} aria-hidden="true" /> : <IndianRupee className={className} aria-hidden="true" />;
}
