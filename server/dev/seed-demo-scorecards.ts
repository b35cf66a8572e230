import type { Recommendation } from '../../shared/schemas/scorecards.ts';
import { setScorecardTemplate } from '../features/interviews/scorecard-templates.ts';
import { saveScorecard } from '../features/interviews/scorecards.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

/** Each demo company's job with a past interview gets criteria of its own, by title. */
const TEMPLATES: Record<string, { name: string; guidance: string | null }[]> = {
  'Senior Backend Engineer (Java)': [
    { name: 'Java and Spring depth', guidance: 'Concurrency, JVM tuning, Spring Boot beyond the defaults.' },
    { name: 'System design', guidance: 'Payments-scale trade-offs: idempotency, queues, consistency.' },
    { name: 'Problem solving', guidance: null },
    { name: 'Communication', guidance: 'Explains a design to a product manager.' },
    { name: 'Ownership', guidance: 'Has run what they built in production.' },
  ],
  'Medical Coder (ICD-10)': [
    { name: 'ICD-10 accuracy', guidance: 'The three sample charts coded correctly.' },
    { name: 'Attention to detail', guidance: null },
    { name: 'Compliance mindset', guidance: 'Knows when to query the physician.' },
    { name: 'Communication', guidance: null },
  ],
};

/** What each interviewer of the demo's past interviews gave, in turn (the first is the company's interviewer). */
const VERDICTS: { ratings: number[]; recommendation: Recommendation; notes: string }[] = [
  { ratings: [4, 4, 3, 3, 4], recommendation: 'strong_yes', notes: 'Clear thinking and good depth. Recommend an offer.' },
  { ratings: [3, 3, 3, 4, 3], recommendation: 'yes', notes: 'Solid; would like a second look at system design in the final round.' },
];

/**
 * Issue 36 §4 in the demo: a scorecard template on each company's job that had an interview, and
 * its past interview scored against it by every interviewer, with recommendations (the earlier
 * scorecard, left on the default criteria, is replaced through the same function the form uses).
 */
export async function seedScorecards(context: SeedContext, companies: SeededCompany[]): Promise<void> {
  const { db } = context;
  for (const company of companies) {
    const [recruiter] = company.team;
    if (!recruiter) continue;
    const jobs = await db.selectFrom('job_postings').select(['id', 'title']).where('company_id', '=', company.id).where('title', 'in', Object.keys(TEMPLATES)).execute();
    for (const job of jobs) {
      const criteria = TEMPLATES[job.title];
      if (!criteria) continue;
      await setScorecardTemplate(db, { userId: recruiter.id, companyId: company.id, ip: SEED_IP }, job.id, { criteria });
      const past = await db
        .selectFrom('interviews as i')
        .innerJoin('job_applications as ja', 'ja.id', 'i.application_id')
        .select('i.id')
        .where('ja.job_id', '=', job.id)
        .where('i.status', '=', 'scheduled')
        .where('i.scheduled_at', '<', new Date())
        .execute();
      for (const interview of past) {
        const interviewers = await db.selectFrom('interview_interviewers').select('user_id').where('interview_id', '=', interview.id).execute();
        // The one who scored already first, so their card stays the first.
        const scored = new Set((await db.selectFrom('interview_scorecards').select('interviewer_id').where('interview_id', '=', interview.id).execute()).map((row) => row.interviewer_id));
        const ordered = [...interviewers.filter((row) => scored.has(row.user_id)), ...interviewers.filter((row) => !scored.has(row.user_id))];
        for (const [index, { user_id: userId }] of ordered.entries()) {
          const verdict = VERDICTS[index % VERDICTS.length]!;
          const ratings = criteria.map((criterion, at) => ({ name: criterion.name, rating: verdict.ratings[at % verdict.ratings.length]! }));
          await saveScorecard(db, { userId, companyId: company.id, ip: SEED_IP }, interview.id, { criteria: ratings, recommendation: verdict.recommendation, notes: verdict.notes });
        }
      }
    }
  }
}
