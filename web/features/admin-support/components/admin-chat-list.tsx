import { messages } from '@shared/messages.ts';
import type { AdminChatSummary } from '@shared/schemas/support-chat.ts';
import { cn } from '@web/lib/cn.ts';
import { roleLabel } from '@web/lib/role-label.ts';

const text = messages.supportChat;

const when = (iso: string) => new Date(iso).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The chats of one page, most recent activity first; choosing one opens it beside (or, on a phone, instead of) the list. */
export function AdminChatList({ chats, selectedId, onSelect }: { chats: readonly AdminChatSummary[]; selectedId: string | null; onSelect: (chat: AdminChatSummary) => void }) {
  if (chats.length === 0) return <p className="p-6 text-center text-sm text-slate-500">{text.noChats}</p>;
  return (
    <ul aria-label={text.chatsLabel} className="divide-y divide-slate-100">
      {chats.map((chat) => {
        const selected = chat.id === selectedId;
        const meta = [chat.user_role ? roleLabel(chat.user_role) : null, chat.company_name, chat.user_email].filter(Boolean).join(' · ');
        return (
          <li key={chat.id}>
            <button
              type="button"
              onClick={() => onSelect(chat)}
              aria-current={selected ? 'true' : undefined}
              className={cn(
                'flex w-full min-w-0 cursor-pointer flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                selected && 'bg-brand-50 hover:bg-brand-50',
              )}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 truncate font-medium text-slate-900">{chat.user_name || chat.user_email || text.unknownUser}</span>
                <time dateTime={chat.last_message_at} className="shrink-0 text-xs text-slate-500">
                  {when(chat.last_message_at)}
                </time>
              </span>
              {/* Cut on one line; the tooltip has the whole line (the email often does not fit at 375 px). */}
              <span className="truncate text-xs text-slate-500" title={meta}>
                {meta}
              </span>
              <span className={cn('truncate text-sm', chat.last_message ? 'text-slate-700' : 'text-slate-400 italic')}>{chat.last_message?.preview ?? text.noMessagesPreview}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
