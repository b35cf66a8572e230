import { fill } from './fill.ts';
import { screeningQuestionsMessages as text } from './messages/screening-questions.ts';
import type { ScreeningAnswer, ScreeningQuestion } from './schemas/screening-questions.ts';

/** The limits of screening questions and answers; here, free of zod, so the job page's Apply loads no schema library. */
export const SCREENING_LIMITS = { questions: 10, prompt: 300, options: 10, option: 100, answerText: 500, number: 1_000_000_000 } as const;

export const screeningKinds = ['yes_no', 'number', 'short_text', 'choice'] as const;
export type ScreeningKind = (typeof screeningKinds)[number];

/** An answer's value: yes/no as true/false, a number, or text (a short answer or the chosen choice); null: not answered. */
export type ScreeningAnswerValue = boolean | number | string | null;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/**
 * Answers to a job's screening questions judged against them (issue 36 §1). Pure and free of zod,
 * so Apply's form checks what the server will before sending, and the server decides with it.
 */
export type JudgedAnswers =
  | { ok: false; message: string }
  /** knockout: the first disqualifying answer, null when none disqualifies. */
  | { ok: true; answers: ScreeningAnswer[]; knockout: ScreeningAnswer | null };

type Judged = { ok: false; message: string } | { ok: true; value: ScreeningAnswerValue };

const blank = (value: ScreeningAnswerValue | undefined) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** One answer's value checked for its question's kind (already known not blank). */
function judgeValue(question: ScreeningQuestion, value: ScreeningAnswerValue): Judged {
  const values = { prompt: question.prompt, max: SCREENING_LIMITS.answerText };
  switch (question.kind) {
    case 'yes_no':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false, message: fill(text.answerYesNo, values) };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= SCREENING_LIMITS.number ? { ok: true, value } : { ok: false, message: fill(text.answerNumber, values) };
    case 'short_text': {
      const trimmed = typeof value === 'string' ? value.trim() : '';
      return typeof value === 'string' && trimmed.length <= SCREENING_LIMITS.answerText && hasNoControlCharacters(trimmed) ? { ok: true, value: trimmed } : { ok: false, message: fill(text.answerText, values) };
    }
    case 'choice':
      return typeof value === 'string' && question.options.includes(value.trim()) ? { ok: true, value: value.trim() } : { ok: false, message: fill(text.answerChoice, values) };
  }
}

/** Whether an answer is one the question's knockout rule disqualifies. */
export function isKnockout(question: ScreeningQuestion, value: ScreeningAnswerValue): boolean {
  if (value === null) return false;
  switch (question.kind) {
    case 'yes_no':
      return question.knockout_answer !== null && value === question.knockout_answer;
    case 'number':
      return typeof value === 'number' && ((question.knockout_min !== null && value < question.knockout_min) || (question.knockout_max !== null && value > question.knockout_max));
    case 'choice':
      return typeof value === 'string' && question.knockout_options.includes(value);
    case 'short_text':
      return false;
  }
}

/**
 * Every question answered as its kind asks (a required one not blank), nothing answered twice or
 * that the job does not ask; the first refusal names its question. Optional questions left blank
 * are kept as not answered.
 */
export function judgeAnswers(questions: readonly ScreeningQuestion[], given: readonly { question_id: string; answer?: ScreeningAnswerValue | undefined }[]): JudgedAnswers {
  const byId = new Map<string, ScreeningAnswerValue>();
  for (const entry of given) {
    if (byId.has(entry.question_id)) return { ok: false, message: text.answerDuplicate };
    byId.set(entry.question_id, entry.answer ?? null);
  }
  if ([...byId.keys()].some((id) => !questions.some((question) => question.id === id))) return { ok: false, message: text.answerUnknownQuestion };

  const answers: ScreeningAnswer[] = [];
  let knockout: ScreeningAnswer | null = null;
  for (const question of questions) {
    const raw = byId.get(question.id);
    let value: ScreeningAnswerValue = null;
    if (blank(raw)) {
      if (question.required) return { ok: false, message: fill(text.answerRequired, { prompt: question.prompt }) };
    } else {
      const judged = judgeValue(question, raw!);
      if (!judged.ok) return judged;
      value = judged.value;
    }
    const answer: ScreeningAnswer = { question_id: question.id, kind: question.kind, prompt: question.prompt, answer: value, knocked_out: isKnockout(question, value) };
    if (answer.knocked_out && !knockout) knockout = answer;
    answers.push(answer);
  }
  return { ok: true, answers, knockout };
}

/** An answer in words, as the pipeline and the knockout reason show it. */
export function answerText(answer: ScreeningAnswerValue): string {
  if (answer === null) return text.notAnswered;
  if (typeof answer === 'boolean') return answer ? text.yes : text.no;
  return String(answer);
}
