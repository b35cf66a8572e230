import { offerSlots } from '../features/interviews/slot-offers.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';
import { istLocal, SEED_IP, type SeedContext } from './seed-demo-context.ts';

/**
 * Self-scheduling in the demo (issue 36 §4): the first company has offered three times to a
 * shortlisted candidate who has not picked yet, so its pipeline panel shows the times waiting, and
 * the candidate's email in the development outbox carries the link to pick one.
 */
export async function seedSlotOffers(context: SeedContext, companies: SeededCompany[]): Promise<void> {
  const company = companies[0];
  if (!company) return;
  const application = await context.db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .where('jp.company_id', '=', company.id)
    .where('ja.status', 'in', ['shortlisted', 'screening'])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('interviews as i').select('i.id').whereRef('i.application_id', '=', 'ja.id'))))
    .select('ja.id')
    .orderBy('ja.created_at')
    .executeTakeFirst();
  const [recruiter, interviewer] = company.team;
  if (!application || !recruiter || !interviewer) return;
  await offerSlots(
    context.db,
    { userId: recruiter.id, companyId: company.id, ip: SEED_IP, mailFrom: context.mailFrom, publicUrl: context.publicUrl },
    {
      application_id: application.id,
      // Quarter past the hour: the demo's own interviews are on the hour or half past.
      slots_ist: [istLocal(6, '10:15'), istLocal(6, '16:15'), istLocal(7, '11:15')],
      duration_minutes: 45,
      mode: 'video',
      location: 'https://meet.google.com/wkc-demo-pick',
      interviewer_ids: [recruiter.id, interviewer.id],
    },
    new Date(),
  );
}
