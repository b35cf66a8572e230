import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@shared/messages.ts';
import type { AdminChatSummary } from '@shared/schemas/support-chat.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { roleLabel } from '@web/lib/role-label.ts';
import { useMe } from '@web/lib/session/get-me.ts';
// The admin side of the same conversation: Support Chat's pieces, not a second copy of them.
import { ChatConversation } from '@web/features/support-chat/components/chat-conversation.tsx';
import { useChatThread } from '@web/features/support-chat/hooks/use-chat-thread.ts';
import { useLiveChat } from '@web/features/support-chat/hooks/use-live-chat.ts';
import { adminChatsQueryKey, useAdminChats } from '../api/get-admin-chats.ts';
import { AdminChatList } from './admin-chat-list.tsx';

const text = messages.supportChat;

/**
 * The admin Support tab (spec points 2 and 4): every support chat in a 600 px panel, most recent
 * activity first and live, and the chosen chat's messages with a box to answer in. Replies show
 * on the right in green (the support side), the user's messages on the left.
 */
export function AdminSupportTab() {
  const me = useMe().data;
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<AdminChatSummary | null>(null);
  const chats = useAdminChats(page, Boolean(me));
  const thread = useChatThread(selected?.id ?? null);
  const queryClient = useQueryClient();
  useLiveChat(thread, selected?.id ?? null, {
    enabled: Boolean(me),
    onEvent: (event) => {
      if (event.type === 'ready' || event.type === 'chat_message' || event.type === 'support_chat') void queryClient.invalidateQueries({ queryKey: adminChatsQueryKey });
    },
  });

  if (!me) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-sm font-medium text-red-700">
        {text.noAuthenticatedUser}
      </p>
    );
  }

  const missingProfiles = chats.data?.chats.some((chat) => chat.user_name === null) ?? false;
  const selectedMeta = selected ? [selected.user_role ? roleLabel(selected.user_role) : null, selected.company_name, selected.user_email].filter(Boolean).join(' · ') : '';

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <Card className={selected ? 'hidden min-w-0 lg:flex lg:flex-col' : 'flex min-w-0 flex-col'}>
        <section aria-labelledby="support-chats-title" className="flex h-[600px] flex-col">
          <h3 id="support-chats-title" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
            {text.chatsTitle}
          </h3>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {chats.isPending ? (
              <div className="flex justify-center p-10">
                <Spinner label={text.loadingChats} />
              </div>
            ) : chats.isError ? (
              <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
                <p className="font-medium text-red-700">{text.loadChatsFailed}</p>
                <Button variant="outline" onClick={() => void chats.refetch()} disabled={chats.isFetching}>
                  {text.retry}
                </Button>
              </div>
            ) : (
              <>
                {missingProfiles ? (
                  <p role="alert" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-800">
                    {text.loadProfilesFailed}
                  </p>
                ) : null}
                <AdminChatList chats={chats.data.chats} selectedId={selected?.id ?? null} onSelect={setSelected} />
              </>
            )}
          </div>
          {page > 1 || chats.data?.has_more ? (
            <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-2">
              <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page === 1 || chats.isFetching}>
                {text.previousPage}
              </Button>
              <span className="text-xs text-slate-500">{fill(text.pageOf, { page: String(page) })}</span>
              <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={!chats.data?.has_more || chats.isFetching}>
                {text.nextPage}
              </Button>
            </div>
          ) : null}
        </section>
      </Card>

      <Card className={selected ? 'flex min-w-0 flex-col overflow-hidden' : 'hidden min-w-0 overflow-hidden lg:flex lg:flex-col'}>
        {selected && thread ? (
          <section aria-label={selected.user_name ?? text.unknownUser} className="flex flex-col">
            <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
              <Button variant="ghost" size="icon" className="lg:hidden" onClick={() => setSelected(null)} aria-label={text.backToChats} title={text.backToChats}>
                <ArrowLeft className="size-5" aria-hidden="true" />
              </Button>
              <div className="min-w-0">
                <p className="truncate font-semibold text-slate-900">{selected.user_name || selected.user_email || text.unknownUser}</p>
                <p className="truncate text-xs text-slate-500" title={selectedMeta}>
                  {selectedMeta}
                </p>
              </div>
            </header>
            <ChatConversation key={selected.id} thread={thread} isOwn={(senderId) => senderId !== selected.user_id} emptyText={text.emptyAdmin} />
          </section>
        ) : (
          <p className="m-auto p-10 text-center text-sm text-slate-500">{text.selectChat}</p>
        )}
      </Card>
    </div>
  );
}
