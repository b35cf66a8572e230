import type { JobDetails } from '../../shared/schemas/jobs.ts';
import { createJob } from '../features/jobs/create-job.ts';
import { setHiringTeam } from '../features/jobs/hiring-team.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

const LAKH = 100_000 * 100; // paise
const DAY = 86_400_000;

/** The structured details of the demo's open jobs (issue 36 §1), by title. */
const DETAILS: Record<string, Partial<JobDetails>> = {
  'Senior Backend Engineer (Java)': { department: 'Engineering', employment_type: 'full_time', work_mode: 'hybrid', openings: 2, pay_min_paise: 28 * LAKH, pay_max_paise: 38 * LAKH, pay_period: 'year' },
  'Data Analyst': { department: 'Analytics', employment_type: 'full_time', work_mode: 'hybrid', openings: 1, pay_min_paise: 8 * LAKH, pay_max_paise: 12 * LAKH, pay_period: 'year' },
  'Product Designer': { department: 'Design', employment_type: 'full_time', work_mode: 'remote', openings: 1, pay_min_paise: 18 * LAKH, pay_max_paise: 26 * LAKH, pay_period: 'year' },
  'Staff Nurse – ICU': { department: 'Nursing', employment_type: 'full_time', work_mode: 'on_site', openings: 6, pay_min_paise: 4.2 * LAKH, pay_max_paise: 6 * LAKH, pay_period: 'year' },
  'Medical Coder (ICD-10)': { department: 'Revenue cycle', employment_type: 'full_time', work_mode: 'on_site', openings: 3, pay_min_paise: 3.5 * LAKH, pay_max_paise: 5.5 * LAKH, pay_period: 'year' },
  'Hospital Pharmacist': { department: 'Pharmacy', employment_type: 'full_time', work_mode: 'on_site', openings: 2, pay_min_paise: 30_000_00, pay_max_paise: 42_000_00, pay_period: 'month' },
};

/** A draft and a closed job per company, so Jobs Management shows a job's whole life. */
const EXTRA: Record<string, { draft: { title: string; description: string } & Partial<JobDetails>; closed: { title: string; description: string; salary: string } }> = {
  nimbus: {
    draft: { title: 'Engineering Manager – Payments', description: 'Lead the six engineers who run UPI collections and the ledger, and hire four more this year.', department: 'Engineering', employment_type: 'full_time', work_mode: 'hybrid', openings: 1, pay_min_paise: 45 * LAKH, pay_max_paise: 60 * LAKH, pay_period: 'year' },
    closed: { title: 'Summer Intern – Data Science', description: 'Eight weeks on our credit-risk models with a mentor from the data team.', salary: '₹40,000 a month' },
  },
  saffron: {
    draft: { title: 'Physiotherapist (contract)', description: 'Six-month contract covering the orthopaedic ward and outpatient rehabilitation.', department: 'Rehabilitation', employment_type: 'contract', work_mode: 'on_site', openings: 1, pay_min_paise: 35_000_00, pay_max_paise: 45_000_00, pay_period: 'month' },
    closed: { title: 'Front Office Executive', description: 'Admissions desk and patient queries at the Baner hospital, day shift.', salary: '₹2.4–3 LPA' },
  },
};

/**
 * Issue 36 §1 in the demo: the open jobs carry department, type, work mode, openings and pay as
 * numbers, the first with a hiring team; each company also has a draft (saved through the same function the form uses) and a
 * job closed last week with its pipeline kept.
 */
export async function seedJobLifecycle(context: SeedContext, companies: SeededCompany[], jobs: Map<string, string[]>): Promise<void> {
  const { db, factories } = context;
  for (const company of companies) {
    const ids = jobs.get(company.spec.key) ?? [];
    for (const id of ids) {
      const { title } = await db.selectFrom('job_postings').select('title').where('id', '=', id).executeTakeFirstOrThrow();
      const details = DETAILS[title];
      if (details) await db.updateTable('job_postings').set(details).where('id', '=', id).execute();
    }
    const [recruiter, interviewer] = company.team;
    // The first job's hiring team: its recruiter hears of its applications; the second member interviews.
    if (ids[0] && recruiter) {
      const members = [{ user_id: recruiter.id, team_role: 'recruiter' as const }, ...(interviewer ? [{ user_id: interviewer.id, team_role: 'interviewer' as const }] : [])];
      await setHiringTeam(db, { userId: recruiter.id, companyId: company.id, ip: SEED_IP }, ids[0], { members });
    }
    const extra = EXTRA[company.spec.key];
    if (!extra || !recruiter) continue;
    await createJob(db, { userId: recruiter.id, companyId: company.id, ip: SEED_IP }, { ...extra.draft, location: company.spec.city, draft: true }, new Date(), { planLimits: false });
    await factories.job(company.id, { ...extra.closed, location: company.spec.city, createdBy: recruiter.id, expiresAt: new Date(Date.now() - 5 * DAY) });
  }
}
