import { acceptOffer } from '../features/offers/answer-offer.ts';
import { approveOffer, submitOffer } from '../features/offers/offer-approval.ts';
import { saveLetterSignatory } from '../features/offers/letter-signatory.ts';
import { createOffer } from '../features/offers/save-offer.ts';
import { sendOffer } from '../features/offers/send-offer.ts';
import { indiaDate, SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

/** A Bengaluru engineer's CTC a year, in paise: basic 40%, HRA half of basic, PF 12% of basic, gratuity 4.81%. */
const breakup = (lakh: number) => {
  const total = lakh * 100_000 * 100;
  const basic = Math.round(total * 0.4);
  const employerPf = Math.floor((basic * 12) / 100);
  const gratuity = Math.round(basic * 0.0481);
  const variable = Math.round(total * 0.1);
  const hra = Math.round(basic / 2);
  return { basic_paise: basic, hra_paise: hra, employer_pf_paise: employerPf, gratuity_paise: gratuity, variable_pay_paise: variable, special_allowance_paise: total - basic - hra - employerPf - gratuity - variable };
};

/**
 * Offers (issue 36 §5) through the functions the screens call: the first company with an address
 * names its signatory, one candidate in interview accepts an offer (made by the recruiter,
 * approved by the owner, sent with its letter) and is hired by it, and another's offer waits for
 * approval.
 */
export async function seedOffers(context: SeedContext, companies: SeededCompany[]): Promise<void> {
  const { db, storage, app, publicUrl } = context;
  for (const company of companies) {
    const profile = await db.selectFrom('company_billing_profiles').select('company_id').where('company_id', '=', company.id).executeTakeFirst();
    const ownerIndex = company.spec.team.findIndex((member) => member.companyRole === 'owner');
    const recruiterIndex = company.spec.team.findIndex((member) => member.companyRole === 'recruiter');
    const owner = company.team[ownerIndex];
    const recruiter = company.team[recruiterIndex];
    if (!profile || !owner || !recruiter) continue;
    const open = await db
      .selectFrom('job_applications as ja')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .select(['ja.id', 'ja.candidate_id', 'jp.title'])
      .where('jp.company_id', '=', company.id)
      .where('ja.status', 'in', ['interview', 'shortlisted'])
      // Shortlisted first: the candidates in the story's interviews (Arjun's upcoming one) keep them.
      // Not one already asked to pick an interview time (seed-demo-slots.ts).
      .where((eb) => eb.not(eb.exists(eb.selectFrom('interview_slot_offers as so').select('so.id').whereRef('so.application_id', '=', 'ja.id').where('so.status', '=', 'open'))))
      .orderBy('ja.status', 'desc')
      .orderBy('ja.created_at')
      .limit(2)
      .execute();
    if (open.length < 2) continue;
    const ownerActor = { userId: owner.id, companyId: company.id, ip: SEED_IP };
    const recruiterActor = { userId: recruiter.id, companyId: company.id, ip: SEED_IP };
    await saveLetterSignatory(db, ownerActor, { name: owner.fullName, designation: 'Head of People' });

    const [accepted, pending] = open as [(typeof open)[number], (typeof open)[number]];
    const now = new Date();
    const first = await createOffer(db, recruiterActor, accepted.id, { title: accepted.title, joining_date: indiaDate(30), expires_on: indiaDate(10), ...breakup(24) }, now);
    await submitOffer(db, recruiterActor, first.id, now);
    await approveOffer(db, { ...ownerActor, companyRole: 'owner' }, first.id, now);
    await sendOffer({ db, storage, log: app.log, publicUrl }, recruiterActor, first.id, now);
    await acceptOffer(db, { userId: accepted.candidate_id, ip: SEED_IP, publicUrl }, first.id, now);

    const second = await createOffer(db, recruiterActor, pending.id, { title: pending.title, joining_date: indiaDate(45), expires_on: null, ...breakup(18) }, now);
    await submitOffer(db, recruiterActor, second.id, now);
    return;
  }
}
