import { z } from 'zod';
import { developersMessages as text } from '../messages/developers.ts';
import { INTERVIEW_MODES } from './interviews.ts';
import { PIPELINE_STAGES } from './pipeline.ts';
import { verificationSubjects } from './verification.ts';

/** What a company can be told about (issue 16); each delivery's body is { type, timestamp, sequence, data } (sequence: server/features/webhooks/emit.ts). */
export const webhookEvents = [
  'job.created',
  'job.updated',
  'job.closed',
  'application.created',
  'application.stage_changed',
  'interview.scheduled',
  'interview.rescheduled',
  'interview.cancelled',
  'employee.hired',
  'employee.relieved',
  'verification.completed',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** The test event Send test delivers, whatever the endpoint subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * Each event's `data`, as sent and as the OpenAPI document's `webhooks` section describes it
 * (issue 33 C1): emitWebhookEvent takes exactly this shape, so the two cannot drift apart.
 */
const id = (what: string) => z.string().meta({ format: 'uuid', description: `The ${what}’s id` });
const instant = (description: string) => z.string().meta({ format: 'date-time', description });
const day = (description: string) => z.string().meta({ format: 'date', description });
export const webhookEventData = {
  'job.created': z.strictObject({ job_id: id('job'), title: z.string() }),
  'job.updated': z.strictObject({ job_id: id('job'), fields: z.array(z.string()).meta({ description: 'The fields that changed' }) }),
  'job.closed': z.strictObject({ job_id: id('job') }),
  'application.created': z.strictObject({ application_id: id('application'), job_id: id('job'), candidate_id: id('candidate'), source: z.string().meta({ description: 'Where the candidate came from (the source tag of the link they applied by)' }) }),
  'application.stage_changed': z.strictObject({ application_id: id('application'), job_id: id('job'), candidate_id: id('candidate'), from_stage: z.enum(PIPELINE_STAGES), to_stage: z.enum(PIPELINE_STAGES) }),
  'interview.scheduled': z.strictObject({ interview_id: id('interview'), application_id: id('application'), scheduled_at: instant('When it starts (UTC)'), duration_minutes: z.number().int(), mode: z.enum(INTERVIEW_MODES) }),
  'interview.rescheduled': z.strictObject({
    interview_id: id('interview'),
    application_id: id('application'),
    scheduled_at: instant('When it now starts (UTC)'),
    duration_minutes: z.number().int(),
    mode: z.enum(INTERVIEW_MODES),
    interviewers_changed: z.boolean(),
  }),
  'interview.cancelled': z.strictObject({ interview_id: id('interview'), application_id: id('application'), reason: z.string().nullable() }),
  'employee.hired': z.strictObject({
    employment_id: id('employment'),
    candidate_id: id('candidate'),
    title: z.string(),
    joining_date: day('The first working day'),
    confirmation: z.enum(['confirmed', 'unconfirmed']).meta({ description: 'confirmed for a hire through your pipeline; unconfirmed for one you added, until the person confirms it' }),
  }),
  'employee.relieved': z.strictObject({ employment_id: id('employment'), candidate_id: id('candidate'), last_working_day: day('The last working day (today or earlier)') }),
  'verification.completed': z.strictObject({ candidate_id: id('candidate'), check: z.enum(verificationSubjects).meta({ description: 'Which check was verified' }), status: z.literal('verified'), verified_fields: z.array(z.string()) }),
  'webhook.test': z.strictObject({ endpoint_id: id('endpoint'), sent_by: id('member who sent it') }),
} satisfies Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, z.ZodType>;
export type WebhookEventData<T extends keyof typeof webhookEventData> = z.input<(typeof webhookEventData)[T]>;

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_LIMITS = { url: 2000, description: 200, perCompany: 20 } as const;

export const createWebhookSchema = z.strictObject({
  url: z
    .string(text.webhookUrlInvalid)
    .trim()
    .max(WEBHOOK_LIMITS.url, text.webhookUrlInvalid)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, text.webhookUrlInvalid),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.description, text.webhookDescriptionTooLong)
    .transform((value) => (value === '' ? null : value))
    .nullish(),
  events: z
    .array(z.enum(webhookEvents, text.webhookEventUnknown), text.webhookEventsRequired)
    .min(1, text.webhookEventsRequired)
    .max(webhookEvents.length)
    .transform((events) => webhookEvents.filter((event) => events.includes(event))),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;
export type CreateWebhookValues = z.output<typeof createWebhookSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(webhookEvents)),
  status: z.enum(['active', 'disabled']),
  disabled_reason: z.string().nullable(),
  /** The secret's first characters, as lists show it. */
  secret_prefix: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;
/** Create and rotate answer the whole secret, once. */
export const webhookWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookIdParamsSchema = z.strictObject({ webhookId: z.uuid(text.webhookNotFound) });
export const webhookDeliveryParamsSchema = z.strictObject({ webhookId: z.uuid(text.webhookNotFound), deliveryId: z.uuid(text.deliveryNotFound) });
export const updateWebhookSchema = z.strictObject({ enabled: z.boolean(text.webhookEnabledInvalid) });
