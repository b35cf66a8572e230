import { groupIndianDigits } from './indian-digits.ts';

/**
 * An offer's cost to company (issue 36 §5): six components a year, each integer paise (a rupee is
 * 100 paise). The total is their sum, never typed and never stored apart from them (the database
 * computes it too, a generated column). Monthly figures are the annual divided by 12, rounded to
 * the rupee, and the monthly total is the sum of the rows shown, so the annexure adds up.
 */
export const CTC_COMPONENTS = ['basic', 'hra', 'special_allowance', 'employer_pf', 'gratuity', 'variable_pay'] as const;
export type CtcComponent = (typeof CTC_COMPONENTS)[number];
export type CtcField = `${CtcComponent}_paise`;
export type CtcBreakup = Record<CtcField, number>;

export const ctcField = (component: CtcComponent): CtcField => `${component}_paise`;

/** ₹100 crore a year: no offer is more; a figure above it is a slip of the keyboard. */
export const MAX_CTC_PAISE = 100 * 10_000_000 * 100;
/** The employer's share of provident fund is 12% of basic (EPF Act, section 6): more is a mistake on an offer. */
export const EMPLOYER_PF_PERCENT = 12;

export function ctcTotal(ctc: CtcBreakup): number {
  return CTC_COMPONENTS.reduce((sum, component) => sum + ctc[ctcField(component)], 0);
}

/** The most the employer's PF may be for this basic (12%, rounded down to the paisa). */
export function maxEmployerPf(basicPaise: number): number {
  return Math.floor((basicPaise * EMPLOYER_PF_PERCENT) / 100);
}

/** A year's amount as a month's, to the rupee (in paise). */
export function monthlyPaise(annualPaise: number): number {
  return Math.round(annualPaise / 12 / 100) * 100;
}

/** 123456700 → "₹12,34,567"; 123456750 → "₹12,34,567.50": whole rupees without paise, as offer letters write them. */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = groupIndianDigits(Math.floor(abs / 100));
  const rest = abs % 100;
  return `${sign}₹${rupees}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

export interface AnnexureRow {
  component: CtcComponent | 'total';
  annualPaise: number;
  monthlyPaise: number;
}

/** The CTC annexure: each component given (zero ones left out, basic always shown), then the total. */
export function annexureRows(ctc: CtcBreakup): AnnexureRow[] {
  const rows: AnnexureRow[] = CTC_COMPONENTS.filter((component) => component === 'basic' || ctc[ctcField(component)] > 0).map((component) => ({
    component,
    annualPaise: ctc[ctcField(component)],
    monthlyPaise: monthlyPaise(ctc[ctcField(component)]),
  }));
  rows.push({ component: 'total', annualPaise: ctcTotal(ctc), monthlyPaise: rows.reduce((sum, row) => sum + row.monthlyPaise, 0) });
  return rows;
}
