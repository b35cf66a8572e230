import { describe, expect, it } from 'vitest';
import { amountInWords, financialYear, formatPaise, invoiceNumber, istDate, numberInWords, taxSplit, taxSplitOfTotal, withGst } from '../../shared/gst.ts';
import { entitlementOf, GRACE_DAYS, PLANS, showsTrialBanner, type SubscriptionState } from '../../shared/plans.ts';

const KARNATAKA = '29';
const MAHARASHTRA = '27';

describe('GST split', () => {
  it.each([
    // taxable, place of supply, CGST, SGST, IGST, total
    [9_999_00, KARNATAKA, 89_991, 89_991, 0, 11_798_82],
    [9_999_00, MAHARASHTRA, 0, 0, 1_79_982, 11_798_82],
    [12_499_00, KARNATAKA, 1_12_491, 1_12_491, 0, 14_748_82],
    [12_499_00, MAHARASHTRA, 0, 0, 2_24_982, 14_748_82],
    // 9% of 1 paisa is 0.09: rounds to 0; 18% of 3 paise is 0.54: rounds up to 1.
    [1, KARNATAKA, 0, 0, 0, 1],
    [3, MAHARASHTRA, 0, 0, 1, 4],
    // 9% of 50 paise is 4.5: half up to 5 each (CGST and SGST always equal).
    [50, KARNATAKA, 5, 5, 0, 60],
    // 18% of 25 paise is 4.5: half up to 5.
    [25, MAHARASHTRA, 0, 0, 5, 30],
    [0, KARNATAKA, 0, 0, 0, 0],
  ])('%i paise supplied to state %s', (taxable, place, cgst, sgst, igst, total) => {
    const split = taxSplit(taxable, KARNATAKA, place);
    expect(split).toMatchObject({ taxablePaise: taxable, cgstPaise: cgst, sgstPaise: sgst, igstPaise: igst, totalPaise: total });
    expect(split.kind).toBe(place === KARNATAKA ? 'intra' : 'inter');
    expect(split.cgstPaise + split.sgstPaise + split.igstPaise + split.taxablePaise).toBe(split.totalPaise);
  });

  it('refuses fractions and negatives: money is whole paise', () => {
    expect(() => taxSplit(99.5, KARNATAKA, KARNATAKA)).toThrow(RangeError);
    expect(() => taxSplit(-1, KARNATAKA, KARNATAKA)).toThrow(RangeError);
  });

  it('splits a total paid with GST back into taxable value and tax that add up to it', () => {
    expect(taxSplitOfTotal(14_748_82, KARNATAKA, KARNATAKA)).toMatchObject({ taxablePaise: 12_499_00, cgstPaise: 1_12_491, sgstPaise: 1_12_491, totalPaise: 14_748_82 });
    expect(taxSplitOfTotal(11_798_82, KARNATAKA, MAHARASHTRA)).toMatchObject({ taxablePaise: 9_999_00, igstPaise: 1_79_982, totalPaise: 11_798_82 });
    for (let total = 0; total < 5000; total += 7) {
      for (const place of [KARNATAKA, MAHARASHTRA]) {
        const split = taxSplitOfTotal(total, KARNATAKA, place);
        expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(total);
        expect(split.cgstPaise).toBe(split.sgstPaise);
      }
    }
  });

  it('prices each self-serve plan with GST', () => {
    expect(withGst(PLANS.starter.monthlyPaise!)).toBe(11_798_82);
    expect(withGst(PLANS.professional.monthlyPaise!)).toBe(14_748_82);
  });
});

describe('money on an invoice', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [9_999_00, '₹9,999.00'],
    [14_748_82, '₹14,748.82'],
    [1_23_45_678_00, '₹1,23,45,678.00'],
  ])('%i paise is %s (lakh grouping)', (paise, text) => expect(formatPaise(paise)).toBe(text));

  it.each([
    [0, 'Zero'],
    [15, 'Fifteen'],
    [40, 'Forty'],
    [101, 'One Hundred One'],
    [14_748, 'Fourteen Thousand Seven Hundred Forty-Eight'],
    [1_00_000, 'One Lakh'],
    [12_34_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [1_23_45_678, 'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight'],
  ])('%i in words is %s', (n, words) => expect(numberInWords(n)).toBe(words));

  it('writes the amount in words with paise', () => {
    expect(amountInWords(14_748_82)).toBe('Rupees Fourteen Thousand Seven Hundred Forty-Eight and Eighty-Two Paise Only');
    expect(amountInWords(11_798_00)).toBe('Rupees Eleven Thousand Seven Hundred Ninety-Eight Only');
  });
});

describe('financial years and invoice numbers', () => {
  it('runs April to March in IST', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 IST on 31 March
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // 00:00 IST on 1 April
    expect(financialYear(new Date('2099-12-01T00:00:00Z'))).toBe('2099-00');
    expect(istDate(new Date('2026-11-24T19:00:00Z'))).toBe('2026-11-25');
  });

  it('numbers invoices in at most 16 characters', () => {
    expect(invoiceNumber('2026-27', 1)).toBe('WC/2026-27/00001');
    expect(invoiceNumber('2026-27', 99_999)).toHaveLength(16);
    expect(() => invoiceNumber('2026-27', 0)).toThrow(RangeError);
    expect(() => invoiceNumber('2026-27', 100_000)).toThrow(RangeError);
  });
});

describe('what a plan allows now', () => {
  const day = 24 * 60 * 60 * 1000;
  const start = new Date('2026-11-01T06:30:00Z');
  const trial: SubscriptionState = { plan: 'professional', status: 'trialing', trialEndsAt: new Date(start.getTime() + 14 * day), periodEndsAt: null, haltedAt: null, custom: null, checksAddOn: false };
  const at = (days: number) => new Date(start.getTime() + days * day);

  it('runs a 14-day trial of Professional, with the banner from day 10', () => {
    expect(entitlementOf(trial, at(0))).toMatchObject({ standing: 'trial', trialDaysLeft: 14, takesApplications: true, limits: { listings: 15, applicationsPerListing: 300 } });
    expect(showsTrialBanner(entitlementOf(trial, at(9)))).toBe(false);
    expect(entitlementOf(trial, at(10)).trialDaysLeft).toBe(4);
    expect(showsTrialBanner(entitlementOf(trial, at(10)))).toBe(true);
    expect(entitlementOf(trial, at(13.5)).trialDaysLeft).toBe(1);
  });

  it('lapses when the trial ends unpaid, and stops taking applications after the grace', () => {
    expect(entitlementOf(trial, at(14))).toMatchObject({ standing: 'lapsed', lapsedAt: at(14), takesApplications: true, trialDaysLeft: null });
    expect(entitlementOf(trial, at(14 + GRACE_DAYS - 0.01)).takesApplications).toBe(true);
    expect(entitlementOf(trial, at(14 + GRACE_DAYS)).takesApplications).toBe(false);
  });

  it('keeps a paid plan through a failed payment, and lapses it when retries are exhausted', () => {
    const paid: SubscriptionState = { ...trial, plan: 'starter', status: 'active', periodEndsAt: at(44) };
    expect(entitlementOf(paid, at(30))).toMatchObject({ standing: 'active', limits: { listings: 10, applicationsPerListing: 150, checksPerMonth: 0 } });
    expect(entitlementOf({ ...paid, checksAddOn: true }, at(30)).limits.checksPerMonth).toBe(150);
    expect(entitlementOf({ ...paid, status: 'past_due' }, at(30)).standing).toBe('active');
    expect(entitlementOf({ ...paid, status: 'halted', haltedAt: at(40) }, at(41))).toMatchObject({ standing: 'lapsed', lapsedAt: at(40) });
  });

  it('runs a cancelled plan to the end of the period paid for', () => {
    const cancelled: SubscriptionState = { ...trial, plan: 'starter', status: 'cancelled', periodEndsAt: at(44) };
    expect(entitlementOf(cancelled, at(43)).standing).toBe('active');
    expect(entitlementOf(cancelled, at(44))).toMatchObject({ standing: 'lapsed', lapsedAt: at(44) });
    // Cancelled by the owner, before the provider's event: the same end.
    const ending: SubscriptionState = { ...cancelled, status: 'active', cancelAtPeriodEnd: true };
    expect(entitlementOf(ending, at(43)).standing).toBe('active');
    expect(entitlementOf(ending, at(44))).toMatchObject({ standing: 'lapsed', lapsedAt: at(44) });
  });

  it("takes an Enterprise company's own limits, and no limit where none is set", () => {
    const enterprise: SubscriptionState = { ...trial, plan: 'enterprise', status: 'active', periodEndsAt: at(365), custom: { listings: 200 } };
    expect(entitlementOf(enterprise, at(30)).limits).toEqual({ listings: 200, applicationsPerListing: null, checksPerMonth: null });
  });
});
