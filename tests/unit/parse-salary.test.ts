import { describe, expect, it } from 'vitest';
import { parseSalary } from '../../server/features/public-jobs/parse-salary.ts';

/** Issue 33, C3: the pay employers type, read as numbers for the JobPosting's baseSalary. */
describe('parseSalary', () => {
  it.each([
    ['₹10-15 LPA', { minValue: 1_000_000, maxValue: 1_500_000, unitText: 'YEAR' }],
    ['₹ ₹10-15 LPA', { minValue: 1_000_000, maxValue: 1_500_000, unitText: 'YEAR' }],
    ['8 LPA', { minValue: 800_000, maxValue: 800_000, unitText: 'YEAR' }],
    ['3.5 LPA', { minValue: 350_000, maxValue: 350_000, unitText: 'YEAR' }],
    ['₹18–24 LPA', { minValue: 1_800_000, maxValue: 2_400_000, unitText: 'YEAR' }],
    ['25,000 - 30,000 per month', { minValue: 25_000, maxValue: 30_000, unitText: 'MONTH' }],
    ['Rs. 15000 to 20000 pm + incentives', { minValue: 15_000, maxValue: 20_000, unitText: 'MONTH' }],
    ['₹40k/month', { minValue: 40_000, maxValue: 40_000, unitText: 'MONTH' }],
    ['15k-20k', { minValue: 15_000, maxValue: 20_000, unitText: 'MONTH' }],
    ['₹6,00,000 - ₹8,00,000 per annum', { minValue: 600_000, maxValue: 800_000, unitText: 'YEAR' }],
    ['10 - 12 lakhs CTC', { minValue: 1_000_000, maxValue: 1_200_000, unitText: 'YEAR' }],
    ['INR 1.2 Cr', { minValue: 12_000_000, maxValue: 12_000_000, unitText: 'YEAR' }],
    ['₹25,000', { minValue: 25_000, maxValue: 25_000, unitText: 'MONTH' }],
    ['₹750 per day', { minValue: 750, maxValue: 750, unitText: 'DAY' }],
    ['₹500/hour', { minValue: 500, maxValue: 500, unitText: 'HOUR' }],
  ])('reads %j', (text, expected) => {
    expect(parseSalary(text)).toEqual(expected);
  });

  it.each(['As per industry standards', 'Negotiable', 'Competitive', '', 'Up to 12 LPA', '2-5 years, 6-8 LPA', '15-10 LPA', '0 LPA'])('finds no amount in %j', (text) => {
    expect(parseSalary(text)).toBeUndefined();
  });

  it('finds none in nothing', () => {
    expect(parseSalary(null)).toBeUndefined();
  });
});
