import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminChatsPageSchema,
  adminChatsQuerySchema,
  chatIdParamsSchema,
  chatMessageSchema,
  chatMessagesPageSchema,
  chatMessagesQuerySchema,
  sendChatMessageBodySchema,
  supportChatSchema,
} from '../../../shared/schemas/support-chat.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { chatActor } from './chat-access.ts';
import { listAdminChats } from './list-admin-chats.ts';
import { listChatMessages } from './list-chat-messages.ts';
import { findOwnChat, openSupportChat } from './open-support-chat.ts';
import { sendChatMessage } from './send-chat-message.ts';

/**
 * Messages one user may send per minute, across chats: a person types far fewer; a script
 * flooding the support team does not get far. Keyed by user (the access hook has resolved the
 * session by then), so colleagues behind one office IP do not throttle each other.
 */
export const CHAT_SEND_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `chat-send:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
} as const;

/** Support Chat (spec points 2, 5 and 7): a user's own chat; admins read and answer every chat. */
export async function supportChatRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  // The caller's chat, or null before their first visit. Creating is a POST: GET never changes state.
  api.get('/api/support/chat', { config: { access: 'user' }, schema: { response: { 200: supportChatSchema.nullable() } } }, async (request) =>
    findOwnChat(db, sessionOf(request).userId),
  );

  // Get or create: 201 with the new chat, 200 with the existing one.
  api.post('/api/support/chat', { config: { access: 'user' }, schema: { response: { 200: supportChatSchema, 201: supportChatSchema } } }, async (request, reply) => {
    const { chat, created } = await openSupportChat(db, sessionOf(request).userId);
    return reply.code(created ? 201 : 200).send(chat);
  });

  api.get(
    '/api/support/chats/:chatId/messages',
    { config: { access: 'user' }, schema: { params: chatIdParamsSchema, querystring: chatMessagesQuerySchema, response: { 200: chatMessagesPageSchema } } },
    async (request) => listChatMessages(db, chatActor(sessionOf(request), request.ip), request.params.chatId, request.query),
  );

  // 201 with the new message, 200 with the stored one when client_message_id was sent before.
  api.post(
    '/api/support/chats/:chatId/messages',
    {
      config: { access: 'user', rateLimit: CHAT_SEND_RATE_LIMIT },
      schema: { params: chatIdParamsSchema, body: sendChatMessageBodySchema, response: { 200: chatMessageSchema, 201: chatMessageSchema } },
    },
    async (request, reply) => {
      const { message, created } = await sendChatMessage(db, chatActor(sessionOf(request), request.ip), request.params.chatId, request.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  api.get(
    '/api/admin/support/chats',
    { config: { access: 'admin' }, schema: { querystring: adminChatsQuerySchema, response: { 200: adminChatsPageSchema } } },
    async (request) => listAdminChats(db, request.query.page),
  );
}
