import { useId, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { INTERVIEW_LIMITS, scorecardBodySchema, type Interview, type Scorecard } from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useSaveScorecard, useScorecards } from '../api/scorecards.ts';
import { useNow } from '@web/lib/use-now.ts';

const text = messages.interviews;
const RATINGS = [1, 2, 3, 4] as const;

interface Row {
  name: string;
  rating: number;
}

/**
 * The interview's scorecards: everyone's (read-only) and, for an interviewer once the interview
 * has started, their own form: 3–5 criteria rated 1–4 and notes.
 */
export function ScorecardDialog({ interview, userId, open, onOpenChange }: { interview: Interview; userId: string | undefined; open: boolean; onOpenChange: (open: boolean) => void }) {
  const scorecards = useScorecards(interview.id, open);
  const isInterviewer = interview.interviewers.some((person) => person.id === userId);
  const now = useNow();
  const started = new Date(interview.scheduled_at).getTime() <= now && interview.status !== 'cancelled';
  const mine = scorecards.data?.find((card) => card.interviewer_id === userId);
  const others = scorecards.data?.filter((card) => card.interviewer_id !== userId) ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{text.scorecards}</DialogTitle>
        <DialogDescription>
          {interview.candidate_name} · {interview.job_title} · {interview.starts_at_label}
        </DialogDescription>
        {scorecards.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : (
          <div className="mt-4 space-y-6">
            {isInterviewer && started ? <ScorecardForm key={mine?.id ?? 'new'} interviewId={interview.id} existing={mine} /> : null}
            {isInterviewer && !started && interview.status !== 'cancelled' ? <p className="text-sm text-slate-600">{text.scorecardTooEarly}</p> : null}
            <section className="space-y-3" aria-label={text.scorecards}>
              {(isInterviewer ? others : (scorecards.data ?? [])).map((card) => (
                <ScorecardView key={card.id} card={card} />
              ))}
              {(scorecards.data ?? []).length === 0 && !(isInterviewer && started) ? <p className="text-sm text-slate-500">{text.noScorecards}</p> : null}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScorecardView({ card }: { card: Scorecard }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <p className="font-medium text-slate-900">{fill(text.scorecardBy, { name: card.interviewer_name })}</p>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {card.criteria.map((criterion) => (
          <li key={criterion.name} className="flex justify-between gap-4">
            <span>{criterion.name}</span>
            <span className="font-medium">
              {criterion.rating}/4 · {text.ratingNames[criterion.rating as 1 | 2 | 3 | 4]}
            </span>
          </li>
        ))}
      </ul>
      {card.notes ? <p className="mt-2 text-sm whitespace-pre-wrap text-slate-600">{card.notes}</p> : null}
    </div>
  );
}

function ScorecardForm({ interviewId, existing }: { interviewId: string; existing: Scorecard | undefined }) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => existing?.criteria ?? text.defaultCriteria.map((name) => ({ name, rating: 0 })));
  const [notes, setNotes] = useState(existing?.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveScorecard();

  const update = (index: number, patch: Partial<Row>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setError(null);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = scorecardBodySchema.safeParse({ criteria: rows, notes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ interviewId, ...parsed.data });
      toast.success(text.scorecardSaved);
    } catch (failure) {
      const detail = errorMessage(failure, '');
      toast.error(text.scorecardFailed, detail ? { description: detail } : undefined);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4" data-testid="scorecard-form">
      <div>
        <h3 className="font-semibold text-slate-900">{text.scorecardTitle}</h3>
        <p className="text-sm text-slate-600">{text.scorecardDescription}</p>
      </div>
      {rows.map((row, index) => (
        <div key={index} className="space-y-2">
          <div className="flex items-end gap-2">
            <div className="flex-1 space-y-1.5">
              <Label htmlFor={`${id}-c${index}`}>{fill(text.criterionLabel, { number: String(index + 1) })}</Label>
              <Input id={`${id}-c${index}`} value={row.name} maxLength={INTERVIEW_LIMITS.criterionName} onChange={(e) => update(index, { name: e.target.value })} />
            </div>
            {rows.length > INTERVIEW_LIMITS.minCriteria ? (
              <Button type="button" variant="ghost" size="icon" onClick={() => setRows((current) => current.filter((_, i) => i !== index))}>
                <Trash2 className="size-4" aria-hidden="true" />
                <span className="sr-only">{fill(text.removeCriterion, { number: String(index + 1) })}</span>
              </Button>
            ) : null}
          </div>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{fill(text.ratingLabel, { name: row.name || fill(text.criterionLabel, { number: String(index + 1) }) })}</legend>
            {RATINGS.map((rating) => (
              <label
                key={rating}
                className={`flex cursor-pointer items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${row.rating === rating ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700'}`}
              >
                <input type="radio" className="sr-only" name={`${id}-r${index}`} value={rating} checked={row.rating === rating} onChange={() => update(index, { rating })} />
                {rating} · {text.ratingNames[rating]}
              </label>
            ))}
          </fieldset>
        </div>
      ))}
      {rows.length < INTERVIEW_LIMITS.maxCriteria ? (
        <Button type="button" variant="outline" size="sm" onClick={() => setRows((current) => [...current, { name: '', rating: 0 }])}>
          <Plus className="size-4" aria-hidden="true" />
          {text.addCriterion}
        </Button>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-notes`}>{text.notesLabel}</Label>
        <textarea
          id={`${id}-notes`}
          rows={4}
          maxLength={INTERVIEW_LIMITS.notes}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
      </div>
      <FieldError id={`${id}-error`} message={error ?? undefined} />
      <Button type="submit" disabled={save.isPending}>
        {text.saveScorecard}
      </Button>
    </form>
  );
}
