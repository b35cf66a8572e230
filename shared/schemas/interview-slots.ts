import { z } from 'zod';
import { interviewSlotsMessages as text } from '../messages/interview-slots.ts';
import { messages } from '../messages.ts';
import { INTERVIEW_MODES, interviewConflictSchema, istLocalToUtc, locationProblem, scheduleInterviewBodySchema } from './interviews.ts';

/** Self-scheduling (issue 36 §4): at most this many times in one offer. */
export const MAX_SLOTS = 10;

/** POST /api/interviews/slot-offers: an interview's details with several times instead of one. */
export const slotOfferBodySchema = z
  .strictObject({
    application_id: scheduleInterviewBodySchema.shape.application_id,
    slots_ist: z
      .array(z.string(text.slotInvalid).refine((value) => istLocalToUtc(value) !== null, text.slotInvalid), text.slotsRequired)
      .min(1, text.slotsRequired)
      .max(MAX_SLOTS, text.tooManySlots)
      .refine((slots) => new Set(slots).size === slots.length, text.duplicateSlot),
    duration_minutes: scheduleInterviewBodySchema.shape.duration_minutes,
    mode: scheduleInterviewBodySchema.shape.mode,
    location: scheduleInterviewBodySchema.shape.location,
    interviewer_ids: scheduleInterviewBodySchema.shape.interviewer_ids,
  })
  .superRefine((body, ctx) => {
    const problem = locationProblem(body.mode, body.location);
    if (problem) ctx.addIssue({ code: 'custom', path: ['location'], message: problem });
  });
export type SlotOfferBody = z.output<typeof slotOfferBodySchema>;

export const SLOT_OFFER_STATUSES = ['open', 'booked', 'withdrawn'] as const;

const slotSchema = z.object({
  /** UTC ISO. */
  starts_at: z.string().meta({ format: 'date-time' }),
  /** "Mon, 23 Nov 2026, 10:30 AM IST". */
  label: z.string(),
});

/** An offer as the company sees it (the link itself is only in the candidate's email). */
export const slotOfferSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  status: z.enum(SLOT_OFFER_STATUSES),
  duration_minutes: z.number().int(),
  mode: z.enum(INTERVIEW_MODES),
  location: z.string(),
  interviewer_ids: z.array(z.string()),
  slots: z.array(slotSchema),
  interview_id: z.string().nullable(),
  expires_at: z.string().meta({ format: 'date-time' }),
  expires_label: z.string(),
  created_at: z.string().meta({ format: 'date-time' }),
});
export type SlotOffer = z.infer<typeof slotOfferSchema>;
export const slotOfferListSchema = z.object({ offers: z.array(slotOfferSchema) });

export const slotOfferListQuerySchema = z.strictObject({ application_id: z.uuid(messages.interviews.applicationRequired) });
export const slotOfferParamsSchema = z.strictObject({ id: z.uuid(text.offerNotFound) });

/** 409 INTERVIEW_CONFLICT on an offer: which offered times clash, for whom. */
export const slotOfferConflictSchema = z.object({ code: z.literal('INTERVIEW_CONFLICT'), message: z.string(), conflicts: z.array(interviewConflictSchema) });

// ── The candidate's side: the link's token is the only key ───────────────────────────────────────

/** 256 random bits, base64url: 43 characters. It travels in the body, read from the link's #fragment, never in a URL. */
const token = z.string(text.linkNotFound).regex(/^[A-Za-z0-9_-]{43}$/, text.linkNotFound);
export const slotLookupBodySchema = z.strictObject({ token });
export const pickSlotBodySchema = z.strictObject({ token, starts_at: z.iso.datetime({ offset: true, message: text.notOffered }) });

/** POST /api/interview-slots/lookup: what the candidate's page shows. Free times only while open. */
export const slotPickPageSchema = z.object({
  status: z.enum([...SLOT_OFFER_STATUSES, 'expired']),
  company_name: z.string(),
  job_title: z.string(),
  candidate_name: z.string(),
  duration_minutes: z.number().int(),
  mode: z.enum(INTERVIEW_MODES),
  slots: z.array(slotSchema),
  /** Once booked: the interview's time. */
  booked_label: z.string().nullable(),
});
export type SlotPickPage = z.infer<typeof slotPickPageSchema>;
