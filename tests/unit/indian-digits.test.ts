import { describe, expect, it } from 'vitest';
import { formatWholeRupees, groupIndianDigits } from '../../shared/indian-digits.ts';
import { formatPaise } from '../../shared/gst.ts';

const intlGrouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const intlRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Every digit count up to 16, each with a few shapes (zeros, nines, mixed), and both signs. */
const samples = [0, 1, 9, 10];
for (let digits = 2; digits <= 16; digits += 1) {
  samples.push(10 ** (digits - 1), 10 ** digits - 1, Number('1234567890123456'.slice(0, digits)), Number('9080706050403020'.slice(0, digits)));
}
const wholes = [...samples, ...samples.filter((n) => n > 0).map((n) => -n)].filter((n) => Number.isSafeInteger(n));

describe('Indian digit grouping', () => {
  it('writes every whole number as Intl en-IN does', () => {
    for (const n of wholes) expect(groupIndianDigits(n), String(n)).toBe(intlGrouped.format(n));
  });

  it('writes rupees as Intl en-IN currency does, halves rounded away from zero', () => {
    for (const n of [...wholes, 2.5, -2.5, 1249900.4, 0.49, 99999.5]) expect(formatWholeRupees(n), String(n)).toBe(intlRupees.format(n));
    expect(formatWholeRupees(1249900)).toBe('₹12,49,900');
  });

  it('refuses what is not a whole number', () => {
    expect(() => groupIndianDigits(1.5)).toThrow(RangeError);
    expect(() => groupIndianDigits(Number.NaN)).toThrow(RangeError);
    expect(() => groupIndianDigits(2 ** 60)).toThrow(RangeError);
  });

  it('keeps the invoice amounts in lakh and crore', () => {
    expect(formatPaise(1474882)).toBe('₹14,748.82');
    expect(formatPaise(1234567800)).toBe('₹1,23,45,678.00');
    expect(formatPaise(-5)).toBe('-₹0.05');
  });
});
