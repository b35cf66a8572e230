import { useEffect, useRef } from 'react';
import { messages as texts } from '@shared/messages.ts';
import type { ChatMessage } from '@shared/schemas/support-chat.ts';
import { cn } from '@web/lib/cn.ts';
import type { PendingMessage } from '../lib/chat-thread.ts';

const text = texts.supportChat;

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const dateTimeOf = (iso: string) => new Date(iso).toLocaleString();

export interface ChatMessageListProps {
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  /** Whether a message shows on this side of the conversation (right, green). */
  isOwn: (senderId: string | null) => boolean;
  emptyText: string;
  onRetry: (clientMessageId: string) => void;
  className?: string;
}

/**
 * The scrolling message list: this side's messages on the right in green, the other side's on
 * the left in gray, each with its text (as text, never HTML) and time. Keeps to the newest.
 */
export function ChatMessageList({ messages, pending, isOwn, emptyText, onRetry, className }: ChatMessageListProps) {
  const list = useRef<HTMLOListElement>(null);
  const count = messages.length + pending.length;
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <ol ref={list} aria-label={text.messagesLabel} aria-live="polite" className={cn('flex h-[500px] flex-col gap-3 overflow-y-auto p-4', className)}>
      {count === 0 ? <li className="m-auto max-w-xs text-center text-sm text-slate-500">{emptyText}</li> : null}
      {messages.map((message) => (
        <Bubble key={message.id} own={isOwn(message.sender_id)} text={message.message} at={message.created_at} />
      ))}
      {pending.map((message) => (
        <Bubble key={message.client_message_id} own text={message.message} at={message.created_at} pending={message.status} onRetry={() => onRetry(message.client_message_id)} />
      ))}
    </ol>
  );
}

function Bubble({ own, text: body, at, pending, onRetry }: { own: boolean; text: string; at: string; pending?: PendingMessage['status']; onRetry?: () => void }) {
  return (
    <li className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]', own ? 'items-end self-end' : 'items-start self-start')} data-own={own} data-pending={pending}>
      <p
        className={cn(
          'rounded-2xl px-4 py-2 text-sm break-words whitespace-pre-wrap',
          own ? 'rounded-br-sm' : 'rounded-bl-sm',
          // cn() does not merge conflicting classes: exactly one look per bubble.
          pending === 'failed' ? 'bg-red-50 text-red-900 ring-1 ring-red-300' : own ? 'bg-green-700 text-white' : 'bg-slate-100 text-slate-900',
          pending === 'sending' && 'opacity-70',
        )}
      >
        {body}
      </p>
      <span className="flex items-center gap-2 text-xs text-slate-500">
        {pending === 'failed' ? (
          <>
            <span className="font-medium text-red-700">{text.notSent}</span>
            <button type="button" onClick={onRetry} className="cursor-pointer font-medium text-brand-700 underline-offset-2 hover:underline">
              {text.retrySend}
            </button>
          </>
        ) : pending === 'sending' ? (
          <span>{text.sending}</span>
        ) : (
          <time dateTime={at} title={dateTimeOf(at)}>
            {timeOf(at)}
          </time>
        )}
      </span>
    </li>
  );
}
