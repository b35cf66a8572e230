/**
 * GST on what WorkCred sells, and how a tax invoice writes money (issue 15). Integer paise only.
 *
 * SaaS is taxed at 18%: within the supplier's own state as 9% CGST + 9% SGST, otherwise as 18%
 * IGST. Each component is rounded to the paisa (half up), so CGST and SGST are always equal.
 */
import { groupIndianDigits } from './indian-digits.ts';

export const GST_RATE_PERCENT = 18;
/** Services accounting code for "other information technology services" (SaaS subscriptions). */
export const SAAS_SAC = '998314';

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** intra: CGST + SGST (same state); inter: IGST. */
  kind: 'intra' | 'inter';
}

/** percent% of an amount in paise, rounded half up to the paisa, with integers only. */
function percentOf(paise: number, percent: number): number {
  return Math.floor((paise * percent * 2 + 100) / 200);
}

export function taxSplit(taxablePaise: number, supplierStateCode: string, placeOfSupplyCode: string): TaxSplit {
  if (!Number.isSafeInteger(taxablePaise) || taxablePaise < 0) throw new RangeError(`taxable value must be whole paise, got ${taxablePaise}`);
  if (supplierStateCode === placeOfSupplyCode) {
    const half = percentOf(taxablePaise, GST_RATE_PERCENT / 2);
    return { taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise: 0, totalPaise: taxablePaise + 2 * half, kind: 'intra' };
  }
  const igst = percentOf(taxablePaise, GST_RATE_PERCENT);
  return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: igst, totalPaise: taxablePaise + igst, kind: 'inter' };
}

/** The price with GST for a buyer whose state we do not know yet: the inter-state (IGST) total, equal to the intra-state one but for a paisa of rounding. */
export function withGst(taxablePaise: number): number {
  return taxablePaise + percentOf(taxablePaise, GST_RATE_PERCENT);
}

/** 1474882 → "₹14,748.82"; 1234567800 → "₹1,23,45,678.00" (lakh and crore grouping, always paise). */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}₹${groupIndianDigits(rupees)}.${String(rest).padStart(2, '0')}`;
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in the Indian system: 12345678 → "One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`expected a whole number, got ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 1_00_00_000);
  const lakh = Math.floor((n % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((n % 1_00_000) / 1000);
  const rest = n % 1000;
  return [crore ? `${numberInWords(crore)} Crore` : '', lakh ? `${belowHundred(lakh)} Lakh` : '', thousand ? `${belowHundred(thousand)} Thousand` : '', rest ? belowThousand(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** 1474882 → "Rupees Fourteen Thousand Seven Hundred Forty-Eight and Eighty-Two Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/** India Standard Time: one offset, no daylight saving. */
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The calendar date in India at an instant, as YYYY-MM-DD. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** "25 Nov 2026", the date in India. */
export function formatIstDate(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(at);
}

/** The Indian financial year (April to March) of an instant in IST: 2027-03-31 → "2026-27", 2027-04-01 → "2027-28". */
export function financialYear(at: Date): string {
  const [year, month] = istDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Invoice numbers run consecutively within a financial year: "WC/2026-27/00042" (16 characters at most, as GST rules allow). */
export function invoiceNumber(fy: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 99_999) throw new RangeError(`invoice sequence out of range: ${sequence}`);
  return `WC/${fy}/${String(sequence).padStart(5, '0')}`;
}

/**
 * The split of an amount charged with GST included (what a payment provider reports): the taxable
 * value is the total less the tax, so the invoice's lines add up to exactly what was paid.
 */
export function taxSplitOfTotal(totalPaise: number, supplierStateCode: string, placeOfSupplyCode: string): TaxSplit {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError(`total must be whole paise, got ${totalPaise}`);
  let taxable = Math.round((totalPaise * 100) / (100 + GST_RATE_PERCENT));
  // Rounding each component can leave the sum a paisa away; move the taxable value until it adds up.
  for (let step = 0; step < 4; step++) {
    const split = taxSplit(taxable, supplierStateCode, placeOfSupplyCode);
    if (split.totalPaise === totalPaise) return split;
    taxable += totalPaise > split.totalPaise ? 1 : -1;
  }
  const split = taxSplit(taxable, supplierStateCode, placeOfSupplyCode);
  const taxes = split.cgstPaise + split.sgstPaise + split.igstPaise;
  return { ...split, taxablePaise: totalPaise - taxes, totalPaise };
}
