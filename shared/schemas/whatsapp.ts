import { z } from 'zod';

/** GET and PUT /api/candidate/whatsapp: the signed-in candidate's WhatsApp opt-in. */
export const whatsappOptInSchema = z.object({
  /** False when WhatsApp is off on this server (WHATSAPP_PROVIDER=none): nothing can be turned on. */
  available: z.boolean(),
  opted_in: z.boolean(),
  /** The candidate's own number (E.164), null when they have none. */
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  /** When the standing opt-in was given. */
  given_at: z.string().nullable(),
  /** An opt-in given for a number the candidate has since changed: it is not used. */
  phone_changed: z.boolean(),
});
export type WhatsappOptIn = z.infer<typeof whatsappOptInSchema>;

export const whatsappOptInBodySchema = z.strictObject({ opted_in: z.boolean('opted_in must be true or false') });
export type WhatsappOptInBody = z.infer<typeof whatsappOptInBodySchema>;
