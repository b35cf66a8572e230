import { useState } from 'react';
import { Briefcase, CalendarClock, Check, MapPin } from 'lucide-react';
import { jobKindFacts } from '@shared/job-details.ts';
import { SalaryIcon } from '@web/components/salary-icon.tsx';
import { siteMessages as messages } from '@shared/messages/site.ts';
import type { PublicJobDetail } from '@shared/schemas/job-detail.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { formatDayMonthYear } from '@web/lib/day-month-year.ts';
import { fill } from '@web/lib/fill.ts';
import { useNow } from '@web/lib/use-now.ts';
import { useApply } from '../hooks/use-apply.ts';
import { answersToSend, ScreeningQuestionsForm, type TypedAnswers } from './screening-questions-form.tsx';

const text = messages.jobDetail;

/** A block of the job's own text; rendered as text, its line breaks kept. */
function Section({ title, body }: { title: string; body: string | null }) {
  if (!body?.trim()) return null;
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-slate-700">{body}</p>
    </section>
  );
}

function ApplyButton({ job }: { job: PublicJobDetail }) {
  const { apply, applying, applied, checking } = useApply(job.id);
  // The job's screening questions (issue 36 §1), answered before Apply; a page served before they existed has none.
  const questions = job.screening_questions ?? [];
  const [typed, setTyped] = useState<TypedAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (applied) {
    return (
      <Button size="lg" disabled aria-disabled="true">
        <Check className="size-5" aria-hidden="true" />
        {text.applied}
      </Button>
    );
  }
  const closed = !job.accepting_applications;
  const onApply = () => {
    if (questions.length === 0) return apply();
    const { answers, errors: problems } = answersToSend(questions, typed);
    setErrors(problems);
    const first = questions.find((question) => problems[question.id]);
    if (first) {
      // The first question to fix takes the focus (a yes/no's first choice; any other its field).
      (document.getElementById(`screening-${first.id}`) ?? document.querySelector<HTMLInputElement>(`input[name="screening-${first.id}"]`))?.focus();
      return;
    }
    apply(answers);
  };
  return (
    <>
      {!closed && questions.length > 0 && (
        <ScreeningQuestionsForm
          companyName={job.company_name}
          questions={questions}
          typed={typed}
          errors={errors}
          onChange={(questionId, value) => {
            setTyped((before) => ({ ...before, [questionId]: value }));
            setErrors(({ [questionId]: _fixed, ...rest }) => rest);
          }}
        />
      )}
      <Button size="lg" onClick={onApply} disabled={closed || applying || checking}>
        {applying && <Spinner className="size-4 text-white" label={text.applying} />}
        {applying ? text.applying : text.applyNow}
      </Button>
    </>
  );
}

/** The job page body (spec point 2): title, company, facts, the job's text and Apply Now. */
export function JobDetailView({ job }: { job: PublicJobDetail }) {
  const now = useNow();
  const expires = job.expires_at ? new Date(job.expires_at) : null;
  const closed = !job.accepting_applications;
  const kind = jobKindFacts(job);
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{job.title}</h1>
      <p className="mt-1 text-base font-medium text-brand-800">{job.company_name}</p>

      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
        <div className="inline-flex items-center gap-1.5">
          <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">{text.location}</dt>
          <dd>{job.location || text.locationNotGiven}</dd>
        </div>
        <div className="inline-flex items-center gap-1.5">
          <SalaryIcon salary={job.salary} className="size-4 shrink-0 text-slate-400" />
          <dt className="sr-only">{text.salary}</dt>
          <dd>{job.salary || text.salaryNotDisclosed}</dd>
        </div>
        {kind.length > 0 && (
          <div className="inline-flex items-center gap-1.5">
            <Briefcase className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <dt className="sr-only">{text.jobType}</dt>
            <dd>{kind.join(' · ')}</dd>
          </div>
        )}
        {expires && (
          <div className="inline-flex items-center gap-1.5">
            <CalendarClock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <dt className="sr-only">Deadline</dt>
            <dd>
              <time dateTime={job.expires_at ?? undefined}>{fill(closed || expires.getTime() < now ? text.closedOn : text.closes, { date: formatDayMonthYear(expires) })}</time>
            </dd>
          </div>
        )}
      </dl>

      {closed && (
        <p role="note" className="mt-5 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {job.applications_stopped ? text.noLongerAccepting : text.closed}
        </p>
      )}

      <Section title={text.description} body={job.description} />
      <Section title={text.requirements} body={job.requirements} />
      <Section title={text.benefits} body={job.benefits} />

      <div className="mt-10 border-t border-slate-200 pt-6">
        <ApplyButton job={job} />
      </div>
    </article>
  );
}
