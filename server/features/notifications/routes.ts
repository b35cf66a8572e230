import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markDeliveredBodySchema,
  markReadBodySchema,
  markResultSchema,
  notificationBatchesPageSchema,
  notificationBatchesQuerySchema,
  notificationBatchSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  pendingNotificationsSchema,
  sendNotificationBodySchema,
} from '../../../shared/schemas/notifications.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { listNotificationBatches } from './list-notification-batches.ts';
import { listNotifications, listPendingNotifications } from './list-notifications.ts';
import { markNotificationsDelivered, markNotificationsRead } from './mark-notifications.ts';
import { sendNotification } from './send-notification.ts';

/**
 * Sends one admin may make per minute. A send reaches every member of a group (possibly 100,000
 * rows in one transaction), so a stuck key or a script cannot flood people or the database.
 * Keyed by admin: the access hook has resolved the session before the limiter runs.
 */
export const SEND_NOTIFICATION_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `notify:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
} as const;

/** Notifications (spec points 2, 3, 7; issue 6): admins send to a group; each person reads only their own. */
export async function notificationRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.post(
    '/api/admin/notifications',
    { config: { access: 'admin', rateLimit: SEND_NOTIFICATION_RATE_LIMIT }, schema: { body: sendNotificationBodySchema, response: { 201: notificationBatchSchema } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const batch = await sendNotification(db, { userId: session.userId, fullName: session.profile.full_name, ip: request.ip ?? null }, request.body);
      request.log.info({ batchId: batch.id, group: batch.recipient_group, recipients: batch.recipients }, 'notification sent');
      return reply.code(201).send(batch);
    },
  );

  api.get(
    '/api/admin/notifications',
    { config: { access: 'admin' }, schema: { querystring: notificationBatchesQuerySchema, response: { 200: notificationBatchesPageSchema } } },
    async (request) => listNotificationBatches(db, request.query.page),
  );

  api.get(
    '/api/notifications',
    { config: { access: 'user' }, schema: { querystring: notificationsQuerySchema, response: { 200: notificationsPageSchema } } },
    async (request) => listNotifications(db, sessionOf(request).userId, request.query.cursor),
  );

  api.get('/api/notifications/unread', { config: { access: 'user' }, schema: { response: { 200: pendingNotificationsSchema } } }, async (request) =>
    listPendingNotifications(db, sessionOf(request).userId),
  );

  api.post('/api/notifications/read', { config: { access: 'user' }, schema: { body: markReadBodySchema, response: { 200: markResultSchema } } }, async (request) =>
    markNotificationsRead(db, sessionOf(request).userId, request.body),
  );

  api.post('/api/notifications/delivered', { config: { access: 'user' }, schema: { body: markDeliveredBodySchema, response: { 200: markResultSchema } } }, async (request) =>
    markNotificationsDelivered(db, sessionOf(request).userId, request.body),
  );
}
