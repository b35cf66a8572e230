import { z } from 'zod';

/**
 * An interviewer's private calendar feed (issue 36 §4). The address holds a secret token that is
 * kept only hashed, so it is shown once, when made; afterwards only whether one is on.
 */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  created_at: z.string().meta({ format: 'date-time' }).nullable(),
  /** The subscription address; only in the answer that made it. */
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/calendar/:token.ics. Anything that is not a token of ours is simply not found (404). */
export const calendarFeedParamsSchema = z.strictObject({ token: z.string().max(200) });
