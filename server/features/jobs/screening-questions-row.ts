import { randomUUID } from 'node:crypto';
import type { ScreeningQuestion, ScreeningQuestionValues } from '../../../shared/schemas/screening-questions.ts';

/**
 * A job's questions as the JSON column keeps them (migration 0063): each with an id, kept across
 * edits when the form sends it back, new for a new question. The list was checked by the shared
 * schema on the way in, so what the column holds is always that shape.
 */
export function screeningQuestionsColumn(questions: readonly ScreeningQuestionValues[]): string {
  return JSON.stringify(questions.map((question) => ({ ...question, id: question.id ?? randomUUID() })));
}

/** The column as read: both drivers hand jsonb over parsed. */
export const screeningQuestionsOf = (value: ScreeningQuestion[] | null | undefined): ScreeningQuestion[] => value ?? [];
