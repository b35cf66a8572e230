import { z } from 'zod';
import { checkRequestsMessages as text } from '../messages/check-requests.ts';

/** What a company may ask a candidate to verify: everything but the phone, which registration confirms. */
export const requestableSubjects = ['uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip'] as const;
export type RequestableSubject = (typeof requestableSubjects)[number];

export const requestCheckBodySchema = z.strictObject({ subject: z.enum(requestableSubjects, text.subjectUnknown) });
export type RequestCheckBody = z.infer<typeof requestCheckBodySchema>;

export const checkRequestSchema = z.object({
  id: z.string(),
  subject: z.enum(requestableSubjects),
  requested_at: z.string(),
  requested_by_name: z.string().nullable(),
  /** Whether the candidate's check of this kind is verified now. */
  verified: z.boolean(),
});
export type CheckRequest = z.infer<typeof checkRequestSchema>;
export const checkRequestListSchema = z.array(checkRequestSchema);
