import { useState, type FormEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { CHAT_MESSAGE_MAX } from '@shared/schemas/support-chat.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';

const text = messages.supportChat;

/** The input and send button under a conversation: Enter sends; the text is trimmed and blank is ignored. */
export function ChatComposer({ onSend, disabled = false }: { onSend: (text: string) => void; disabled?: boolean }) {
  const [draft, setDraft] = useState('');
  const blank = draft.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || disabled) return;
    onSend(draft.trim());
    setDraft('');
  }

  return (
    <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 p-3">
      <Input
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={text.placeholder}
        aria-label={text.messageLabel}
        maxLength={CHAT_MESSAGE_MAX}
        autoComplete="off"
        disabled={disabled}
      />
      <Button type="submit" disabled={blank || disabled} aria-label={text.send} title={text.send}>
        <SendHorizontal className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">{text.send}</span>
      </Button>
    </form>
  );
}
