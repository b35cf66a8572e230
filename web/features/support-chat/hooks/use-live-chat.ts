import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import type { ChatThread } from '../lib/chat-thread.ts';

/**
 * Keeps a chat current: on a chat_message event for it, and after each (re)connection (the
 * 'ready' event), fetch what came after the last message held. The server sends a chat's events
 * only to its owner and the admins. `onEvent` sees every event too (the admin list uses it).
 */
export function useLiveChat(
  thread: ChatThread | null,
  chatId: string | null,
  { enabled = thread !== null, onEvent }: { enabled?: boolean; onEvent?: (event: LiveEvent | { type: 'ready' }) => void } = {},
) {
  useLiveEvents(
    (event) => {
      onEvent?.(event);
      if (thread && (event.type === 'ready' || (event.type === 'chat_message' && 'id' in event && event.id === chatId))) {
        void thread.catchUp().catch(() => toast.error(messages.supportChat.loadMessagesFailed));
      }
    },
    { enabled },
  );
}
