import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useThreadState } from '../hooks/use-chat-thread.ts';
import type { ChatThread } from '../lib/chat-thread.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessageList } from './chat-message-list.tsx';

const text = messages.supportChat;

export interface ChatConversationProps {
  thread: ChatThread;
  /** Whether a sender's messages show as this side's (right, green). */
  isOwn: (senderId: string | null) => boolean;
  emptyText: string;
}

/** A chat's messages and the box to answer in, shared by Support Chat and the admin Support tab. */
export function ChatConversation({ thread, isOwn, emptyText }: ChatConversationProps) {
  const state = useThreadState(thread);

  const send = (draft: string) =>
    void thread.send(draft).then((outcome) => {
      if (outcome === 'failed') toast.error(text.sendFailed);
    });
  const retry = (clientMessageId: string) =>
    void thread.retry(clientMessageId).then((outcome) => {
      if (outcome === 'failed') toast.error(text.sendFailed);
    });

  return (
    <div className="flex flex-col">
      {state.status === 'loading' ? (
        <div className="flex h-[500px] items-center justify-center">
          <Spinner className="size-8" label={text.loading} />
        </div>
      ) : state.status === 'error' ? (
        <div role="alert" className="flex h-[500px] flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="font-medium text-red-700">{text.loadMessagesFailed}</p>
          <Button variant="outline" onClick={() => void thread.reload().catch(() => undefined)}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <ChatMessageList messages={state.messages} pending={state.pending} isOwn={isOwn} emptyText={emptyText} onRetry={retry} />
      )}
      <ChatComposer onSend={send} disabled={state.status !== 'ready'} />
    </div>
  );
}
