import { useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { CAREER_LIMITS, dedupeSkills } from '@shared/schemas/candidate-search.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';

const text = messages.candidateSearch;

interface TagInputProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
  max?: number;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Tags typed into one box: Enter or a comma adds what was typed (a pasted "a, b" adds both),
 * Backspace in the empty box removes the last tag, and each tag has its own remove button.
 * Repeats (in any case) are dropped; what is left typed is added on blur so it is never lost.
 */
export function TagInput({ id, value, onChange, placeholder, max = CAREER_LIMITS.skills, invalid, describedBy }: TagInputProps) {
  const [draft, setDraft] = useState('');

  const add = (raw: string) => {
    const typed = raw
      .split(',')
      .map((tag) => tag.trim().slice(0, CAREER_LIMITS.skill))
      .filter(Boolean);
    if (typed.length) onChange(dedupeSkills([...value, ...typed]).slice(0, max));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 py-1.5 shadow-sm',
        'focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30',
        invalid && 'border-red-500',
      )}
    >
      <ul className="contents" aria-label={text.skillsLabel}>
        {value.map((tag) => (
          <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-800" data-testid="tag">
            {tag}
            <button
              type="button"
              className="rounded-full p-0.5 text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              onClick={() => onChange(value.filter((other) => other !== tag))}
              aria-label={fill(text.removeSkill, { skill: tag })}
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        value={draft}
        onChange={(event) => {
          const next = event.target.value;
          // A paste or a typed comma: add everything before the last comma.
          if (next.includes(',')) {
            const last = next.lastIndexOf(',');
            add(next.slice(0, last));
            setDraft(next.slice(last + 1));
          } else setDraft(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(draft)}
        placeholder={value.length ? undefined : placeholder}
        maxLength={CAREER_LIMITS.skill}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="min-w-32 flex-1 border-0 bg-transparent px-1 py-0.5 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none"
      />
    </div>
  );
}
