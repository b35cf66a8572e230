import { ShieldX } from 'lucide-react';
import { screeningQuestionsMessages as text } from '@shared/messages/screening-questions.ts';
import type { ScreeningAnswer } from '@shared/schemas/screening-questions.ts';
import { answerText } from '@shared/screening-answers.ts';

/** The card's mark of an application a screening answer knocked out (issue 36 §1). */
export function KnockedOutBadge() {
  return (
    <span title={text.knockedOutTitle} className="inline-flex items-center gap-0.5 rounded-full bg-red-50 px-1.5 py-0.5 text-[11px] font-medium text-red-800 ring-1 ring-red-200" data-testid="knocked-out-badge">
      <ShieldX className="size-3" aria-hidden="true" />
      {text.knockedOut}
    </span>
  );
}

/** The candidate's answers to the job's screening questions, each under the question as it was asked; the knockout one marked. */
export function ScreeningAnswersSection({ answers, reason }: { answers: ScreeningAnswer[]; reason: string | null }) {
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby="panel-screening" data-testid="screening-answers">
      <h3 id="panel-screening" className="mb-2 flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {text.answersHeading}
        {reason ? <KnockedOutBadge /> : null}
      </h3>
      {reason ? <p className="mb-2 text-red-800">{reason}</p> : null}
      <dl className="space-y-2">
        {answers.map((answer) => (
          <div key={answer.question_id}>
            <dt className="text-slate-600">{answer.prompt}</dt>
            <dd className={answer.knocked_out ? 'font-medium text-red-800' : 'text-slate-900'}>
              {answerText(answer.answer)}
              {answer.knocked_out ? <span className="ml-2 text-xs">({text.knockoutAnswer})</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
