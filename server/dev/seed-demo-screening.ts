import type { ScreeningAnswerValue, ScreeningQuestionValues } from '../../shared/schemas/screening-questions.ts';
import { judgeAnswers } from '../../shared/screening-answers.ts';
import { updateJob } from '../features/jobs/update-job.ts';
import { screeningQuestionsOf } from '../features/jobs/screening-questions-row.ts';
import { knockOut } from '../features/job-applications/screening-knockout.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

/** Two demo jobs' screening questions (issue 36 §1), by company and title; each with a knockout. */
const QUESTIONS: { company: string; title: string; questions: ScreeningQuestionValues[] }[] = [
  {
    company: 'nimbus',
    title: 'Data Analyst',
    questions: [
      { kind: 'yes_no', prompt: 'Can you work from our Bengaluru office three days a week?', required: true, knockout_answer: false },
      { kind: 'number', prompt: 'Years of SQL experience', required: true, knockout_min: 1, knockout_max: null },
      { kind: 'choice', prompt: 'Which BI tool do you know best?', required: false, options: ['Power BI', 'Tableau', 'Looker', 'None yet'], knockout_options: [] },
    ],
  },
  {
    company: 'saffron',
    title: 'Medical Coder (ICD-10)',
    questions: [
      { kind: 'yes_no', prompt: 'Do you hold a CPC or CCS certification?', required: true, knockout_answer: null },
      { kind: 'choice', prompt: 'Which shift suits you?', required: true, options: ['Day', 'Night', 'Either'], knockout_options: [] },
      { kind: 'short_text', prompt: 'Which specialties have you coded for?', required: false },
    ],
  },
];

/** Each demo candidate's answers, in the order of the job's questions; Ishita's first answer knocks her out of Data Analyst. */
const ANSWERS: Record<string, Record<string, ScreeningAnswerValue[]>> = {
  'Data Analyst': { ishita: [false, 2, 'Power BI'], kavya: [true, 4, 'Tableau'] },
  'Medical Coder (ICD-10)': { pooja: [true, 'Day', 'Cardiology and orthopaedics'], ishita: [false, 'Either', null], harsh: [true, 'Night', null] },
};

/**
 * Issue 36 §1 in the demo: two jobs ask screening questions (set through the job edit the form
 * uses), their applicants' answers are kept as Apply keeps them, and one application that was
 * still new is knocked out through the same rule Apply runs (rejected, with its reason and a
 * "Knocked out" badge on its card).
 */
export async function seedScreening(context: SeedContext, companies: SeededCompany[], jobs: Map<string, string[]>, candidates: Map<string, { id: string }>): Promise<void> {
  const { db, publicUrl } = context;
  for (const entry of QUESTIONS) {
    const company = companies.find((c) => c.spec.key === entry.company);
    const recruiter = company?.team[0];
    const jobId = (jobs.get(entry.company) ?? []).find((_, index) => company?.spec.jobs[index]?.title === entry.title);
    if (!company || !recruiter || !jobId) throw new Error(`demo screening questions for ${entry.title} have no job`);
    const job = await updateJob(db, { userId: recruiter.id, companyId: company.id, ip: SEED_IP }, jobId, { screening_questions: entry.questions }, new Date(), { planLimits: false });
    const questions = screeningQuestionsOf(job.screening_questions);

    for (const [key, values] of Object.entries(ANSWERS[entry.title] ?? {})) {
      const candidate = candidates.get(key);
      if (!candidate) throw new Error(`demo screening answers for ${key} have no candidate`);
      const judged = judgeAnswers(questions, questions.map((question, index) => ({ question_id: question.id, answer: values[index] ?? null })));
      if (!judged.ok) throw new Error(`demo screening answers for ${key}: ${judged.message}`);
      await db.transaction().execute(async (trx) => {
        const application = await trx
          .updateTable('job_applications')
          .set({ screening_answers: JSON.stringify(judged.answers) })
          .where('job_id', '=', jobId)
          .where('candidate_id', '=', candidate.id)
          .returning(['id', 'status'])
          .executeTakeFirstOrThrow();
        // Only a new application is knocked out, as on Apply; one the team has already moved keeps its stage.
        if (judged.knockout && application.status === 'received') {
          await knockOut(trx, { applicationId: application.id, candidateId: candidate.id, companyId: company.id, ip: SEED_IP, now: new Date(), publicUrl }, judged.knockout);
        }
      });
    }
  }
}
