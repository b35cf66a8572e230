import { z } from 'zod';
import { webhookEventData } from '../../../shared/schemas/webhooks.ts';

const SUMMARIES: Record<keyof typeof webhookEventData, string> = {
  'job.created': 'A job was created',
  'job.updated': 'A job’s fields changed (or it was reopened)',
  'job.closed': 'A job stopped taking applications',
  'application.created': 'Someone applied to a job',
  'application.stage_changed': 'An application moved to another stage',
  'interview.scheduled': 'An interview was scheduled',
  'interview.rescheduled': 'An interview’s time, length, mode or interviewers changed',
  'interview.cancelled': 'An interview was cancelled',
  'employee.hired': 'An employment was recorded: a hire through the pipeline, or someone added by hand',
  'employee.relieved': 'An employee was relieved',
  'verification.completed': 'A check of a candidate who applied to you was verified',
  'webhook.test': 'Send test event in Settings → Developers (to that endpoint only)',
};

/** 'application.stage_changed' → 'onApplicationStageChanged'. */
const operationId = (event: string) => `on${event.replace(/(^|[._])(\w)/g, (_match, _sep: string, letter: string) => letter.toUpperCase())}`;

const header = (name: string, description: string) => ({ name, in: 'header' as const, required: true, description, schema: { type: 'string' as const } });

/**
 * The OpenAPI 3.1 `webhooks` section (issue 33 C1): each event's delivery as a POST to your
 * endpoint, its body { type, timestamp, sequence, data } with data's schema from the same zod
 * schema emitWebhookEvent is typed by, and the Standard Webhooks signature headers.
 */
export function webhooksSection() {
  return Object.fromEntries(
    (Object.keys(webhookEventData) as (keyof typeof webhookEventData)[]).map((event) => {
      const { $schema: _dialect, ...data } = z.toJSONSchema(webhookEventData[event], { io: 'input' });
      return [
        event,
        {
          post: {
            operationId: operationId(event),
            summary: SUMMARIES[event],
            description: 'Delivered to each enabled endpoint subscribed to the event, signed the Standard Webhooks way. Answer 2xx within 15 seconds; anything else is retried with the same webhook-id. Keep the highest sequence you applied per object and ignore a lower one.',
            tags: ['Webhooks'],
            security: [],
            parameters: [
              header('webhook-id', 'The message’s id (msg_…): the same on every retry and redelivery, so you can drop repeats'),
              header('webhook-timestamp', 'Unix seconds when this attempt was signed'),
              header('webhook-signature', 'v1,<base64 HMAC-SHA256> of `id.timestamp.body` with your whsec_ secret (two, space-separated, for 24 hours after a rotation)'),
            ],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['type', 'timestamp', 'sequence', 'data'],
                    properties: {
                      type: { type: 'string', const: event },
                      timestamp: { type: 'string', format: 'date-time', description: 'When it happened (UTC)' },
                      sequence: { type: 'integer', minimum: 1, description: 'Counts the events about this object (the job, application, interview, employment, or the candidate’s check): higher happened later' },
                      data,
                    },
                  },
                },
              },
            },
            responses: {
              '200': { description: 'Any 2xx acknowledges the delivery' },
              '410': { description: 'Gone: the endpoint is turned off and your company’s owners are emailed' },
            },
          },
        },
      ];
    }),
  );
}
