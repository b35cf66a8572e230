import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fill } from '@shared/fill.ts';
import { candidateNotesMessages as text } from '@shared/messages/candidate-notes.ts';
import { mentionsIn, plainNoteText, withMentionTokens, type Mention } from '@shared/note-mentions.ts';
import { companyRoleLabels, type CompanyRole } from '@shared/permissions.ts';
import { CANDIDATE_RECORD_LIMITS } from '@shared/schemas/candidate-record.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { cn } from '@web/lib/cn.ts';
import { useMentionable } from '../api/application-notes.ts';

/** "@pri" just before the caret: the picker's query (one word; a name's later words are typed by picking). */
const MENTION_QUERY = /(?:^|\s)@([^\s@]{0,30})$/u;
const MAX_SHOWN = 6;

/**
 * The note box with its mention picker: typing @ lists the teammates who can see this candidate
 * (arrow keys and Enter, or a tap, pick one); a pick writes @Name in the box and the note is sent
 * with @[Name](id), so each one picked is told.
 */
export function NoteComposer({
  applicationId,
  id,
  initialBody = '',
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  applicationId: string;
  id: string;
  initialBody?: string;
  submitLabel: string;
  pending: boolean;
  error?: string | undefined;
  onSubmit: (body: string, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const [value, setValue] = useState(() => plainNoteText(initialBody));
  const [picked, setPicked] = useState<Mention[]>(() => mentionsIn(initialBody));
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [problem, setProblem] = useState<string | undefined>();
  const box = useRef<HTMLTextAreaElement>(null);
  const members = useMentionable(applicationId, query !== null || picked.length > 0);
  const listId = useId();

  const matches = useMemo(() => {
    if (query === null) return [];
    const q = query.toLowerCase();
    return (members.data ?? []).filter((member) => member.name.toLowerCase().split(/\s+/).some((word) => word.startsWith(q)) || member.name.toLowerCase().startsWith(q)).slice(0, MAX_SHOWN);
  }, [members.data, query]);

  function readQuery(text: string, caret: number) {
    const match = MENTION_QUERY.exec(text.slice(0, caret));
    setQuery(match ? (match[1] ?? '') : null);
    setActive(0);
  }

  function pick(member: { id: string; name: string }) {
    const element = box.current;
    const caret = element?.selectionStart ?? value.length;
    const before = value.slice(0, caret).replace(/@([^\s@]{0,30})$/u, `@${member.name} `);
    const next = before + value.slice(caret);
    setValue(next);
    setPicked((current) => (current.some((one) => one.userId === member.id) ? current : [...current, { userId: member.id, label: member.name }]));
    setQuery(null);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(before.length, before.length);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (query === null || matches.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(matches[active] ?? matches[0]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery(null);
    }
  }

  function submit() {
    const body = withMentionTokens(value, picked).trim();
    if (!plainNoteText(body).trim()) return setProblem(text.noteRequired);
    if (plainNoteText(body).length > CANDIDATE_RECORD_LIMITS.note) return setProblem(fill(text.noteTooLong, { max: CANDIDATE_RECORD_LIMITS.note }));
    setProblem(undefined);
    onSubmit(body, () => {
      setValue('');
      setPicked([]);
    });
  }

  const shown = problem ?? error;
  const open = query !== null && matches.length > 0;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{initialBody ? text.editNote : text.noteLabel}</Label>
      <div className="relative">
        <textarea
          ref={box}
          id={id}
          value={value}
          placeholder={text.notePlaceholder}
          onChange={(event) => {
            setValue(event.target.value);
            readQuery(event.target.value, event.target.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setQuery(null), 150)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={cn(`${id}-hint`, shown && `${id}-error`) || undefined}
          className="block min-h-24 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500"
        />
        {open ? (
          <ul id={listId} aria-label={text.mentionListLabel} data-testid="mention-picker" className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
            {matches.map((member, index) => (
              <li key={member.id}>
                <button
                  type="button"
                  // Keeps the box's focus (and caret) while the pick is made.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(member)}
                  aria-current={index === active ? 'true' : undefined}
                  className={cn('flex w-full items-baseline justify-between gap-2 px-3 py-1.5 text-left text-sm hover:bg-slate-50', index === active && 'bg-brand-50')}
                >
                  <span className="font-medium text-slate-900">{member.name}</span>
                  <span className="text-xs text-slate-600">{companyRoleLabels[member.company_role as CompanyRole] ?? member.company_role}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {text.notesPrivate}
      </p>
      <FieldError id={`${id}-error`} message={shown} />
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={pending} onClick={submit}>
          {pending ? text.addingNote : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            {text.cancelEdit}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
