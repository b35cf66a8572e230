import { fill } from '@shared/fill.ts';
import { screeningQuestionsMessages as text } from '@shared/messages/screening-questions.ts';
import type { PublicScreeningQuestion } from '@shared/schemas/screening-questions.ts';
import { SCREENING_LIMITS, type ScreeningAnswerValue } from '@shared/screening-answers.ts';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { SelectField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';

/** What the candidate has put in, by question id: yes/no as true/false, anything else as typed. */
export type TypedAnswers = Record<string, string | boolean | undefined>;

/**
 * The answers as Apply sends them, or the first question's problem (a required one blank, a number
 * that is not one). The server checks again, against the job's questions as they are then.
 */
export function answersToSend(questions: PublicScreeningQuestion[], typed: TypedAnswers): { answers: { question_id: string; answer: ScreeningAnswerValue }[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const answers = questions.map((question) => {
    const raw = typed[question.id];
    const blank = raw === undefined || (typeof raw === 'string' && raw.trim() === '');
    if (blank) {
      if (question.required) errors[question.id] = fill(text.answerRequired, { prompt: question.prompt });
      return { question_id: question.id, answer: null };
    }
    if (question.kind === 'number') {
      const number = Number(raw);
      if (typeof raw !== 'string' || !Number.isFinite(number)) errors[question.id] = fill(text.answerNumber, { prompt: question.prompt });
      return { question_id: question.id, answer: number };
    }
    return { question_id: question.id, answer: typeof raw === 'string' ? raw.trim() : raw };
  });
  return { answers, errors };
}

function YesNo({ id, question, value, error, onChange }: { id: string; question: PublicScreeningQuestion; value: string | boolean | undefined; error?: string | undefined; onChange: (value: boolean) => void }) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-900">
        {question.prompt}
        {question.required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className="mt-2 flex gap-6">
        {([true, false] as const).map((answer) => (
          <label key={String(answer)} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
            <input type="radio" name={id} className="size-4 accent-brand-600" checked={value === answer} onChange={() => onChange(answer)} required={question.required} />
            {answer ? text.yes : text.no}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** The job's screening questions on Apply (issue 36 §1), one field per question by its kind. */
export function ScreeningQuestionsForm({ companyName, questions, typed, errors, onChange }: { companyName: string; questions: PublicScreeningQuestion[]; typed: TypedAnswers; errors: Record<string, string>; onChange: (questionId: string, value: string | boolean) => void }) {
  return (
    <section aria-labelledby="screening-heading" className="mb-6 space-y-4">
      <h2 id="screening-heading" className="text-lg font-semibold text-slate-900">
        {fill(text.applyHeading, { company: companyName })}
      </h2>
      <p className="text-sm text-slate-600">{text.applyHint}</p>
      {questions.map((question) => {
        const id = `screening-${question.id}`;
        const label = question.required ? `${question.prompt} *` : question.prompt;
        const value = typed[question.id];
        const error = errors[question.id];
        if (question.kind === 'yes_no') return <YesNo key={question.id} id={id} question={question} value={value} error={error} onChange={(answer) => onChange(question.id, answer)} />;
        if (question.kind === 'choice') {
          return (
            <SelectField key={question.id} id={id} label={label} value={typeof value === 'string' ? value : ''} error={error} onChange={(event) => onChange(question.id, event.currentTarget.value)}>
              <option value="">{text.choosePlaceholder}</option>
              {question.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
          );
        }
        return (
          <TextField
            key={question.id}
            id={id}
            label={label}
            value={typeof value === 'string' ? value : ''}
            error={error}
            {...(question.kind === 'number' ? { type: 'number', inputMode: 'decimal' as const, step: 'any' } : { maxLength: SCREENING_LIMITS.answerText })}
            onChange={(event) => onChange(question.id, event.currentTarget.value)}
          />
        );
      })}
    </section>
  );
}
