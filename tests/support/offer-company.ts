import { expect } from 'vitest';
import { indiaDateFromToday } from '../../shared/schemas/employment.ts';
import type { CompanyOffer } from '../../shared/schemas/offers.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from './test-app.ts';

export type Person = { id: string; email: string; password: string; jar: CookieJar };
const CANDIDATES = { kavya: 'Kavya Menon', rohan: 'Rohan Kulkarni', arjun: 'Arjun Rao', meera: 'Meera Iyer' } as const;
export type CandidateName = keyof typeof CANDIDATES;

/** A year's CTC of ₹13,28,860 in paise, as the offer tests make it; overrides change one field or add a wrong one. */
export const offerTerms = (joiningDate: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Senior Data Analyst',
  joining_date: joiningDate,
  basic_paise: 6_00_000_00,
  hra_paise: 3_00_000_00,
  special_allowance_paise: 2_28_000_00,
  employer_pf_paise: 72_000_00,
  gratuity_paise: 28_860_00,
  variable_pay_paise: 1_00_000_00,
  ...overrides,
});
export const OFFER_TOTAL = 13_28_860_00;

/**
 * The offer tests' world (issue 36 §5): an app whose clock the test moves, a company with an
 * owner, admin, recruiter and interviewer, another company's owner, and four candidates who
 * applied to one job and reached the interview; with the calls the tests make.
 */
export async function startOfferCompany(ipBlock: number) {
  let ip = 0;
  const nextIp = () => `10.${ipBlock}.${Math.floor(++ip / 250)}.${ip % 250}`;
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const t: TestApp = await createTestApp({}, { clock: now });
  const db = t.database.db;
  const person = async (values: Parameters<TestApp['factories']['user']>[0]): Promise<Person> => {
    const user = await t.factories.user(values);
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  };
  const company = await t.factories.company({ name: 'Sahyadri Offers Pvt Ltd' });
  const other = await t.factories.company({ name: 'Vindhya Offers Pvt Ltd' });
  const team = {
    owner: await person({ role: 'employer', companyId: company.id, companyRole: 'owner' }),
    admin: await person({ role: 'employer', companyId: company.id, companyRole: 'admin' }),
    recruiter: await person({ role: 'employer', companyId: company.id, companyRole: 'recruiter' }),
    interviewer: await person({ role: 'employer', companyId: company.id, companyRole: 'interviewer' }),
    otherOwner: await person({ role: 'employer', companyId: other.id, companyRole: 'owner' }),
  };
  const job = await t.factories.job(company.id, { title: 'Data Analyst' });
  const candidates = {} as Record<CandidateName, Person>;
  const applications = {} as Record<CandidateName, string>;
  for (const [key, fullName] of Object.entries(CANDIDATES) as [CandidateName, string][]) {
    candidates[key] = await person({ role: 'candidate', fullName });
    await t.factories.candidateProfile(candidates[key].id);
    applications[key] = (await t.factories.application(job.id, candidates[key].id)).id;
  }
  await db.updateTable('job_applications').set({ status: 'interview' }).where('id', 'in', Object.values(applications)).execute();

  const call = (who: Person | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.jar.header } : {}, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const day = (days: number) => indiaDateFromToday(days, now());
  const terms = (overrides: Record<string, unknown> = {}) => offerTerms(day(30), overrides);
  const create = (who: Person, applicationId: string, body: object = terms()) => call(who, 'POST', `/api/pipeline/applications/${applicationId}/offers`, body);
  const act = (who: Person, offerId: string, action: 'submit' | 'approve' | 'send') => call(who, 'POST', `/api/offers/${offerId}/${action}`, {});

  return {
    t,
    db,
    clock,
    companyId: company.id,
    ...team,
    candidates,
    applications,
    nextIp,
    call,
    day,
    terms,
    create,
    act,
    /** Settings complete for letters: the billing profile's address and the signatory. */
    async readyLetters() {
      await db.updateTable('companies').set({ letter_signatory_name: 'Anita Desai', letter_signatory_designation: 'Head of People' }).where('id', '=', company.id).execute();
      await db
        .insertInto('company_billing_profiles')
        .values({ company_id: company.id, legal_name: 'Sahyadri Offers Private Limited', address_line1: '4th Floor, Prestige Tower, MG Road', address_line2: null, city: 'Bengaluru', state: 'Karnataka', pincode: '560001', updated_by: team.owner.id, updated_at: new Date() })
        .execute();
    },
    /** Draft → approved → sent, as the people allowed do it. */
    async sentOffer(applicationId: string, body: object = terms()): Promise<CompanyOffer> {
      const created = await create(team.recruiter, applicationId, body);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<CompanyOffer>().id;
      expect((await act(team.recruiter, id, 'submit')).statusCode).toBe(200);
      expect((await act(team.admin, id, 'approve')).statusCode).toBe(200);
      const sent = await act(team.recruiter, id, 'send');
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json<CompanyOffer>();
    },
    offerRow: (id: string) => db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    stageOf: async (applicationId: string) => (await db.selectFrom('job_applications').select('status').where('id', '=', applicationId).executeTakeFirstOrThrow()).status,
    /** The offer's audit actions on the application, oldest first (what the timeline reads). */
    audits: async (applicationId: string) =>
      (await db.selectFrom('admin_audit_logs').select('action').where('entity_type', '=', 'job_application').where('entity_id', '=', applicationId).where('action', 'like', 'offer_%').orderBy('created_at').orderBy('id').execute()).map((row) => row.action),
  };
}
export type OfferCompany = Awaited<ReturnType<typeof startOfferCompany>>;
