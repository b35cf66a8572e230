import { z } from 'zod';
import { messages } from '../messages.ts';

const text = messages.supportChat;

/** The spec shows no length limit for chat messages; the database allows 1–5000 characters. */
export const CHAT_MESSAGE_MAX = 5000;
/** Messages per page of GET /api/support/chats/:chatId/messages (default and cap). */
export const CHAT_MESSAGES_PAGE_SIZE = 200;
export const CHAT_MESSAGES_MAX_PAGE_SIZE = 500;
/** Chats per page of the admin Support tab. */
export const ADMIN_CHATS_PAGE_SIZE = 50;
/** Characters of the last message shown in the admin chat list. */
export const CHAT_PREVIEW_LENGTH = 140;

/** Control characters other than line breaks and tabs (NUL above all, which PostgreSQL text cannot hold). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A chat message as the sender typed it: trimmed (spec point 5), never blank, at most 5000 characters. */
export const chatMessageTextSchema = z
  .string(text.messageRequired)
  .trim()
  .min(1, text.messageRequired)
  .max(CHAT_MESSAGE_MAX, text.messageTooLong.replace('{max}', String(CHAT_MESSAGE_MAX)))
  .refine((value) => !CONTROL_CHARACTERS.test(value), text.invalidCharacters);

/**
 * POST /api/support/chats/:chatId/messages. `client_message_id` is chosen by the browser once per
 * message, so a retry (double click, lost answer) stores it once. Strict: sender_id, chat_id and
 * anything else are refused; the sender is the session.
 */
export const sendChatMessageBodySchema = z.strictObject({
  message: chatMessageTextSchema,
  client_message_id: z.uuid('client_message_id must be a uuid'),
});
export type SendChatMessageValues = z.output<typeof sendChatMessageBodySchema>;

export const chatIdParamsSchema = z.strictObject({ chatId: z.uuid('chatId must be a chat id') });

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/support/chats/:chatId/messages?after=&limit=: oldest first; `after` (a message id) for catching up. */
export const chatMessagesQuerySchema = z.strictObject({
  after: z.preprocess(emptyAsAbsent, z.uuid('after must be a message id').optional()),
  limit: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number('limit must be a number')
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(CHAT_MESSAGES_MAX_PAGE_SIZE, `limit can be at most ${CHAT_MESSAGES_MAX_PAGE_SIZE}`)
      .default(CHAT_MESSAGES_PAGE_SIZE),
  ),
});

export const supportChatSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  status: z.enum(['open', 'closed']),
  chat_type: z.literal('candidate_support'),
  last_message_at: z.string(),
  created_at: z.string(),
});
export type SupportChat = z.infer<typeof supportChatSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  sender_id: z.string().nullable(),
  message: z.string(),
  client_message_id: z.string().nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A page of messages in (created_at, id) order; has_more says another page follows the last one. */
export const chatMessagesPageSchema = z.object({
  messages: z.array(chatMessageSchema),
  has_more: z.boolean(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPageSchema>;

/** GET /api/admin/support/chats?page=: 50 chats a page, most recent activity first. */
export const adminChatsQuerySchema = z.strictObject({
  page: z.preprocess(
    emptyAsAbsent,
    z.coerce.number('page must be a number').int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page can be at most 10000').default(1),
  ),
});

export const adminChatSummarySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  /** Null only if the user's profile is gone (the list still shows the chat). */
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  user_role: z.enum(['admin', 'employer', 'candidate']).nullable(),
  company_name: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  last_message_at: z.string(),
  created_at: z.string(),
  /** The first characters of the newest message, or null for a chat with none yet. */
  last_message: z.object({ preview: z.string(), sender_id: z.string().nullable(), created_at: z.string() }).nullable(),
});
export type AdminChatSummary = z.infer<typeof adminChatSummarySchema>;

export const adminChatsPageSchema = z.object({
  chats: z.array(adminChatSummarySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type AdminChatsPage = z.infer<typeof adminChatsPageSchema>;
