import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookIdParamsSchema,
  webhookWithSecretSchema,
} from '../../../shared/schemas/webhooks.ts';
import { sessionOf } from '../../http/access.ts';
import type { KeyActor } from '../developers/api-keys.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliver, rotateWebhookSecret, sendTestEvent, setWebhookEnabled } from './endpoints.ts';

/**
 * Settings → Developers → Webhooks (issue 16): a company's endpoints, their secrets, test events
 * and delivery log. developers.manage (owners and admins, route-permissions.ts); the company is
 * the caller's own, another company's endpoint is 404.
 */
export async function webhookRoutes(app: FastifyInstance, { database, clock, config, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const actorOf = (request: FastifyRequest): KeyActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip };
  };
  const policy = { production: config.isProduction, allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE };
  const user = { access: 'user' as const };
  /** Send test delivers in the request, as the dispatcher would. */
  const delivery = { db, clock, allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE, publicUrl: config.PUBLIC_URL, onMessageQueued };

  api.get('/api/developers/webhooks', { config: user, schema: { response: { 200: webhookEndpointListSchema } } }, async (request) => ({ endpoints: await listWebhooks(db, actorOf(request).companyId) }));

  api.post('/api/developers/webhooks', { config: user, schema: { body: createWebhookSchema, response: { 201: webhookWithSecretSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(await createWebhook(db, actorOf(request), request.body, policy));
  });

  api.patch('/api/developers/webhooks/:webhookId', { config: user, schema: { params: webhookIdParamsSchema, body: updateWebhookSchema, response: { 200: webhookEndpointSchema } } }, async (request) =>
    setWebhookEnabled(db, actorOf(request), request.params.webhookId, request.body.enabled, clock()),
  );

  api.delete('/api/developers/webhooks/:webhookId', { config: user, schema: { params: webhookIdParamsSchema } }, async (request, reply) => {
    await deleteWebhook(db, actorOf(request), request.params.webhookId);
    return reply.code(204).send();
  });

  api.post('/api/developers/webhooks/:webhookId/rotate', { config: user, schema: { params: webhookIdParamsSchema, response: { 200: webhookWithSecretSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return rotateWebhookSecret(db, actorOf(request), request.params.webhookId, clock());
  });

  api.post('/api/developers/webhooks/:webhookId/test', { config: user, schema: { params: webhookIdParamsSchema, response: { 201: webhookDeliverySchema } } }, async (request, reply) =>
    reply.code(201).send(await sendTestEvent(db, actorOf(request), request.params.webhookId, delivery)),
  );

  api.get('/api/developers/webhooks/:webhookId/deliveries', { config: user, schema: { params: webhookIdParamsSchema, response: { 200: webhookDeliveryListSchema } } }, async (request) => ({
    deliveries: await listDeliveries(db, actorOf(request).companyId, request.params.webhookId),
  }));

  api.post(
    '/api/developers/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    { config: user, schema: { params: webhookDeliveryParamsSchema, response: { 201: webhookDeliverySchema } } },
    async (request, reply) => reply.code(201).send(await redeliver(db, actorOf(request), request.params.webhookId, request.params.deliveryId, clock())),
  );
}
