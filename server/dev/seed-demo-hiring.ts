import type { PipelineStage } from '../../shared/schemas/pipeline.ts';
import { applyToJob } from '../features/job-applications/apply-to-job.ts';
import { confirmEmployment } from '../features/employment/confirm-employment.ts';
import { addEmployee } from '../features/employment/add-employee.ts';
import { relieveEmployee } from '../features/employment/employees.ts';
import { scheduleInterview } from '../features/interviews/schedule-interview.ts';
import { saveScorecard } from '../features/interviews/scorecards.ts';
import { createDrive } from '../features/pipeline/drives.ts';
import { moveStage, withdrawApplication } from '../features/pipeline/move-stage.ts';
import type { DemoCandidate, DemoCompany } from './demo-cast.ts';
import { indiaDate, istLocal, SEED_IP, sessionFor, type SeedContext } from './seed-demo-context.ts';

export interface SeededCompany {
  id: string;
  spec: DemoCompany;
  /** The first member is the recruiter who runs hiring; the second interviews. */
  team: { id: string; email: string; fullName: string }[];
}
type Candidates = Map<string, { id: string; spec: DemoCandidate }>;

/** One application's way through the pipeline, as the demo tells it. */
interface Story {
  company: SeededCompany['spec']['key'];
  job: number;
  candidate: string;
  source: 'link' | 'qr' | 'drive' | 'direct';
  stages: PipelineStage[];
  note?: string;
  /** Scheduled at this point of the story: upcoming (days ahead) or past (days ago, with a scorecard). */
  interview?: { days: number; time: string; mode: 'video' | 'in_person' | 'phone'; location: string };
  hire?: { title: string; joiningInDays: number };
  withdraw?: boolean;
}

const STORIES: readonly Story[] = [
  { company: 'nimbus', job: 0, candidate: 'arjun', source: 'qr', stages: ['screening', 'shortlisted'], interview: { days: 2, time: '11:00', mode: 'video', location: 'https://meet.google.com/nim-bus-arj' } },
  { company: 'nimbus', job: 0, candidate: 'meera', source: 'drive', stages: ['screening', 'shortlisted'], interview: { days: -3, time: '15:00', mode: 'video', location: 'https://meet.google.com/nim-bus-mee' } },
  { company: 'nimbus', job: 0, candidate: 'rohan', source: 'link', stages: ['screening', 'shortlisted', 'interview', 'offered', 'hired'], hire: { title: 'Senior Backend Engineer', joiningInDays: 14 } },
  { company: 'nimbus', job: 0, candidate: 'farhan', source: 'link', stages: ['screening'] },
  { company: 'nimbus', job: 0, candidate: 'kabir', source: 'direct', stages: ['screening', 'rejected'], note: 'Strong in testing; we need deeper Java backend experience for this role.' },
  { company: 'nimbus', job: 1, candidate: 'ishita', source: 'link', stages: [] },
  { company: 'nimbus', job: 1, candidate: 'kavya', source: 'link', stages: ['screening'] },
  { company: 'nimbus', job: 2, candidate: 'siddharth', source: 'qr', stages: ['screening', 'shortlisted'] },
  { company: 'saffron', job: 0, candidate: 'ananya', source: 'drive', stages: ['screening', 'shortlisted', 'interview', 'offered', 'hired'], hire: { title: 'Staff Nurse, ICU', joiningInDays: 7 } },
  { company: 'saffron', job: 0, candidate: 'lakshmi', source: 'qr', stages: ['screening'], interview: { days: 3, time: '10:30', mode: 'in_person', location: 'Saffron Health, Baner Road, Pune 411045' } },
  { company: 'saffron', job: 1, candidate: 'pooja', source: 'link', stages: ['screening'], interview: { days: -2, time: '12:00', mode: 'phone', location: '+91 98600 10123' } },
  { company: 'saffron', job: 1, candidate: 'ishita', source: 'direct', stages: ['rejected'], note: 'CPC certification is required for this role.' },
  { company: 'saffron', job: 1, candidate: 'harsh', source: 'link', stages: [], withdraw: true },
  { company: 'saffron', job: 2, candidate: 'harsh', source: 'drive', stages: [] },
];

export interface HiringResult {
  applications: string[];
  jobs: Map<string, string[]>;
}

/**
 * Jobs, a named drive per company, applications with their sources, stage moves with history,
 * interviews (one past with a scorecard, one upcoming with its invite in the outbox) and hires,
 * all through the pipeline's own functions. Kavya's earlier job at Saffron Health is recorded
 * as an added employee and relieved, which makes her employment record.
 */
export async function seedHiring(context: SeedContext, companies: SeededCompany[], candidates: Candidates): Promise<HiringResult> {
  const { db, factories, publicUrl, mailFrom } = context;
  const jobs = new Map<string, string[]>();
  const drives = new Map<string, string>();
  for (const company of companies) {
    const [recruiter] = company.team;
    if (!recruiter) throw new Error('a demo company needs a recruiter');
    const ids = [];
    for (const job of company.spec.jobs) ids.push((await factories.job(company.id, { ...job, location: company.spec.city, createdBy: recruiter.id, expiresAt: new Date(Date.now() + 40 * 86_400_000) })).id);
    jobs.set(company.spec.key, ids);
    drives.set(company.spec.key, (await createDrive(db, { userId: recruiter.id, companyId: company.id, ip: SEED_IP }, company.spec.drive)).id);
  }

  const applications: string[] = [];
  for (const story of STORIES) {
    const company = companies.find((c) => c.spec.key === story.company);
    const person = candidates.get(story.candidate);
    const jobId = jobs.get(story.company)?.[story.job];
    if (!company || !person || !jobId) throw new Error(`demo story for ${story.candidate} is incomplete`);
    const [recruiter, second] = company.team as [SeededCompany['team'][number], SeededCompany['team'][number]];
    // The company's interviewer (hiring manager) when it has one; else the second member.
    const interviewer = company.team[company.spec.team.findIndex((member) => member.companyRole === 'interviewer')] ?? second;
    const source = story.source === 'drive' ? `drive:${drives.get(story.company)}` : story.source === 'direct' ? undefined : story.source;
    const { id } = await applyToJob(db, await sessionFor(db, person.id), jobId, SEED_IP, source, new Date(), { publicUrl });
    applications.push(id);
    const actor = { userId: recruiter.id, companyId: company.id, ip: SEED_IP, publicUrl };
    for (const stage of story.stages) {
      await moveStage(db, actor, id, { stage, note: stage === 'rejected' ? story.note : undefined, hire: stage === 'hired' && story.hire ? { title: story.hire.title, joining_date: indiaDate(story.hire.joiningInDays) } : undefined });
    }
    if (story.interview) {
      const { days, time, mode, location } = story.interview;
      // A past interview is scheduled "back then", so the rule that a start lies ahead holds.
      const then = days < 0 ? new Date(Date.now() + (days - 1) * 86_400_000) : new Date();
      const interview = await scheduleInterview(
        db,
        { userId: recruiter.id, companyId: company.id, ip: SEED_IP, mailFrom },
        { application_id: id, starts_at_ist: istLocal(days, time), duration_minutes: 45, mode, location, interviewer_ids: [...new Set([interviewer.id, second.id])] },
        then,
      );
      if (days < 0) {
        // The job's default scorecard criteria (issue 36 §4; seed-demo-scorecards.ts adds templates after).
        const criteria = [
          { name: 'Role skills', rating: 4 },
          { name: 'Communication', rating: 3 },
          { name: 'Problem solving', rating: 4 },
          { name: 'Culture add', rating: 3 },
        ];
        await saveScorecard(db, { userId: interviewer.id, companyId: company.id, ip: SEED_IP }, interview.id, { criteria, recommendation: 'strong_yes', notes: 'Clear thinking and good depth. Recommend an offer.' });
        await moveStage(db, actor, id, { stage: 'offered', note: 'Offer shared after a strong interview.' });
      }
    }
    if (story.withdraw) await withdrawApplication(db, { userId: person.id, ip: SEED_IP, publicUrl }, id);
  }

  // Employments recorded by candidate ID (issue 33 A1): each waits for the person's confirmation.
  const addByCode = async (companyKey: string, personKey: string, title: string, joiningDate: string, confirmed: boolean) => {
    const company = companies.find((c) => c.spec.key === companyKey);
    const person = candidates.get(personKey);
    if (!company || !person || !company.team[0]) return null;
    const actor = { userId: company.team[0].id, companyId: company.id, ip: SEED_IP };
    const { candidate_code: code } = await db.selectFrom('candidate_profiles').select('candidate_code').where('user_id', '=', person.id).executeTakeFirstOrThrow();
    const employee = await addEmployee(db, actor, { candidate_code: code, title, joining_date: joiningDate });
    if (confirmed) await confirmEmployment(db, { userId: person.id, ip: SEED_IP }, employee.id);
    return { actor, id: employee.id };
  };
  // Kavya worked at Saffron Health before WorkCred: added by her candidate ID, confirmed by her, then relieved.
  const kavya = await addByCode('saffron', 'kavya', 'Medical Coder', '2023-07-03', true);
  if (kavya) await relieveEmployee(db, kavya.actor, kavya.id, { last_working_day: indiaDate(-24), reason: 'Resigned to move into a data analytics role.' });
  // Kabir works at Saffron and is serving his notice while he applies to Nimbus: his last working
  // day is ahead, so he is "Serving notice until …" and no relieving letter can be issued yet.
  const kabir = await addByCode('saffron', 'kabir', 'QA Analyst', '2022-08-01', true);
  if (kabir) await relieveEmployee(db, kabir.actor, kabir.id, { last_working_day: indiaDate(30), reason: 'Resigned; serving a 60-day notice period.' });
  // Nimbus added Harsh by his candidate ID; he has not answered yet. Nimbus sees the row without
  // his name, and his dashboard asks him to confirm or decline it.
  await addByCode('nimbus', 'harsh', 'Support Engineer', '2021-11-15', false);
  return { applications, jobs };
}
