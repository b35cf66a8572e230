import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, Clock } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { scorecardsMessages as cards } from '@shared/messages/scorecards.ts';
import { messages } from '@shared/messages.ts';
import type { Interview } from '@shared/schemas/interviews.ts';
import { RECOMMENDATIONS, SCORECARD_LIMITS, SCORECARD_RATINGS, type Recommendation, type Scorecard, type ScorecardList } from '@shared/schemas/scorecards.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useSaveScorecard, useScorecards } from '../api/scorecards.ts';
import { useNow } from '@web/lib/use-now.ts';
import { RecommendationBadge, ratingText } from './scorecard-bits.tsx';

const text = messages.interviews;

/**
 * The interview's scorecards (issue 36 §4). An interviewer, once it has started, fills in their own
 * against the job's criteria; the others' scores show only once theirs is in (the server sends
 * none before). Who has submitted is always shown.
 */
export function ScorecardDialog({ interview, userId, open, onOpenChange }: { interview: Interview; userId: string | undefined; open: boolean; onOpenChange: (open: boolean) => void }) {
  const list = useScorecards(interview.id, open);
  const isInterviewer = interview.interviewers.some((person) => person.id === userId);
  const now = useNow();
  const started = new Date(interview.scheduled_at).getTime() <= now && interview.status !== 'cancelled';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{text.scorecards}</DialogTitle>
        <DialogDescription>
          {interview.candidate_name} · {interview.job_title} · {interview.starts_at_label}
        </DialogDescription>
        {list.data ? (
          <ScorecardsBody list={list.data} interview={interview} userId={userId} canFill={isInterviewer && started} tooEarly={isInterviewer && !started && interview.status !== 'cancelled'} />
        ) : list.isError ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {text.loadFailed}
          </p>
        ) : (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScorecardsBody({ list, interview, userId, canFill, tooEarly }: { list: ScorecardList; interview: Interview; userId: string | undefined; canFill: boolean; tooEarly: boolean }) {
  const mine = list.scorecards.find((card) => card.interviewer_id === userId);
  const others = list.scorecards.filter((card) => card.interviewer_id !== userId);
  return (
    <div className="mt-4 space-y-6">
      {canFill ? <ScorecardForm key={mine?.updated_at ?? 'new'} interviewId={interview.id} template={list.template} existing={mine} /> : null}
      {tooEarly ? <p className="text-sm text-slate-600">{text.scorecardTooEarly}</p> : null}
      <section className="space-y-3" aria-labelledby={`${interview.id}-who`}>
        <h3 id={`${interview.id}-who`} className="text-sm font-semibold text-slate-900">
          {cards.whoSubmitted}
        </h3>
        <ul className="flex flex-wrap gap-2" data-testid="scorecard-status">
          {list.interviewers.map((person) => (
            <li key={person.id} className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700">
              {person.submitted ? <CheckCircle2 className="size-3.5 text-green-700" aria-hidden="true" /> : <Clock className="size-3.5 text-slate-500" aria-hidden="true" />}
              {person.full_name} · {person.submitted ? cards.submitted : cards.notSubmitted}
            </li>
          ))}
        </ul>
        {list.hidden ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="scorecards-hidden">
            {cards.hiddenUntilSubmitted}
          </p>
        ) : (
          <>
            {(canFill ? others : list.scorecards).map((card) => (
              <ScorecardView key={card.id} card={card} />
            ))}
            {list.scorecards.length === 0 && !canFill ? <p className="text-sm text-slate-600">{text.noScorecards}</p> : null}
          </>
        )}
      </section>
    </div>
  );
}

/** One interviewer's scorecard, read-only; an older one without a recommendation says so. */
function ScorecardView({ card }: { card: Scorecard }) {
  return (
    <article className="rounded-lg border border-slate-200 p-4" aria-label={card.interviewer_name} data-testid="scorecard-view">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{card.interviewer_name}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {card.recommendation ? <RecommendationBadge recommendation={card.recommendation} /> : <span className="text-xs text-slate-600">{cards.olderScorecard}</span>}
          {card.average_rating !== null ? <span>{fill(cards.averageRating, { average: card.average_rating.toFixed(1) })}</span> : null}
        </div>
      </div>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {card.criteria.map((criterion) => (
          <li key={criterion.name} className="flex justify-between gap-4">
            <span>{criterion.name}</span>
            <span className="font-medium">{ratingText(criterion.rating)}</span>
          </li>
        ))}
      </ul>
      {card.notes ? <p className="mt-2 text-sm whitespace-pre-wrap text-slate-600">{card.notes}</p> : null}
    </article>
  );
}

const choiceClass = (checked: boolean) =>
  `flex cursor-pointer items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${checked ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700'}`;

/** The caller's own scorecard: every criterion of the job rated 1–4, a recommendation, notes. */
function ScorecardForm({ interviewId, template, existing }: { interviewId: string; template: ScorecardList['template']; existing: Scorecard | undefined }) {
  const id = useId();
  const [ratings, setRatings] = useState<Record<string, number>>(() =>
    Object.fromEntries(template.map(({ name }) => [name, existing?.criteria.find((c) => c.name.toLowerCase() === name.toLowerCase())?.rating ?? 0])),
  );
  const [recommendation, setRecommendation] = useState<Recommendation | null>(existing?.recommendation ?? null);
  const [notes, setNotes] = useState(existing?.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveScorecard();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const unrated = template.find(({ name }) => !SCORECARD_RATINGS.some((rating) => rating === ratings[name]));
    if (unrated) return setError(fill(cards.criterionMissing, { name: unrated.name }));
    if (!recommendation) return setError(cards.recommendationRequired);
    setError(null);
    try {
      await save.mutateAsync({ interviewId, criteria: template.map(({ name }) => ({ name, rating: ratings[name] ?? 0 })), recommendation, notes: notes.trim() || null });
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
        <p className="text-sm text-slate-600">{cards.formDescription}</p>
      </div>
      {template.map((criterion, index) => (
        <fieldset key={criterion.name} className="space-y-2" aria-describedby={criterion.guidance ? `${id}-g${index}` : undefined}>
          <legend className="text-sm font-medium text-slate-900">{fill(cards.ratingFor, { name: criterion.name })}</legend>
          {criterion.guidance ? (
            <p id={`${id}-g${index}`} className="text-xs text-slate-600">
              {criterion.guidance}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {SCORECARD_RATINGS.map((rating) => (
              <label key={rating} className={choiceClass(ratings[criterion.name] === rating)}>
                <input
                  type="radio"
                  className="sr-only"
                  name={`${id}-r${index}`}
                  value={rating}
                  checked={ratings[criterion.name] === rating}
                  onChange={() => {
                    setRatings((current) => ({ ...current, [criterion.name]: rating }));
                    setError(null);
                  }}
                />
                {rating} · {cards.ratingNames[rating]}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">{cards.recommendationLabel}</legend>
        <div className="flex flex-wrap gap-2">
          {RECOMMENDATIONS.map((value) => (
            <label key={value} className={choiceClass(recommendation === value)}>
              <input
                type="radio"
                className="sr-only"
                name={`${id}-recommendation`}
                value={value}
                checked={recommendation === value}
                onChange={() => {
                  setRecommendation(value);
                  setError(null);
                }}
              />
              {cards.recommendationNames[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-notes`}>{text.notesLabel}</Label>
        <textarea
          id={`${id}-notes`}
          rows={4}
          maxLength={SCORECARD_LIMITS.notes}
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
