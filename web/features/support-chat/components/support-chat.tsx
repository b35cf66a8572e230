import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useOwnSupportChat } from '../api/open-support-chat.ts';
import { useChatThread } from '../hooks/use-chat-thread.ts';
import { useLiveChat } from '../hooks/use-live-chat.ts';
import { ChatConversation } from './chat-conversation.tsx';

const text = messages.supportChat;

/**
 * Support Chat (spec points 2 and 4): the signed-in user's conversation with WorkCred support,
 * for employers and candidates alike. The chat is created on the first visit; new messages arrive
 * live, and after a reconnection the screen catches up from the last message it holds.
 */
export function SupportChat() {
  const me = useMe().data;
  const userId = me?.user.id;
  const chat = useOwnSupportChat(userId);
  const chatId = chat.data?.id ?? null;
  const thread = useChatThread(chatId);
  useLiveChat(thread, chatId);
  const navigate = useNavigate();
  const location = useLocation();

  // Back to the previous page; straight to /dashboard when this page was opened directly.
  const back = () => void (location.key === 'default' ? navigate('/dashboard') : navigate(-1));

  return (
    <section aria-labelledby="support-chat-title" className="mx-auto max-w-3xl space-y-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" onClick={back} aria-label={text.back} title={text.back}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Button>
        <h2 id="support-chat-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {text.title}
        </h2>
      </div>
      <Card className="overflow-hidden">
        {!userId ? (
          <Problem message={text.loginRequired} />
        ) : chat.isPending ? (
          <div className="flex h-[500px] items-center justify-center">
            <Spinner className="size-8" label={text.loading} />
          </div>
        ) : chat.isError ? (
          // The server refused or failed to create the chat, or it could not be reached at all.
          <Problem message={isApiError(chat.error) ? text.createFailed : text.initFailed} onRetry={() => void chat.refetch()} retrying={chat.isFetching} />
        ) : thread ? (
          <ChatConversation thread={thread} isOwn={(senderId) => senderId === userId} emptyText={text.empty} />
        ) : null}
      </Card>
    </section>
  );
}

function Problem({ message, onRetry, retrying = false }: { message: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex h-[500px] flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="font-medium text-red-700">{message}</p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {text.retry}
        </Button>
      ) : null}
    </div>
  );
}
