import { z } from 'zod';
import { siteMessages as messages } from '../messages/site.ts';
import { workEmailSchema } from './work-email.ts';

/** POST /api/waitlist (spec point 5): one work email, nothing else. */
export const joinWaitlistSchema = z.strictObject({
  email: workEmailSchema(messages.waitlist.invalidWorkEmail),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** The same answer for a first and a repeated sign-up, so the list's members stay private. */
export const joinWaitlistResultSchema = z.object({ ok: z.literal(true) });
export type JoinWaitlistResult = z.infer<typeof joinWaitlistResultSchema>;

export { INVALID_WORK_EMAIL } from './work-email.ts';
