import { describe, expect, it } from 'vitest';
import { screeningQuestionsInputSchema, type ScreeningQuestion } from '../../shared/schemas/screening-questions.ts';
import { isKnockout, judgeAnswers } from '../../shared/screening-answers.ts';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const questions = screeningQuestionsInputSchema.parse([
  { id: id(1), kind: 'number', prompt: 'Years of experience', knockout_min: 2, knockout_max: 10 },
  { id: id(2), kind: 'choice', prompt: 'Shift', options: ['Day', 'Night'], knockout_options: ['Night'], required: false },
  { id: id(3), kind: 'short_text', prompt: 'Notes', required: false },
]) as ScreeningQuestion[];

/** Issue 36 §1: the rule Apply's form and the server share. */
describe('screening answers', () => {
  it('knocks out below the minimum and above the maximum, never at them', () => {
    const [years] = questions;
    expect([1.99, 2, 10, 10.5].map((value) => isKnockout(years!, value))).toEqual([true, false, false, true]);
  });

  it('keeps a blank optional answer as not answered, and trims text', () => {
    const judged = judgeAnswers(questions, [{ question_id: id(1), answer: 3 }, { question_id: id(3), answer: '  two-wheeler ' }]);
    expect(judged).toEqual({
      ok: true,
      knockout: null,
      answers: [
        { question_id: id(1), kind: 'number', prompt: 'Years of experience', answer: 3, knocked_out: false },
        { question_id: id(2), kind: 'choice', prompt: 'Shift', answer: null, knocked_out: false },
        { question_id: id(3), kind: 'short_text', prompt: 'Notes', answer: 'two-wheeler', knocked_out: false },
      ],
    });
  });

  it('names the first knockout, refuses a number given as text and a question answered twice', () => {
    const knocked = judgeAnswers(questions, [{ question_id: id(1), answer: 12 }, { question_id: id(2), answer: 'Night' }]);
    expect(knocked.ok && knocked.knockout?.question_id).toBe(id(1));
    expect(judgeAnswers(questions, [{ question_id: id(1), answer: '3' }])).toMatchObject({ ok: false });
    expect(judgeAnswers(questions, [{ question_id: id(1), answer: 3 }, { question_id: id(1), answer: 4 }])).toMatchObject({ ok: false });
  });
});
