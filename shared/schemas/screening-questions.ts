import { z } from 'zod';
import { fill } from '../fill.ts';
import { screeningQuestionsMessages as text } from '../messages/screening-questions.ts';
import { SCREENING_LIMITS, screeningKinds } from '../screening-answers.ts';

/** Screening questions per job (issue 36 §1): the shapes the job form, the server and Apply share. */
export { SCREENING_LIMITS, screeningKinds, type ScreeningKind, type ScreeningAnswerValue } from '../screening-answers.ts';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

const prompt = z
  .string(text.promptRequired)
  .trim()
  .min(1, text.promptRequired)
  .max(SCREENING_LIMITS.prompt, fill(text.promptTooLong, { max: SCREENING_LIMITS.prompt }))
  .refine((value) => !LINE_CONTROL_CHARACTERS.test(value), text.oneLine);
const option = z
  .string(text.optionBlank)
  .trim()
  .min(1, text.optionBlank)
  .max(SCREENING_LIMITS.option, fill(text.optionTooLong, { max: SCREENING_LIMITS.option }))
  .refine((value) => !LINE_CONTROL_CHARACTERS.test(value), text.oneLine);
const limit = z.number(text.knockoutNumberInvalid).finite(text.knockoutNumberInvalid).min(-SCREENING_LIMITS.number, text.knockoutNumberInvalid).max(SCREENING_LIMITS.number, text.knockoutNumberInvalid).nullable().optional();

/** Shared by every kind: an id (kept across edits; the server gives new questions one), the words, and whether an answer is needed. */
const base = {
  id: z.uuid('id must be a question id').optional(),
  prompt,
  required: z.boolean(text.requiredInvalid).default(true),
};

const yesNoQuestion = z.strictObject({
  ...base,
  kind: z.literal('yes_no'),
  /** The answer that disqualifies (true: yes, false: no); null: no knockout. */
  knockout_answer: z.boolean(text.knockoutAnswerInvalid).nullable().default(null),
});

const numberQuestion = z
  .strictObject({
    ...base,
    kind: z.literal('number'),
    /** Answers below knockout_min or above knockout_max disqualify; both null: no knockout. */
    knockout_min: limit.transform((value) => value ?? null),
    knockout_max: limit.transform((value) => value ?? null),
  })
  .refine((q) => q.knockout_min === null || q.knockout_max === null || q.knockout_min <= q.knockout_max, { message: text.knockoutRangeReversed, path: ['knockout_max'] });

const shortTextQuestion = z.strictObject({ ...base, kind: z.literal('short_text') });

const choiceQuestion = z
  .strictObject({
    ...base,
    kind: z.literal('choice'),
    options: z
      .array(option, text.optionsNeeded)
      .min(2, text.optionsNeeded)
      .max(SCREENING_LIMITS.options, fill(text.optionsTooMany, { max: SCREENING_LIMITS.options }))
      .refine((options) => new Set(options).size === options.length, text.optionsDuplicate),
    /** The choices that disqualify; empty: no knockout. */
    knockout_options: z.array(option, text.knockoutChoiceUnknown).max(SCREENING_LIMITS.options, text.knockoutChoiceUnknown).default([]),
  })
  .superRefine((q, context) => {
    if (q.knockout_options.some((choice) => !q.options.includes(choice))) context.addIssue({ code: 'custom', path: ['knockout_options'], message: text.knockoutChoiceUnknown });
    else if (q.knockout_options.length > 0 && new Set(q.knockout_options).size >= q.options.length) context.addIssue({ code: 'custom', path: ['knockout_options'], message: text.knockoutChoicesAll });
  });

/** One question as the job form and POST/PATCH /api/jobs send it. */
export const screeningQuestionInputSchema = z.discriminatedUnion('kind', [yesNoQuestion, numberQuestion, shortTextQuestion, choiceQuestion], { error: text.kindInvalid });

/** A job's questions (the whole list: an edit replaces it), at most ten, ids unique. */
export const screeningQuestionsInputSchema = z
  .array(screeningQuestionInputSchema, 'screening_questions must be a list')
  .max(SCREENING_LIMITS.questions, fill(text.tooMany, { max: SCREENING_LIMITS.questions }))
  .refine((questions) => {
    const ids = questions.map((q) => q.id).filter(Boolean);
    return new Set(ids).size === ids.length;
  }, text.idDuplicate);
export type ScreeningQuestionInput = z.input<typeof screeningQuestionInputSchema>;
export type ScreeningQuestionValues = z.output<typeof screeningQuestionInputSchema>;

type WithId<T> = T extends unknown ? Omit<T, 'id'> & { id: string } : never;
/** A stored question (the job's JSON column and the employer's answers): every question has its id. */
export type ScreeningQuestion = WithId<ScreeningQuestionValues>;

/** A question as the employer reads it back (knockout rules included). */
export const screeningQuestionSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), kind: z.literal('yes_no'), prompt: z.string(), required: z.boolean(), knockout_answer: z.boolean().nullable() }),
  z.object({ id: z.string(), kind: z.literal('number'), prompt: z.string(), required: z.boolean(), knockout_min: z.number().nullable(), knockout_max: z.number().nullable() }),
  z.object({ id: z.string(), kind: z.literal('short_text'), prompt: z.string(), required: z.boolean() }),
  z.object({ id: z.string(), kind: z.literal('choice'), prompt: z.string(), required: z.boolean(), options: z.array(z.string()), knockout_options: z.array(z.string()) }),
]);

/** A question as the public job page shows it: never its knockout rule. */
export const publicScreeningQuestionSchema = z.object({
  id: z.string(),
  kind: z.enum(screeningKinds),
  prompt: z.string(),
  required: z.boolean(),
  /** The choices of a choice question; empty for the other kinds. */
  options: z.array(z.string()),
});
export type PublicScreeningQuestion = z.infer<typeof publicScreeningQuestionSchema>;

/** POST /api/jobs/:jobId/applications `answers`: one per question asked, by its id. Types are checked against the questions on the server. */
export const screeningAnswersBodySchema = z
  .array(
    z.strictObject({
      question_id: z.string('question_id must be a question id').max(100, 'question_id must be a question id'),
      /** Left out or null: not answered. */
      answer: z.union([z.boolean(), z.number().finite(), z.string().max(SCREENING_LIMITS.answerText * 2)], 'answer must be true, false, a number or text').nullable().optional(),
    }),
    'answers must be a list',
  )
  .max(SCREENING_LIMITS.questions, fill(text.tooMany, { max: SCREENING_LIMITS.questions }));
export type ScreeningAnswersBody = z.infer<typeof screeningAnswersBodySchema>;

/** An answer as kept with the application: the question as it was asked, so a later edit changes nothing of it. */
export const screeningAnswerSchema = z.object({
  question_id: z.string(),
  kind: z.enum(screeningKinds),
  prompt: z.string(),
  answer: z.union([z.boolean(), z.number(), z.string()]).nullable(),
  knocked_out: z.boolean(),
});
export type ScreeningAnswer = z.infer<typeof screeningAnswerSchema>;

/** The public question of a stored one: the knockout rule stays on the server. */
export function publicQuestion(question: ScreeningQuestion): PublicScreeningQuestion {
  return { id: question.id, kind: question.kind, prompt: question.prompt, required: question.required, options: question.kind === 'choice' ? question.options : [] };
}
