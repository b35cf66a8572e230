import { z } from 'zod';
import { fill } from '../fill.ts';
import { offersMessages as text } from '../messages/offers.ts';
import { CTC_COMPONENTS, ctcField, ctcTotal, formatRupees, MAX_CTC_PAISE, maxEmployerPf, type CtcBreakup } from '../offer-ctc.ts';
import { isIsoDate } from './jobs.ts';

/**
 * Offers (issue 36 §5).
 *
 *   GET  /api/pipeline/applications/:applicationId/offers   owner, admin, recruiter → CompanyOffer[] (newest first)
 *   POST /api/pipeline/applications/:applicationId/offers   owner, admin, recruiter {OfferInput} → 201 CompanyOffer (a draft)
 *   PUT  /api/offers/:offerId                               owner, admin, recruiter {OfferInput} → CompanyOffer (back to draft)
 *   POST /api/offers/:offerId/submit                        owner, admin, recruiter → CompanyOffer (pending_approval)
 *   POST /api/offers/:offerId/approve                       owner, admin → CompanyOffer (approved)
 *   POST /api/offers/:offerId/send                          owner, admin, recruiter → CompanyOffer (sent; the application → offered)
 *   POST /api/offers/:offerId/withdraw                      owner, admin, recruiter {reason} → CompanyOffer
 *   GET  /api/offers/:offerId/letter                        the company any time (a preview until sent); the candidate once sent → application/pdf
 *   GET  /api/candidate/offers                              the candidate → CandidateOffer[]
 *   POST /api/candidate/offers/:offerId/accept              the candidate → CandidateOffer (the application → hired)
 *   POST /api/candidate/offers/:offerId/decline             the candidate {reason?} → CandidateOffer
 *   GET  /api/settings/letter-signatory                     owner, admin → LetterSignatory
 *   PUT  /api/settings/letter-signatory                     owner, admin {name, designation} → LetterSignatory
 */
export const offerStatuses = ['draft', 'pending_approval', 'approved', 'sent', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type OfferStatus = (typeof offerStatuses)[number];
/** One of these per application at a time (a unique index holds it). */
export const LIVE_OFFER_STATUSES = ['draft', 'pending_approval', 'approved', 'sent', 'accepted'] as const;
/** The company may still change or withdraw these. */
export const OPEN_OFFER_STATUSES = ['draft', 'pending_approval', 'approved', 'sent'] as const;
export const isOpenOffer = (status: OfferStatus) => (OPEN_OFFER_STATUSES as readonly string[]).includes(status);

export const OFFER_LIMITS = { title: 200, reason: 500, signatory: 120 } as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const clean = (value: string) => !CONTROL_CHARACTERS.test(value);

const amount = (component: (typeof CTC_COMPONENTS)[number]) => {
  const name = text.components[component];
  const invalid = fill(text.amountInvalid, { component: name });
  return z.number(invalid).int(invalid).min(0, invalid).max(MAX_CTC_PAISE, fill(text.amountTooLarge, { component: name }));
};

const dateText = (message: string) => z.string(message).trim().refine(isIsoDate, message).meta({ format: 'date' });

/** The offer as the form sends it: amounts a year in integer paise. Dates in the past are refused by the server, on its clock. */
export const offerBodySchema = z
  .strictObject({
    title: z.string(text.titleRequired).trim().min(1, text.titleRequired).max(OFFER_LIMITS.title, fill(text.titleTooLong, { max: OFFER_LIMITS.title })).refine(clean, text.invalidCharacters),
    joining_date: dateText(text.joiningDateInvalid),
    expires_on: dateText(text.expiryInvalid).nullable().optional(),
    basic_paise: amount('basic'),
    hra_paise: amount('hra').default(0),
    special_allowance_paise: amount('special_allowance').default(0),
    employer_pf_paise: amount('employer_pf').default(0),
    gratuity_paise: amount('gratuity').default(0),
    variable_pay_paise: amount('variable_pay').default(0),
  })
  .superRefine((body, ctx) => {
    // Zod goes on to refinements after a field's own refusal: judge the sums only on amounts that passed.
    const amounts = CTC_COMPONENTS.map((component) => body[ctcField(component)]);
    if (!amounts.every((value) => Number.isSafeInteger(value) && value >= 0 && value <= MAX_CTC_PAISE)) return;
    if (body.basic_paise === 0) ctx.addIssue({ code: 'custom', path: ['basic_paise'], message: text.basicRequired });
    if (body.employer_pf_paise > maxEmployerPf(body.basic_paise)) {
      ctx.addIssue({ code: 'custom', path: ['employer_pf_paise'], message: fill(text.employerPfTooHigh, { max: formatRupees(maxEmployerPf(body.basic_paise)) }) });
    }
    if (ctcTotal(body) > MAX_CTC_PAISE) ctx.addIssue({ code: 'custom', path: ['basic_paise'], message: text.totalTooLarge });
    if (body.expires_on && isIsoDate(body.expires_on) && isIsoDate(body.joining_date) && body.expires_on > body.joining_date) {
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: text.expiryAfterJoining });
    }
  });
export type OfferInput = z.input<typeof offerBodySchema>;
export type OfferValues = z.output<typeof offerBodySchema>;

export const offerIdParamsSchema = z.strictObject({ offerId: z.uuid(text.offerNotFound) });
export const withdrawOfferBodySchema = z.strictObject({
  reason: z.string(text.reasonRequired).trim().min(3, text.reasonRequired).max(OFFER_LIMITS.reason, fill(text.reasonTooLong, { max: OFFER_LIMITS.reason })).refine(clean, text.invalidCharacters),
});
export const declineOfferBodySchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(OFFER_LIMITS.reason, fill(text.reasonTooLong, { max: OFFER_LIMITS.reason }))
    .refine(clean, text.invalidCharacters)
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});
/** Accepting takes no body; `{}` (what a browser's JSON POST sends) is fine. */
export const emptyBodySchema = z.strictObject({}).optional();

const breakupShape = Object.fromEntries(CTC_COMPONENTS.map((component) => [ctcField(component), z.number()])) as Record<keyof CtcBreakup, z.ZodNumber>;

const offerShape = z.object({
  id: z.string(),
  application_id: z.string(),
  status: z.enum(offerStatuses),
  title: z.string(),
  joining_date: z.string(),
  expires_on: z.string().nullable(),
  ...breakupShape,
  total_paise: z.number(),
  company_name: z.string(),
  sent_at: z.string().nullable(),
  responded_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** The day after which it can no longer be accepted: its expiry date, or else the joining date. */
  open_until: z.string(),
});

export const companyOfferSchema = offerShape.extend({
  candidate_name: z.string(),
  created_by_name: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  sent_by_name: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  withdraw_reason: z.string().nullable(),
  /** What Settings still lacks for the letter to be sent (address, signatory); empty when ready. */
  letter_missing: z.array(z.enum(['address', 'signatory'])),
});
export type CompanyOffer = z.infer<typeof companyOfferSchema>;
export const companyOfferListSchema = z.array(companyOfferSchema);

export const candidateOfferSchema = offerShape;
export type CandidateOffer = z.infer<typeof candidateOfferSchema>;
export const candidateOfferListSchema = z.array(candidateOfferSchema);

export const letterSignatoryBodySchema = z.strictObject({
  name: z.string().trim().max(OFFER_LIMITS.signatory, fill(text.signatoryNameTooLong, { max: OFFER_LIMITS.signatory })).refine(clean, text.invalidCharacters),
  designation: z
    .string()
    .trim()
    .max(OFFER_LIMITS.signatory, fill(text.signatoryDesignationTooLong, { max: OFFER_LIMITS.signatory }))
    .refine(clean, text.invalidCharacters),
});
export type LetterSignatoryInput = z.input<typeof letterSignatoryBodySchema>;
export const letterSignatorySchema = z.object({ name: z.string(), designation: z.string(), address: z.string().nullable() });
export type LetterSignatory = z.infer<typeof letterSignatorySchema>;
