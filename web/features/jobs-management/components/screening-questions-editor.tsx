import { useState } from 'react';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { ArrowUp, Plus, Trash2 } from 'lucide-react';
import { fill } from '@shared/fill.ts';
import { screeningQuestionsMessages as text } from '@shared/messages/screening-questions.ts';
import type { CreateJobInput, CreateJobValues } from '@shared/schemas/jobs.ts';
import { SCREENING_LIMITS, screeningKinds, type ScreeningKind } from '@shared/screening-answers.ts';
import type { ScreeningQuestionInput } from '@shared/schemas/screening-questions.ts';
import { Button } from '@web/components/ui/button.tsx';
import { CheckboxField } from '@web/components/ui/checkbox-field.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { SelectField, TextareaField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';

type JobForm = UseFormReturn<CreateJobInput, unknown, CreateJobValues>;
type Question = ScreeningQuestionInput;
/** One question's messages as the resolver sets them (field by field). */
type QuestionErrors = Partial<Record<string, { message?: string }>>;

/** A question of another kind keeps its id, words and required flag; its kind's own fields start empty. */
function withKind(question: Question, kind: ScreeningKind): Question {
  const common = { ...(question.id ? { id: question.id } : {}), prompt: question.prompt, required: question.required ?? true };
  if (kind === 'yes_no') return { ...common, kind, knockout_answer: null };
  if (kind === 'number') return { ...common, kind, knockout_min: null, knockout_max: null };
  if (kind === 'choice') return { ...common, kind, options: [], knockout_options: [] };
  return { ...common, kind };
}

const numberOrNull = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Number(value));

/** The choices, one per line, held as typed (a blank line being written stays) and given to the form as a list. */
function ChoicesField({ id, value, onChange, error }: { id: string; value: string[]; onChange: (options: string[]) => void; error?: string | undefined }) {
  const [typed, setTyped] = useState(() => value.join('\n'));
  return (
    <TextareaField
      id={id}
      label={text.optionsLabel}
      rows={3}
      value={typed}
      error={error}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        onChange(event.currentTarget.value.split('\n').map((line) => line.trim()).filter(Boolean));
      }}
    />
  );
}

function KnockoutFields({ id, question, onChange, errors }: { id: string; question: Question; onChange: (next: Question) => void; errors: QuestionErrors }) {
  if (question.kind === 'yes_no') {
    const value = question.knockout_answer === true ? 'yes' : question.knockout_answer === false ? 'no' : '';
    return (
      <SelectField id={`${id}-knockout`} label={text.knockoutYesNoLabel} value={value} error={errors.knockout_answer?.message} onChange={(event) => onChange({ ...question, knockout_answer: event.currentTarget.value === '' ? null : event.currentTarget.value === 'yes' })}>
        <option value="">{text.knockoutNone}</option>
        <option value="yes">{text.yes}</option>
        <option value="no">{text.no}</option>
      </SelectField>
    );
  }
  if (question.kind === 'number') {
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${id}-min`} label={text.knockoutMinLabel} type="number" inputMode="decimal" value={question.knockout_min ?? ''} error={errors.knockout_min?.message} onChange={(event) => onChange({ ...question, knockout_min: numberOrNull(event.currentTarget.value) })} />
        <TextField id={`${id}-max`} label={text.knockoutMaxLabel} type="number" inputMode="decimal" value={question.knockout_max ?? ''} error={errors.knockout_max?.message} onChange={(event) => onChange({ ...question, knockout_max: numberOrNull(event.currentTarget.value) })} />
      </div>
    );
  }
  if (question.kind === 'choice' && question.options.length > 0) {
    const chosen = question.knockout_options ?? [];
    return (
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">{text.knockoutChoicesLabel}</legend>
        {question.options.map((option, index) => (
          <CheckboxField
            key={option}
            id={`${id}-knockout-${index}`}
            label={option}
            checked={chosen.includes(option)}
            onChange={(event) => onChange({ ...question, knockout_options: event.currentTarget.checked ? [...chosen, option] : chosen.filter((choice) => choice !== option) })}
          />
        ))}
        <FieldError id={`${id}-knockout-error`} message={errors.knockout_options?.message} />
      </fieldset>
    );
  }
  return null;
}

function QuestionFields({ id, number, question, errors, onChange, onRemove, onMoveUp }: { id: string; number: number; question: Question; errors: QuestionErrors; onChange: (next: Question) => void; onRemove: () => void; onMoveUp?: (() => void) | undefined }) {
  return (
    <fieldset className="relative space-y-3 rounded-md border border-slate-200 p-3 pt-9">
      {/* The legend first, so it names the group; the question's buttons sit at its top right. */}
      <legend className="px-1 text-sm font-semibold text-slate-900">{fill(text.questionLegend, { number })}</legend>
      <div className="absolute top-1 right-1 flex gap-1">
          {onMoveUp && (
            <Button type="button" variant="ghost" size="sm" onClick={onMoveUp} aria-label={fill(text.moveUp, { number })}>
              <ArrowUp className="size-4" aria-hidden="true" />
            </Button>
          )}
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={fill(text.remove, { number })}>
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
      </div>
      <TextField id={`${id}-prompt`} label={text.promptLabel} maxLength={SCREENING_LIMITS.prompt} value={question.prompt} error={errors.prompt?.message} onChange={(event) => onChange({ ...question, prompt: event.currentTarget.value })} />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <SelectField id={`${id}-kind`} label={text.kindLabel} value={question.kind} onChange={(event) => onChange(withKind(question, event.currentTarget.value as ScreeningKind))}>
          {screeningKinds.map((kind) => (
            <option key={kind} value={kind}>
              {text.kindLabels[kind]}
            </option>
          ))}
        </SelectField>
        <CheckboxField id={`${id}-required`} label={text.requiredLabel} checked={question.required ?? true} onChange={(event) => onChange({ ...question, required: event.currentTarget.checked })} />
      </div>
      {question.kind === 'choice' && <ChoicesField key={question.kind} id={`${id}-options`} value={question.options} error={errors.options?.message} onChange={(options) => onChange({ ...question, options, knockout_options: (question.knockout_options ?? []).filter((choice) => options.includes(choice)) })} />}
      <KnockoutFields id={id} question={question} onChange={onChange} errors={errors} />
    </fieldset>
  );
}

/** Screening questions (issue 36 §1), an "add question" list shared by Create New Job and Edit; the job's save sends them. */
export function ScreeningQuestionsEditor({ id, form }: { id: string; form: JobForm }) {
  // Keys that survive removing and reordering: new questions have no id until saved.
  const [keys, setKeys] = useState<number[]>(() => (form.getValues('screening_questions') ?? []).map((_, index) => index));
  const [nextKey, setNextKey] = useState(keys.length);
  return (
    <Controller
      control={form.control}
      name="screening_questions"
      render={({ field, formState }) => {
        const questions: Question[] = field.value ?? [];
        const listErrors = formState.errors.screening_questions as (FieldErrors & { message?: string; root?: { message?: string } } & Record<number, QuestionErrors | undefined>) | undefined;
        // A list set from outside (the form reset on opening) gets keys of its own.
        const shownKeys = keys.length === questions.length ? keys : questions.map((_, index) => nextKey + index);
        const update = (next: Question[], nextKeys: number[]) => {
          setKeys(nextKeys);
          field.onChange(next);
        };
        return (
          <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">{text.heading}</legend>
            <p className="-mt-2 text-sm text-slate-600">{text.hint}</p>
            {questions.map((question, index) => (
              <QuestionFields
                key={shownKeys[index]}
                id={`${id}-question-${shownKeys[index]}`}
                number={index + 1}
                question={question}
                errors={listErrors?.[index] ?? {}}
                onChange={(next) => update(questions.map((q, at) => (at === index ? next : q)), shownKeys)}
                onRemove={() => update(questions.filter((_, at) => at !== index), shownKeys.filter((_, at) => at !== index))}
                onMoveUp={index > 0 ? () => update(swap(questions, index), swap(shownKeys, index)) : undefined}
              />
            ))}
            <FieldError id={`${id}-questions-error`} message={listErrors?.message ?? listErrors?.root?.message} />
            {questions.length < SCREENING_LIMITS.questions ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  update([...questions, { kind: 'yes_no', prompt: '', required: true, knockout_answer: null }], [...shownKeys, nextKey + questions.length]);
                  setNextKey(nextKey + questions.length + 1);
                }}
              >
                <Plus className="size-4" aria-hidden="true" />
                {text.add}
              </Button>
            ) : (
              <p className="text-sm text-slate-600">{fill(text.limitReached, { max: SCREENING_LIMITS.questions })}</p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

/** The list with the item at `index` moved one place up. */
function swap<T>(items: T[], index: number): T[] {
  const next = [...items];
  [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
  return next;
}
