import { useId, useState, type KeyboardEvent } from 'react';
import { Search, X } from 'lucide-react';
import { forCount } from '@shared/english.ts';
import { messages } from '@shared/messages.ts';
import type { CompanyCandidateMatch } from '@shared/schemas/company-candidate-search.ts';
import { Input } from '@web/components/ui/input.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { useCompanyCandidateSearch } from '../api/search-company-candidates.ts';
import { stageLabel } from '../lib/format.ts';

const text = messages.companyCandidateSearch;
const TYPING_PAUSE_MS = 200;

export type FoundApplication = CompanyCandidateMatch['applications'][number];

/**
 * "Find a candidate" (issue 36 §2): a search box over the company's candidates by name, email,
 * phone or candidate ID, listing each match's applications (job and stage) to choose one. A
 * combobox with a listbox (WAI-ARIA 1.2): arrows move, Enter chooses, Escape closes, then clears.
 */
export function CandidateFinder({ onSelect, className }: { onSelect: (application: FoundApplication, candidate: CompanyCandidateMatch) => void; className?: string }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(value, TYPING_PAUSE_MS).trim();
  const search = useCompanyCandidateSearch(open ? query : '');
  // Only the answer to what is in the box: a choice made with Enter is never from the previous query's list.
  const current = query !== '' && query === value.trim() && !search.isPlaceholderData;
  const options = (current && search.data ? search.data.results : []).flatMap((candidate) => candidate.applications.map((application) => ({ candidate, application })));
  const listId = `${id}-list`;
  const shown = open && value.trim() !== '';

  const status = !shown
    ? ''
    : search.isError
      ? text.failed
      : !current || search.isFetching
        ? text.searching
        : search.data && search.data.results.length === 0
          ? fill(text.noResults, { q: query })
          : search.data
            ? `${fill(forCount(search.data.results.length, text.resultsOne, text.results), { count: search.data.results.length })}${search.data.has_more ? `. ${fill(text.more, { count: search.data.results.length })}` : ''}`
            : '';

  function choose(index: number) {
    const option = options[index];
    if (!option) return;
    setOpen(false);
    setActive(-1);
    onSelect(option.application, option.candidate);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      setActive((current) => (event.key === 'ArrowDown' ? Math.min(current + 1, options.length - 1) : Math.max(current - 1, 0)));
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault();
        setOpen(false);
      } else if (value) {
        event.preventDefault();
        setValue('');
      }
    }
  }

  return (
    <div
      className={cn('relative', className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-slate-700">
        {text.label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={shown && options.length > 0}
          aria-controls={shown && options.length > 0 ? listId : undefined}
          aria-activedescendant={shown && active >= 0 && options[active] ? `${id}-option-${active}` : undefined}
          aria-describedby={`${id}-hint`}
          placeholder={text.placeholder}
          maxLength={100}
          className="pr-9 pl-9"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {value ? (
          <button
            type="button"
            aria-label={text.clear}
            className="absolute top-1/2 right-1.5 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            onClick={() => {
              setValue('');
              setActive(-1);
            }}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {text.hint}
      </p>
      <p role="status" className="sr-only">
        {status}
      </p>
      {shown ? (
        <div className="absolute z-30 mt-1 w-full overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg" data-testid="candidate-finder-popup">
          {status ? (
            <p className={cn('px-3 py-2 text-xs', search.isError ? 'text-red-700' : 'text-slate-600')} aria-hidden="true">
              {status}
            </p>
          ) : null}
          {options.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={text.label} className="max-h-80 overflow-y-auto border-t border-slate-100">
              {options.map(({ candidate, application }, index) => (
                <li
                  key={application.id}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={cn('cursor-pointer px-3 py-2 text-sm', index === active ? 'bg-brand-50' : 'hover:bg-slate-50')}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(index)}
                >
                  <span className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium break-words text-slate-900">{candidate.name}</span>
                    {candidate.candidate_code ? <span className="font-mono text-xs text-slate-600">{candidate.candidate_code}</span> : null}
                  </span>
                  <span className="block text-xs break-all text-slate-600">{candidate.email}</span>
                  <span className="block text-xs text-slate-700">{fill(text.appliedFor, { job: application.job_title, stage: stageLabel(application.stage) })}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
