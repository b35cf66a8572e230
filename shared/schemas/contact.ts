import { z } from 'zod';

export const contactTopics = ['sales', 'support', 'partnership', 'other'] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const contactTopicLabels: Record<ContactTopic, string> = {
  sales: 'Sales and pricing',
  support: 'Help with my account',
  partnership: 'Partnerships',
  other: 'Something else',
};

/** Length limits of the contact form, also enforced by CHECKs on contact_messages. */
export const CONTACT_LIMITS = { name: 100, email: 254, company: 200, messageMin: 10, messageMax: 5000 } as const;

// Control characters are refused: PostgreSQL rejects NUL in text, and none belongs in a name.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// A message keeps its line breaks and tabs.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS_EXCEPT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const unusable = 'contains characters we cannot accept';

/** POST /api/contact, and the /contact form. Unknown fields are refused. */
export const contactMessageSchema = z.strictObject({
  name: z
    .string('Please enter your name')
    .trim()
    .min(1, 'Please enter your name')
    .max(CONTACT_LIMITS.name, `Name can be at most ${CONTACT_LIMITS.name} characters`)
    .refine((value) => !CONTROL_CHARS.test(value), `Name ${unusable}`),
  email: z
    .string('Please enter your email address')
    .trim()
    .min(1, 'Please enter your email address')
    .max(CONTACT_LIMITS.email, `Email can be at most ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email('Please enter a valid email address')),
  company: z
    .string('Company must be text')
    .trim()
    .max(CONTACT_LIMITS.company, `Company can be at most ${CONTACT_LIMITS.company} characters`)
    .refine((value) => !CONTROL_CHARS.test(value), `Company ${unusable}`)
    .optional(),
  topic: z.enum(contactTopics, 'Please choose a topic'),
  message: z
    .string('Please write a message')
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Please write at least ${CONTACT_LIMITS.messageMin} characters`)
    .max(CONTACT_LIMITS.messageMax, `Message can be at most ${CONTACT_LIMITS.messageMax} characters`)
    .refine((value) => !CONTROL_CHARS_EXCEPT_LAYOUT.test(value), `Message ${unusable}`),
  /** Chosen by the form once per message: a double submit or a retry stores one row. */
  submission_id: z.uuid('submission_id must be a UUID').optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({ id: z.string() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
