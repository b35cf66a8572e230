import { z } from 'zod';
import { fill } from '../fill.ts';
import { messages } from '../messages.ts';
import { companySizes, industries } from '../options.ts';
import { CANDIDATE_EMAIL_STAGES } from './pipeline.ts';
import { hasNoControlCharacters } from './employer-signup.ts';
import { isEmailShape } from './work-email.ts';

const text = messages.settings;

export const COMPANY_LIMITS = { name: 200, website: 300, description: 2000, slugMin: 3, slugMax: 50, logoBytes: 2 * 1024 * 1024, logoSize: 256 } as const;

/** Careers slugs that would shadow our own pages or look official. */
export const RESERVED_SLUGS = new Set([
  'admin', 'api', 'app', 'auth', 'billing', 'blog', 'candidate', 'candidates', 'careers', 'companies', 'company', 'contact', 'dashboard', 'docs', 'employer',
  'employers', 'features', 'help', 'join', 'jobs', 'login', 'logout', 'new', 'pricing', 'privacy', 'resources', 'settings', 'signup', 'static', 'support',
  'team', 'terms', 'workcred', 'www',
]);

/** "Nimbus Technologies Pvt. Ltd." → "nimbus-technologies-pvt-ltd" (at most 40 characters). */
export function slugify(name: string): string {
  const stem = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return stem.length >= COMPANY_LIMITS.slugMin && !RESERVED_SLUGS.has(stem) ? stem : `${stem || 'company'}-team`.replace(/^-/, '');
}

const SLUG_SHAPE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, fillMax(max))
    .refine(hasNoControlCharacters, text.invalidCharacters)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
function fillMax(max: number) {
  return text.tooLong.replace('{max}', String(max));
}

/** A website: http(s) with a host; "nimbus.in" gains https://. Empty: none. */
const websiteSchema = z
  .string()
  .trim()
  .max(COMPANY_LIMITS.website, fillMax(COMPANY_LIMITS.website))
  .transform((value) => (value === '' ? null : /^https?:\/\//i.test(value) ? value : `https://${value}`))
  .refine((value) => {
    if (value === null) return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname);
    } catch {
      return false;
    }
  }, text.websiteInvalid)
  .nullable()
  .optional();

/** PUT /api/settings/company: Settings → Company. */
export const updateCompanyBodySchema = z.strictObject({
  name: z
    .string(text.nameRequired)
    .trim()
    .min(1, text.nameRequired)
    .max(COMPANY_LIMITS.name, fillMax(COMPANY_LIMITS.name))
    .refine(hasNoControlCharacters, text.invalidCharacters),
  industry: z.enum(industries, text.industryInvalid).nullable().optional(),
  company_size: z.enum(companySizes, text.sizeInvalid).nullable().optional(),
  website: websiteSchema,
  description: optionalText(COMPANY_LIMITS.description),
  slug: z
    .string(text.slugInvalid)
    .trim()
    .toLowerCase()
    .min(COMPANY_LIMITS.slugMin, text.slugInvalid)
    .max(COMPANY_LIMITS.slugMax, text.slugInvalid)
    .regex(SLUG_SHAPE, text.slugInvalid)
    .refine((value) => !RESERVED_SLUGS.has(value), text.slugReserved),
  brand_color: z
    .string(text.brandColorInvalid)
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, text.brandColorInvalid),
});
export type UpdateCompanyInput = z.input<typeof updateCompanyBodySchema>;

export const DEFAULT_BRAND_COLOR = '#047857';

export const companySettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.enum(industries).nullable(),
  company_size: z.enum(companySizes).nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  slug: z.string(),
  brand_color: z.string(),
  /** The logo's public address (changes with each upload), or null. */
  logo_url: z.string().nullable(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** The public company page /companies/:slug. */
export const companyPageSchema = companySettingsSchema.omit({ id: true }).extend({
  jobs: z.array(z.object({ id: z.string(), title: z.string(), location: z.string().nullable(), salary: z.string().nullable(), created_at: z.string() })),
});
export type CompanyPage = z.infer<typeof companyPageSchema>;
export const companySlugParamsSchema = z.object({ slug: z.string().min(1).max(COMPANY_LIMITS.slugMax).regex(SLUG_SHAPE) });

// --- Billing profile -------------------------------------------------------------------------

/** GST state codes (the first two characters of a GSTIN), by state and union territory. */
export const INDIAN_STATES = {
  'Andaman and Nicobar Islands': '35',
  'Andhra Pradesh': '37',
  'Arunachal Pradesh': '12',
  Assam: '18',
  Bihar: '10',
  Chandigarh: '04',
  Chhattisgarh: '22',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Delhi: '07',
  Goa: '30',
  Gujarat: '24',
  Haryana: '06',
  'Himachal Pradesh': '02',
  'Jammu and Kashmir': '01',
  Jharkhand: '20',
  Karnataka: '29',
  Kerala: '32',
  Ladakh: '38',
  Lakshadweep: '31',
  'Madhya Pradesh': '23',
  Maharashtra: '27',
  Manipur: '14',
  Meghalaya: '17',
  Mizoram: '15',
  Nagaland: '13',
  Odisha: '21',
  Puducherry: '34',
  Punjab: '03',
  Rajasthan: '08',
  Sikkim: '11',
  'Tamil Nadu': '33',
  Telangana: '36',
  Tripura: '16',
  'Uttar Pradesh': '09',
  Uttarakhand: '05',
  'West Bengal': '19',
} as const satisfies Record<string, string>;
export type IndianState = keyof typeof INDIAN_STATES;
export const indianStates = Object.keys(INDIAN_STATES) as [IndianState, ...IndianState[]];

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (GSTN's mod-36 scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = GSTIN_CHARS.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** 15 characters: state code, PAN (5 letters, 4 digits, a letter), entity number, Z, check character. */
export function isValidGstin(value: string): boolean {
  if (!GSTIN_SHAPE.test(value)) return false;
  const state = value.slice(0, 2);
  if (!(Object.values(INDIAN_STATES) as string[]).includes(state) && state !== '97') return false;
  return gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

const requiredLine = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, fillMax(max)).refine(hasNoControlCharacters, text.invalidCharacters);

/** PUT /api/settings/billing-profile (owners). */
export const billingProfileBodySchema = z
  .strictObject({
    legal_name: requiredLine(text.legalNameRequired, 200),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .transform((value) => (value === '' ? null : value))
      .refine((value) => value === null || isValidGstin(value), text.gstinInvalid)
      .nullable()
      .optional(),
    address_line1: requiredLine(text.addressRequired, 200),
    address_line2: optionalText(200),
    city: requiredLine(text.cityRequired, 100),
    state: z.enum(indianStates, text.stateRequired),
    pincode: z.string(text.pincodeInvalid).trim().regex(/^[1-9][0-9]{5}$/, text.pincodeInvalid),
  })
  .superRefine((value, ctx) => {
    // A GSTIN is registered in one state: the billing address must be in it.
    if (value.gstin && value.gstin.slice(0, 2) !== INDIAN_STATES[value.state]) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: fill(text.gstinStateMismatch, { state: value.state }) });
    }
  });
export type BillingProfileInput = z.input<typeof billingProfileBodySchema>;
export const billingProfileSchema = z.object({
  legal_name: z.string(),
  gstin: z.string().nullable(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  state: z.enum(indianStates),
  pincode: z.string(),
  updated_at: z.string(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;
export const billingProfileResponseSchema = z.object({ profile: billingProfileSchema.nullable() });

// --- Candidate emails ------------------------------------------------------------------------

export const candidateEmailStages = CANDIDATE_EMAIL_STAGES;
export type CandidateEmailStage = (typeof CANDIDATE_EMAIL_STAGES)[number];

/** PUT /api/settings/candidate-emails: which stage emails go out, and where replies go. */
export const candidateEmailSettingsSchema = z.strictObject({
  stages: z.record(z.enum(CANDIDATE_EMAIL_STAGES), z.boolean()).refine((value) => Object.keys(value).length === CANDIDATE_EMAIL_STAGES.length, text.stagesIncomplete),
  reply_to: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || isEmailShape(value), text.replyToInvalid)
    .nullable(),
});
export type CandidateEmailSettings = z.output<typeof candidateEmailSettingsSchema>;
export const candidateEmailSettingsResponseSchema = z.object({ stages: z.record(z.enum(CANDIDATE_EMAIL_STAGES), z.boolean()), reply_to: z.string().nullable() });
