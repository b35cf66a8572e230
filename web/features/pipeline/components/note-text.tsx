import { noteParts } from '@shared/note-mentions.ts';

/** A note's body as read: text as text (never HTML), each mention as @Name set apart. */
export function NoteText({ body }: { body: string }) {
  return (
    <p className="break-words whitespace-pre-line text-slate-800">
      {noteParts(body).map((part, index) =>
        part.kind === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <span key={index} className="rounded bg-brand-50 px-0.5 font-medium text-brand-800" data-mention={part.userId}>
            @{part.label}
          </span>
        ),
      )}
    </p>
  );
}
