import { inr, labelledAmounts, type LabelledAmount } from './amounts.ts';
import type { ForensicFlag, TextLine } from './types.ts';

/** Rupees two figures may differ by (rounding). */
const TOLERANCE = 1;
/** The PF wage ceiling: 12% of ₹15,000, which many employers deduct however high the basic is. */
const PF_CEILING_WAGE = 15_000;

const GROSS = /^(gross (earnings|salary|pay)|total earnings|gross)$/;
const TOTAL_DEDUCTIONS = /^(total deductions?|gross deductions)$/;
const NET = /^(net (pay|salary|amount( payable)?|take ?home)|take ?home( pay)?)$/;
const BASIC = /^basic( (pay|salary|wages?))?$/;
const DA = /^(da|dearness allowance)$/;
// "EPF Contribution" as Zoho Payroll prints it, "Employee PF Contribution", "Provident Fund"…
const PF = /^(employee'?s? )?(pf|epf|provident fund)( contribution)?$/;
const EARNING = /(allowance|\bhra\b|house rent|conveyance|bonus|incentive|overtime|\blta\b|leave travel|medical|special|arrears?|commission|reimbursement)/;
const DEDUCTION = /(tax|\btds\b|\besic?\b|\blwf\b|welfare|loan|advance|recovery|insurance|canteen|\bvpf\b)/;

const place = (pair: LabelledAmount) => ({ ...(pair.line.page !== null ? { page: pair.line.page } : {}), ...(pair.line.rect ? { rect: pair.line.rect } : {}) });
const sum = (pairs: LabelledAmount[]) => Math.round(pairs.reduce((total, pair) => total + pair.amount, 0) * 100) / 100;

/**
 * Signal 6, salary slip: the earnings add up to the gross, gross minus deductions is the net, and
 * the employee's PF is 12% of basic (plus DA), or 12% of the ₹15,000 ceiling, within a rupee.
 * A figure the slip does not show is not checked.
 */
export function payslipArithmetic(lines: TextLine[]): ForensicFlag[] {
  const pairs = labelledAmounts(lines);
  const first = (pattern: RegExp) => pairs.find((pair) => pattern.test(pair.label));
  const gross = first(GROSS);
  const net = first(NET);
  const totalDeductions = first(TOTAL_DEDUCTIONS);
  const basic = first(BASIC);
  const da = first(DA);
  const pf = first(PF);
  // Sets: "Dearness allowance" is both DA and an allowance, and counts once.
  const earnings = [...new Set([basic, da, ...pairs.filter((pair) => EARNING.test(pair.label) && !GROSS.test(pair.label))])].filter((pair): pair is LabelledAmount => pair !== undefined);
  const deductions = [...new Set([pf, ...pairs.filter((pair) => DEDUCTION.test(pair.label) && !TOTAL_DEDUCTIONS.test(pair.label))])].filter((pair): pair is LabelledAmount => pair !== undefined);
  const flags: ForensicFlag[] = [];
  const flag = (rule: string, found: string, expected: string, at: LabelledAmount) =>
    flags.push({ signal: 'arithmetic', rule, weight: 'high', found, expected, evidence: at.line.text.trim().slice(0, 200), ...place(at) });

  if (gross && earnings.length >= 2 && Math.abs(sum(earnings) - gross.amount) > TOLERANCE) {
    flag('forensic_earnings_sum', `Earnings add up to ${inr(sum(earnings))}; the gross says ${inr(gross.amount)}`, `Gross ${inr(sum(earnings))}`, gross);
  }
  const deducted = totalDeductions?.amount ?? (deductions.length > 0 ? sum(deductions) : null);
  if (gross && net && deducted !== null && Math.abs(gross.amount - deducted - net.amount) > TOLERANCE) {
    const expected = Math.round((gross.amount - deducted) * 100) / 100;
    flag('forensic_net_pay_sum', `Gross ${inr(gross.amount)} − deductions ${inr(deducted)} is ${inr(expected)}; the net pay says ${inr(net.amount)}`, `Net pay ${inr(expected)}`, net);
  }
  if (basic && pf) {
    const wage = basic.amount + (da?.amount ?? 0);
    const expected = Math.round(wage * 0.12 * 100) / 100;
    const atCeiling = wage > PF_CEILING_WAGE && Math.abs(pf.amount - PF_CEILING_WAGE * 0.12) <= TOLERANCE;
    if (Math.abs(pf.amount - expected) > TOLERANCE && !atCeiling) {
      flag('forensic_pf_rate', `PF ${inr(pf.amount)} is not 12% of ${da ? 'basic + DA' : 'basic'} ${inr(wage)} (${inr(expected)})`, `PF ${inr(expected)}`, pf);
    }
  }
  return flags;
}
