import { sql } from 'kysely';
import { seedApplicants } from '../../bench/candidate-search.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationSubjects, type CandidateSearchBodyInput, type CandidateSearchPage } from '../../shared/schemas/candidate-search.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Candidate search reads each company's applicant rows (migration 0047, issue 14): the latest
 * application to a live job, the verified flag and copies of the profile's filtered fields, kept by
 * triggers. Each change a search must see at once is made here, then searched for.
 */
describe.skipIf(laneUnavailable)(`candidate search's applicant rows follow every change (${testDbKind})`, () => {
  let t: TestApp;
  let jar: CookieJar;
  let companyId: string;
  let ip = 0;
  const db = () => t.database.db;

  async function search(body: CandidateSearchBodyInput): Promise<CandidateSearchPage> {
    const response = await t.app.inject({ method: 'POST', url: '/api/candidate-search/search', headers: { cookie: jar.header }, payload: body, remoteAddress: `10.47.0.${++ip % 250}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CandidateSearchPage>();
  }
  const rowOf = (candidateId: string) =>
    db().selectFrom('company_candidates').selectAll().where('company_id', '=', companyId).where('candidate_id', '=', candidateId).executeTakeFirst();
  const apply = (jobId: string, candidateId: string, hoursAgo: number) =>
    db().insertInto('job_applications').values({ job_id: jobId, candidate_id: candidateId, created_at: new Date(Date.now() - hoursAgo * HOUR) }).returning('id').executeTakeFirstOrThrow();
  async function candidate(fullName: string, profile: Parameters<TestApp['factories']['candidateProfile']>[1] = {}) {
    const user = await t.factories.user({ role: 'candidate', fullName });
    await t.factories.candidateProfile(user.id, profile);
    return user.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    companyId = (await t.factories.company({ name: 'Nilgiri Foods Pvt Ltd' })).id;
    const employer = await t.factories.user({ role: 'employer', companyId, companyRole: 'owner' });
    jar = await signIn(t.app, employer.email, employer.password, '10.47.1.1');
  });
  afterAll(async () => t?.close());

  it('shows the latest application to a live job: a later one replaces it, a deleted job gives the one before, then none', async () => {
    const packer = (await t.factories.job(companyId, { title: 'Packing Supervisor' })).id;
    const driver = (await t.factories.job(companyId, { title: 'Delivery Driver' })).id;
    const ravi = await candidate('Ravi Shankar Pillai', { location: 'Coimbatore' });
    await apply(packer, ravi, 5);
    expect((await search({ location: 'coimbatore' })).results.map((row) => row.latest_application.job_title)).toEqual(['Packing Supervisor']);
    const later = await apply(driver, ravi, 1);
    expect((await rowOf(ravi))?.application_id).toBe(later.id);
    expect((await search({ location: 'coimbatore' })).results.map((row) => row.latest_application.job_title)).toEqual(['Delivery Driver']);
    // An earlier application arriving after (an import, say) does not replace the later one.
    const older = (await t.factories.job(companyId, { title: 'Stores Assistant' })).id;
    await apply(older, ravi, 48);
    expect((await rowOf(ravi))?.application_id).toBe(later.id);

    await db().updateTable('job_postings').set({ is_deleted: true }).where('id', '=', driver).execute();
    expect((await search({ location: 'coimbatore' })).results.map((row) => row.latest_application.job_title)).toEqual(['Packing Supervisor']);
    await db().updateTable('job_postings').set({ is_deleted: true }).where('id', 'in', [packer, older]).execute();
    expect((await search({ location: 'coimbatore' })).results).toEqual([]);
    expect(await rowOf(ravi)).toBeUndefined();
    // Restored, the job's applicants come back.
    await db().updateTable('job_postings').set({ is_deleted: false }).where('id', '=', driver).execute();
    expect((await search({ location: 'coimbatore' })).results.map((row) => row.latest_application.job_title)).toEqual(['Delivery Driver']);
    // An application removed: the row follows.
    await db().deleteFrom('job_applications').where('id', '=', later.id).execute();
    expect(await rowOf(ravi)).toBeUndefined();
  });

  it('finds a candidate by the profile as edited, and forgets what erasure cleared', async () => {
    const job = (await t.factories.job(companyId, { title: 'Quality Analyst' })).id;
    const meena = await candidate('Meena Kumari Iyer', { skills: ['HACCP'], experience_years: 2, location: 'Madurai', notice_period_days: 60, expected_pay_lakh: 6 });
    await apply(job, meena, 2);
    expect((await search({ skills: ['haccp'], experience_min: 4 })).results).toEqual([]);
    await db().updateTable('candidate_profiles').set({ experience_years: '4.5', skills: ['HACCP', 'ISO 22000'], notice_period_days: 15, expected_pay_lakh: '7.5', location: 'Tiruchirappalli' }).where('user_id', '=', meena).execute();
    const found = await search({ skills: ['iso 22000'], experience_min: 4, notice_max: 30, expected_pay_min: 7, location: 'tiruchi' });
    expect(found.results.map((row) => [row.name, row.experience_years, row.location])).toEqual([['Meena Kumari Iyer', 4.5, 'Tiruchirappalli']]);
    // Erasure clears the profile's fields (server/features/privacy/erasure.ts): no copy keeps them.
    await db().updateTable('candidate_profiles').set({ skills: [], experience_years: null, location: null, notice_period_days: null, current_pay_lakh: null, expected_pay_lakh: null }).where('user_id', '=', meena).execute();
    expect(await rowOf(meena)).toMatchObject({ skills_lower: [], experience_years: null, location: null, notice_period_days: null, expected_pay_lakh: null });
    expect((await search({ location: 'tiruchi' })).results).toEqual([]);
  });

  it('puts a candidate first under relevance once a UAN or document check is verified, and not for the phone', async () => {
    const job = (await t.factories.job(companyId, { title: 'Dispatch Lead' })).id;
    const anil = await candidate('Anil Varghese', { location: 'Kochi' });
    const bindu = await candidate('Bindu Menon', { location: 'Kochi' });
    await apply(job, anil, 3);
    await apply(job, bindu, 1);
    const order = async () => (await search({ location: 'kochi' })).results.map((row) => row.name);
    expect(await order()).toEqual(['Bindu Menon', 'Anil Varghese']);
    await db().insertInto('verification_checks').values({ candidate_id: anil, subject: 'phone', status: 'verified', decided_by: 'algorithm', verified_fields: ['phone'] }).execute();
    expect(await order()).toEqual(['Bindu Menon', 'Anil Varghese']);
    await db().insertInto('verification_checks').values({ candidate_id: anil, subject: 'uan', status: 'in_review', verified_fields: ['uan'] }).execute();
    expect(await order()).toEqual(['Bindu Menon', 'Anil Varghese']);
    await db().updateTable('verification_checks').set({ status: 'verified' }).where('candidate_id', '=', anil).where('subject', '=', 'uan').execute();
    expect(await order()).toEqual(['Anil Varghese', 'Bindu Menon']);
    expect((await search({ location: 'kochi', only_verified: true })).results.map((row) => row.name)).toEqual(['Anil Varghese']);
    await db().deleteFrom('verification_checks').where('candidate_id', '=', anil).where('subject', '=', 'uan').execute();
    expect(await order()).toEqual(['Bindu Menon', 'Anil Varghese']);
  });

  it("counts as verified in the database's rule exactly the subjects the search's own rule counts", async () => {
    // workcred_candidate_verified (migration 0047) keeps the flag; verifiedCheck in the search
    // (search within one job, sorts by a profile field) reads the list in shared/schemas.
    for (const subject of verificationSubjects) {
      const person = await candidate(`Subject ${subject}`);
      await db().insertInto('verification_checks').values({ candidate_id: person, subject, status: 'verified', verified_fields: [] }).execute();
      const { rows } = await sql<{ verified: boolean }>`SELECT workcred_candidate_verified(${person}) AS verified`.execute(db());
      expect({ subject, verified: rows[0]!.verified }).toEqual({ subject, verified: subject !== 'phone' });
    }
  });

  it.runIf(testDbKind === 'postgres')('a check verified while the candidate applies, in two transactions at once, still counts', async () => {
    const job = (await t.factories.job(companyId, { title: 'Cold Chain Executive' })).id;
    const farah = await candidate('Farah Siddiqui', { location: 'Lucknow' });
    await db().insertInto('verification_checks').values({ candidate_id: farah, subject: 'resume', status: 'in_review', verified_fields: [] }).execute();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let applied!: () => void;
    const hasApplied = new Promise<void>((resolve) => (applied = resolve));
    // The application's transaction stays open while the check is verified in another.
    const application = db().transaction().execute(async (trx) => {
      await trx.insertInto('job_applications').values({ job_id: job, candidate_id: farah }).execute();
      applied();
      await released;
    });
    await hasApplied;
    const verify = db().updateTable('verification_checks').set({ status: 'verified' }).where('candidate_id', '=', farah).execute();
    try {
      // The check's change waits for the application's (the candidate's lock), rather than missing its row.
      await waitFor(async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`.execute(db())).rows[0]!.n > 0, { what: 'the check to wait for the application' });
    } finally {
      release();
      await Promise.all([application, verify]);
    }
    expect((await rowOf(farah))?.verified).toBe(true);
  });

  it('deletes and restores a job with 8,000 applicants, each of whose rows it locks, in one statement', { timeout: 90_000 }, async () => {
    // More candidates than the shared lock table holds (64 a connection): the rows are locked, not
    // the lock table filled (an advisory lock a candidate ran out of shared memory).
    const job = (await t.factories.job(companyId, { title: 'Seasonal Packer' })).id;
    await seedApplicants(db(), { prefix: 'bulk-', count: 8000, jobIds: [job], codeBase: 9_000_000 });
    const count = async () => (await db().selectFrom('company_candidates').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', companyId).where('candidate_id', 'like', 'bulk-%').executeTakeFirstOrThrow()).n;
    expect(Number(await count())).toBe(8000);
    await db().updateTable('job_postings').set({ is_deleted: true }).where('id', '=', job).execute();
    expect(Number(await count())).toBe(0);
    await db().updateTable('job_postings').set({ is_deleted: false }).where('id', '=', job).execute();
    expect(Number(await count())).toBe(8000);
  });

  it('holds the rows the triggers kept equal to a rebuild from the applications', async () => {
    const snapshot = () => db().selectFrom('company_candidates').selectAll().orderBy('company_id').orderBy('candidate_id').execute();
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThanOrEqual(3);
    await sql`SELECT workcred_rebuild_company_candidates(NULL)`.execute(db());
    expect(await snapshot()).toEqual(kept);
  });
});
