import { useId, useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { fill } from '@shared/fill.ts';
import { candidateNotesMessages as text } from '@shared/messages/candidate-notes.ts';
import { tagLabelSchema } from '@shared/schemas/candidate-record.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { toast } from '@web/lib/toast.ts';
import { useCandidateTags, useChangeTags, useCompanyTags } from '../api/candidate-tags.ts';

/** The company's tags on the candidate (issue 36 §2): chips, and for those who work the pipeline, add and remove. */
export function CandidateTagsSection({ applicationId, jobId }: { applicationId: string; jobId: string }) {
  const canChange = useCan('pipeline.move');
  const tags = useCandidateTags(applicationId);
  const suggestions = useCompanyTags(canChange);
  const change = useChangeTags(applicationId, jobId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const listId = useId();

  function add(event: FormEvent) {
    event.preventDefault();
    const parsed = tagLabelSchema.safeParse(draft);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? text.tagInvalid);
    setProblem(undefined);
    change.mutate(
      { add: parsed.data },
      {
        onSuccess: () => setDraft(''),
        onError: (error) => setProblem(errorMessage(error, text.tagFailed)),
      },
    );
  }

  return (
    <section aria-labelledby="panel-tags" className="space-y-2">
      <h3 id="panel-tags" className="font-semibold text-slate-900">
        {text.tagsHeading}
      </h3>
      {tags.data && tags.data.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" data-testid="candidate-tags">
          {tags.data.map((tag) => (
            <li key={tag.id} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200">
              {tag.label}
              {canChange ? (
                <button
                  type="button"
                  className="-mr-1 rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  aria-label={fill(text.removeTag, { tag: tag.label })}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ remove: tag.id }, { onError: (error) => toast.error(errorMessage(error, text.tagFailed)) })}
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : tags.isSuccess ? (
        <p className="text-slate-500">{text.noTags}</p>
      ) : null}
      {canChange ? (
        <form onSubmit={add} className="space-y-1" noValidate>
          <Label htmlFor="panel-tag-input" className="sr-only">
            {text.addTagLabel}
          </Label>
          <div className="flex gap-2">
            <input
              id="panel-tag-input"
              list={listId}
              value={draft}
              maxLength={60}
              placeholder={text.addTagPlaceholder}
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'panel-tag-error' : undefined}
              className="block h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500"
            />
            <datalist id={listId}>
              {(suggestions.data ?? []).map((tag) => (
                <option key={tag.label} value={tag.label} />
              ))}
            </datalist>
            <Button type="submit" variant="outline" size="sm" disabled={change.isPending}>
              {text.addTag}
            </Button>
          </div>
          <FieldError id="panel-tag-error" message={problem} />
        </form>
      ) : null}
    </section>
  );
}
