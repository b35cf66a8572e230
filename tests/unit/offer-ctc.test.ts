import { describe, expect, it } from 'vitest';
import { annexureRows, ctcTotal, formatRupees, maxEmployerPf, monthlyPaise, type CtcBreakup } from '../../shared/offer-ctc.ts';
import { offerBodySchema } from '../../shared/schemas/offers.ts';

const ctc: CtcBreakup = {
  basic_paise: 5_00_000_00,
  hra_paise: 2_50_000_00,
  special_allowance_paise: 1_00_000_50,
  employer_pf_paise: 60_000_00,
  gratuity_paise: 24_050_00,
  variable_pay_paise: 0,
};

/** Issue 36 §5: the CTC arithmetic and how amounts are written (integer paise, Indian grouping). */
describe('offer CTC', () => {
  it('totals the components in paise, exactly', () => {
    expect(ctcTotal(ctc)).toBe(9_34_050_50);
  });

  it('writes rupees Indian style, with paise only when there are some', () => {
    expect(formatRupees(12_34_567_00)).toBe('₹12,34,567');
    expect(formatRupees(12_34_567_50)).toBe('₹12,34,567.50');
    expect(formatRupees(1_00_00_000_00)).toBe('₹1,00,00,000');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('makes a month of a year to the rupee, and an annexure whose monthly column adds up', () => {
    expect(monthlyPaise(5_00_000_00)).toBe(41_667_00);
    expect(monthlyPaise(6_00_000_00)).toBe(50_000_00);
    const rows = annexureRows(ctc);
    // Variable pay of zero is left out; basic always shows.
    expect(rows.map((row) => row.component)).toEqual(['basic', 'hra', 'special_allowance', 'employer_pf', 'gratuity', 'total']);
    const total = rows.at(-1)!;
    expect(total.annualPaise).toBe(ctcTotal(ctc));
    expect(total.monthlyPaise).toBe(rows.slice(0, -1).reduce((sum, row) => sum + row.monthlyPaise, 0));
    expect(annexureRows({ ...ctc, basic_paise: 1, employer_pf_paise: 0 })[0]!.component).toBe('basic');
  });

  it('caps the employer’s PF at 12% of basic, and names the field when it is more', () => {
    expect(maxEmployerPf(6_00_000_00)).toBe(72_000_00);
    expect(maxEmployerPf(1_01)).toBe(12);
    const body = { title: 'Analyst', joining_date: '2027-01-04', basic_paise: 6_00_000_00, employer_pf_paise: 72_000_01 };
    const refused = offerBodySchema.safeParse(body);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['employer_pf_paise', "Employer's PF contribution cannot be more than 12% of basic (₹72,000 a year)"]]);
    expect(offerBodySchema.safeParse({ ...body, employer_pf_paise: 72_000_00 }).success).toBe(true);
  });

  it('refuses amounts that are not whole paise, negative or beyond ₹100 crore, naming the component', () => {
    const base = { title: 'Analyst', joining_date: '2027-01-04', basic_paise: 100 };
    for (const [field, value] of [['hra_paise', -1], ['gratuity_paise', 1.5], ['basic_paise', 100 * 10_000_000 * 100 + 1], ['variable_pay_paise', Number.MAX_SAFE_INTEGER]] as const) {
      const result = offerBodySchema.safeParse({ ...base, [field]: value });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
    expect(offerBodySchema.safeParse({ ...base, basic_paise: 0 }).error?.issues[0]?.message).toBe('Basic must be more than zero');
    // Regression (found by the fuzz test): a basic beyond safe integers reached the PF check, whose message formatting threw (a 500).
    expect(() => offerBodySchema.safeParse({ ...base, basic_paise: -7505999378950826000 })).not.toThrow();
  });
});
