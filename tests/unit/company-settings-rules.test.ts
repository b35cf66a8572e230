import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { billingProfileBodySchema, gstinCheckCharacter, isValidGstin, RESERVED_SLUGS, slugify, updateCompanyBodySchema } from '../../shared/schemas/company-settings.ts';

describe('GSTIN', () => {
  it('accepts real GSTINs and refuses a wrong check character, shape or state code', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8']) expect(isValidGstin(gstin)).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
    expect(isValidGstin('00AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('27AAPFU0939F0ZV')).toBe(false);
  });

  it('has exactly one check character for any first 14 characters', () => {
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...chars), minLength: 10, maxLength: 10 }), (tail) => {
        const first14 = `29ABCDE${tail.slice(0, 4).replace(/\D/g, '1').padEnd(4, '1')}F1Z`;
        const right = `${first14}${gstinCheckCharacter(first14)}`;
        expect(isValidGstin(right)).toBe(true);
        const wrong = [...chars].filter((char) => char !== right[14]).map((char) => `${first14}${char}`);
        for (const gstin of wrong) expect(isValidGstin(gstin)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('says "Enter a valid GSTIN" beside the field, and ties the GSTIN to the billing state', () => {
    const base = { legal_name: 'Nimbus Technologies Pvt Ltd', address_line1: '4th Floor, Prestige Tech Park', city: 'Bengaluru', state: 'Karnataka', pincode: '560103' };
    const wrong = billingProfileBodySchema.safeParse({ ...base, gstin: '29AAGCB7383J1Z5' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['gstin', 'Enter a valid GSTIN']]);
    expect(billingProfileBodySchema.safeParse({ ...base, gstin: '29aagcb7383j1z4' }).data?.gstin).toBe('29AAGCB7383J1Z4');
    const elsewhere = billingProfileBodySchema.safeParse({ ...base, gstin: '27AAPFU0939F1ZV' });
    expect(elsewhere.error?.issues[0]?.path).toEqual(['gstin']);
    expect(billingProfileBodySchema.safeParse({ ...base, gstin: '' }).data?.gstin).toBeNull();
    expect(billingProfileBodySchema.safeParse({ ...base, pincode: '060103' }).success).toBe(false);
  });
});

describe('careers slugs', () => {
  it('makes a slug from a name and never a reserved one', () => {
    expect(slugify('Nimbus Technologies Pvt. Ltd.')).toBe('nimbus-technologies-pvt-ltd');
    expect(slugify('Café Coffee Day')).toBe('cafe-coffee-day');
    expect(slugify('Jobs')).toBe('jobs-team');
    expect(slugify('!!')).toBe('company-team');
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = slugify(name);
        expect(updateCompanyBodySchema.shape.slug.safeParse(slug).success).toBe(true);
      }),
    );
  });

  it('refuses reserved words, bad shapes and bad colours', () => {
    for (const slug of RESERVED_SLUGS) expect(updateCompanyBodySchema.shape.slug.safeParse(slug).success).toBe(false);
    for (const slug of ['ab', '-nimbus', 'nimbus-', 'nim bus', 'x'.repeat(51)]) expect(updateCompanyBodySchema.shape.slug.safeParse(slug).success).toBe(false);
    expect(updateCompanyBodySchema.shape.slug.safeParse('Nimbus-Tech').data).toBe('nimbus-tech');
    expect(updateCompanyBodySchema.shape.brand_color.safeParse('#0F766E').data).toBe('#0f766e');
    expect(updateCompanyBodySchema.shape.brand_color.safeParse('teal').success).toBe(false);
    expect(updateCompanyBodySchema.shape.website.safeParse('nimbus.in').data).toBe('https://nimbus.in');
    expect(updateCompanyBodySchema.shape.website.safeParse('javascript:alert(1)').success).toBe(false);
  });
});
