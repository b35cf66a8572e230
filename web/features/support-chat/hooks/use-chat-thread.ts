import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { getChatMessages } from '../api/get-chat-messages.ts';
import { sendChatMessage } from '../api/send-chat-message.ts';
import { ChatThread, type ThreadState } from '../lib/chat-thread.ts';

const IDLE: ThreadState = { status: 'loading', messages: [], pending: [] };
const noSubscription = () => () => undefined;

/** The thread of one chat (none while there is no chat id), fetched when it first shows. */
export function useChatThread(chatId: string | null): ChatThread | null {
  const thread = useMemo(
    () => (chatId === null ? null : new ChatThread({ list: (after) => getChatMessages(chatId, after), send: (body) => sendChatMessage(chatId, body) })),
    [chatId],
  );
  useEffect(() => thread?.start(), [thread]);
  return thread;
}

/** Re-renders on every change of the thread's messages. */
export function useThreadState(thread: ChatThread | null): ThreadState {
  return useSyncExternalStore(thread?.subscribe ?? noSubscription, thread?.getState ?? (() => IDLE));
}
