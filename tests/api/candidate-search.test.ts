import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplicants } from '../../bench/candidate-search.ts';
import { messages } from '../../shared/messages.ts';
import {
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
  type CandidateSearchBodyInput,
  type CandidateSearchPage,
  type CareerProfile,
  type SavedSearch,
} from '../../shared/schemas/candidate-search.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.candidateSearch;
const HOUR = 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const PREFIX = '/api/candidate-search';

type Caller = 'employerA' | 'teammateA' | 'employerB' | 'employerC' | 'admin' | 'candidate' | 'unregistered' | 'anonymous';
type Person = 'asha' | 'bala' | 'chandra' | 'dev' | 'esha';

describe.skipIf(laneUnavailable)('Handpick: candidate search, saved searches and the career profile', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const jars = {} as Record<Exclude<Caller, 'anonymous'>, CookieJar>;
  const ids = {} as Record<Exclude<Caller, 'anonymous'> | Person, string>;
  const codes = {} as Record<Person, string>;
  const jobs = {} as Record<'a1' | 'a2' | 'c1' | 'b1' | 'deletedA', string>;
  let companyA: { id: string };
  let companyB: { id: string };

  const db = () => t.database.db;
  const call = (who: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who === 'anonymous' ? {} : { cookie: jars[who].header },
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: nextIp(),
    });
  const search = (who: Caller, body: CandidateSearchBodyInput | Record<string, unknown>) => call(who, 'POST', `${PREFIX}/search`, body);
  async function found(body: CandidateSearchBodyInput, who: Caller = 'employerA'): Promise<CandidateSearchPage> {
    const response = await search(who, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CandidateSearchPage>();
  }
  const namesOf = async (body: CandidateSearchBodyInput, who: Caller = 'employerA') => (await found(body, who)).results.map((row) => row.name);
  const expect400 = (response: LightMyRequestResponse, message: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  };

  async function person(key: Exclude<Caller, 'anonymous'>, role: 'employer' | 'candidate' | 'admin', companyId: string | null, fullName: string) {
    const user = await t.factories.user({ role, companyId, fullName });
    ids[key] = user.id;
    jars[key] = await signIn(t.app, user.email, user.password, nextIp());
  }
  async function applicant(key: Person, fullName: string, profile: Parameters<TestApp['factories']['candidateProfile']>[1], applications: [string, number][]) {
    const user = await t.factories.user({ role: 'candidate', fullName });
    ids[key] = user.id;
    codes[key] = (await t.factories.candidateProfile(user.id, profile)).candidate_code;
    // Explicit times: rows made in one loop can share a clock tick, and "recent" sorts by them.
    for (const [jobId, hoursAgo] of applications) {
      await db().insertInto('job_applications').values({ job_id: jobId, candidate_id: user.id, created_at: new Date(Date.now() - hoursAgo * HOUR) }).execute();
    }
    await db().insertInto('verification_checks').values({ candidate_id: user.id, subject: 'phone', status: 'verified', decided_by: 'algorithm', verified_fields: ['phone'] }).execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    companyA = await t.factories.company({ name: 'Alpha Handpick Pvt Ltd' });
    companyB = await t.factories.company({ name: 'Beta Handpick Pvt Ltd' });
    await person('employerA', 'employer', companyA.id, 'Anil Alpha');
    await person('teammateA', 'employer', companyA.id, 'Tara Teammate');
    await person('employerB', 'employer', companyB.id, 'Bina Beta');
    const companyC = await t.factories.company({ name: 'Gamma Paging Pvt Ltd' });
    await person('employerC', 'employer', companyC.id, 'Gita Gamma');
    await person('admin', 'admin', null, 'Meera Admin');
    await person('candidate', 'candidate', null, 'Kavya Candidate');
    await t.factories.candidateProfile(ids.candidate, { current_employer: 'Infosys' });
    await person('unregistered', 'candidate', null, 'Nikhil Newcomer');

    jobs.a1 = (await t.factories.job(companyA.id, { title: 'Backend Engineer' })).id;
    jobs.a2 = (await t.factories.job(companyA.id, { title: 'Fleet Manager' })).id;
    jobs.c1 = (await t.factories.job(companyC.id, { title: 'Support Associate' })).id;
    jobs.b1 = (await t.factories.job(companyB.id, { title: 'Beta Analyst' })).id;
    jobs.deletedA = (await t.factories.job(companyA.id, { title: 'Removed Role' })).id;

    await applicant('asha', 'Asha Rao', { skills: ['React', 'TypeScript', 'SQL'], experience_years: 5, notice_period_days: 30, current_pay_lakh: 12.5, expected_pay_lakh: 18, location: 'Pune', projects: 'Payroll engine: 100%_done' }, [[jobs.a1, 3]]);
    await applicant('bala', 'Bala Krishnan', { skills: ['react', 'Go'], experience_years: 2, notice_period_days: 90, current_pay_lakh: 6, expected_pay_lakh: 9, location: 'Bengaluru', projects: 'Fleet app' }, [[jobs.a2, 2]]);
    await applicant('chandra', 'Chandra Sen', { skills: ['Java'], experience_years: 10, notice_period_days: 0 }, [[jobs.a1, 5], [jobs.a2, 1], [jobs.b1, 4]]);
    await applicant('dev', 'Dev Malhotra', { skills: ['React'], experience_years: 5, location: 'Pune' }, [[jobs.b1, 1]]);
    await applicant('esha', 'Esha Gill', { skills: ['React'], experience_years: 5, location: 'Pune' }, [[jobs.deletedA, 1]]);
    await db().updateTable('job_postings').set({ is_deleted: true }).where('id', '=', jobs.deletedA).execute();
    // Asha's UAN is verified and confirmed her employer and pay.
    await db().insertInto('verification_checks').values({ candidate_id: ids.asha, subject: 'uan', status: 'verified', decided_by: 'provider', verified_fields: ['uan', 'current_employer', 'current_pay_lakh'] }).execute();
    // A pending check confirms nothing and does not count as verified.
    await db().insertInto('verification_checks').values({ candidate_id: ids.bala, subject: 'salary_slip', status: 'pending', verified_fields: ['current_pay_lakh'] }).execute();

    // Company C: 27 applicants (every fifth with a verified UAN), for paging.
    await seedApplicants(db(), { prefix: 'paging-', count: 27, jobIds: [jobs.c1], codeBase: 7_000_000 });
  });
  afterAll(async () => t?.close());

  const everyone = ['Asha Rao', 'Bala Krishnan', 'Chandra Sen'];
  const sorted = (names: string[]) => [...names].sort();

  it("keeps each application's company equal to its job's, whoever writes the row (the search reads by it)", async () => {
    const job = await t.factories.job(companyA.id, { title: 'Alpha Company Copy Role' });
    const applicant = await t.factories.user({ role: 'candidate' });
    const application = await t.factories.application(job.id, applicant.id);
    const companyOf = async () => (await t.database.db.selectFrom('job_applications').select('company_id').where('id', '=', application.id).executeTakeFirstOrThrow()).company_id;
    expect(await companyOf()).toBe(companyA.id);
    // Pointing it at another company does not stick: the job decides.
    await t.database.db.updateTable('job_applications').set({ company_id: companyB.id }).where('id', '=', application.id).execute();
    expect(await companyOf()).toBe(companyA.id);
    // Out of the searches below, which expect company A's applicants as set up above.
    await t.database.db.deleteFrom('job_applications').where('id', '=', application.id).execute();
  });

  describe('search: whose candidates', () => {
    it("finds everyone who applied to the company's live jobs, and no one else", async () => {
      expect(sorted(await namesOf({ job_id: undefined }))).toEqual(sorted([...everyone]));
      const page = await found({ sort: 'recent' });
      expect(page.results.map((row) => row.name)).not.toContain('Dev Malhotra');
      expect(page.results.map((row) => row.name)).not.toContain('Esha Gill');
    });

    it("never returns another company's applicants, whatever the filter", async () => {
      expect(sorted(await namesOf({ skills: ['React'] }))).toEqual(['Asha Rao', 'Bala Krishnan']);
      expect(await namesOf({ location: 'Pune' })).toEqual(['Asha Rao']);
      expect(await namesOf({ job_id: jobs.b1 })).toEqual([]);
      expect(await namesOf({ job_id: jobs.deletedA })).toEqual([]);
      // Company B sees its own: Chandra applied to both companies, Dev only to B.
      expect(sorted(await namesOf({}, 'employerB'))).toEqual(['Chandra Sen', 'Dev Malhotra']);
      const chandraForB = (await found({}, 'employerB')).results.find((row) => row.name === 'Chandra Sen');
      expect(chandraForB?.latest_application).toMatchObject({ job_id: jobs.b1, job_title: 'Beta Analyst' });
    });

    it('answers each result with its profile, pay, verified flags and latest application', async () => {
      const page = await found({ skills: ['sql'] });
      expect(page).toMatchObject({ page: 1, page_size: SEARCH_PAGE_SIZE, has_more: false });
      expect(page.results).toEqual([
        {
          candidate_id: ids.asha,
          candidate_code: codes.asha,
          name: 'Asha Rao',
          experience_years: 5,
          notice_period_days: 30,
          location: 'Pune',
          skills: ['React', 'TypeScript', 'SQL'],
          current_employer: expect.any(String),
          current_employer_verified: true,
          current_pay_lakh: 12.5,
          current_pay_verified: true,
          expected_pay_lakh: 18,
          verified_subjects: ['phone', 'uan'],
          latest_application: { id: expect.any(String), job_id: jobs.a1, job_title: 'Backend Engineer', stage: 'received', applied_at: expect.any(String) },
        },
      ]);
      const bala = (await found({ skills: ['go'] })).results[0];
      // Her pending salary-slip check confirms nothing.
      expect(bala).toMatchObject({ name: 'Bala Krishnan', current_pay_verified: false, current_employer_verified: false, verified_subjects: ['phone'] });
      const chandra = (await found({ skills: ['java'] })).results[0];
      expect(chandra?.latest_application).toMatchObject({ job_id: jobs.a2, job_title: 'Fleet Manager' });
      expect(chandra).toMatchObject({ current_pay_lakh: null, expected_pay_lakh: null, location: null });
    });
  });

  describe('search: every filter, with its boundaries', () => {
    it('experience: min and max inclusive', async () => {
      expect(sorted(await namesOf({ experience_min: 5 }))).toEqual(['Asha Rao', 'Chandra Sen']);
      expect(await namesOf({ experience_min: 5, experience_max: 5 })).toEqual(['Asha Rao']);
      expect(await namesOf({ experience_min: 5.1 })).toEqual(['Chandra Sen']);
      expect(await namesOf({ experience_max: 1.9 })).toEqual([]);
      expect(sorted(await namesOf({ experience_min: 0, experience_max: 60 }))).toEqual(sorted(everyone));
    });

    it('notice period: at most, inclusive', async () => {
      expect(sorted(await namesOf({ notice_max: 30 }))).toEqual(['Asha Rao', 'Chandra Sen']);
      expect(await namesOf({ notice_max: 29 })).toEqual(['Chandra Sen']);
      expect(await namesOf({ notice_max: 0 })).toEqual(['Chandra Sen']);
    });

    it('current and expected pay ranges in lakh, inclusive; no pay given never matches a pay filter', async () => {
      expect(await namesOf({ current_pay_min: 12.5 })).toEqual(['Asha Rao']);
      expect(await namesOf({ current_pay_min: 12.51 })).toEqual([]);
      expect(await namesOf({ current_pay_max: 6 })).toEqual(['Bala Krishnan']);
      expect(await namesOf({ current_pay_max: 5.99 })).toEqual([]);
      expect(sorted(await namesOf({ expected_pay_min: 9, expected_pay_max: 18 }))).toEqual(['Asha Rao', 'Bala Krishnan']);
      expect(await namesOf({ expected_pay_min: 9.01, expected_pay_max: 17.99 })).toEqual([]);
    });

    it('skills: all of the tags, in any case; a repeated tag counts once', async () => {
      expect(sorted(await namesOf({ skills: ['REACT'] }))).toEqual(['Asha Rao', 'Bala Krishnan']);
      expect(await namesOf({ skills: ['react', 'typescript'] })).toEqual(['Asha Rao']);
      expect(sorted(await namesOf({ skills: ['React', 'react'] }))).toEqual(['Asha Rao', 'Bala Krishnan']);
      expect(await namesOf({ skills: ['React', 'Java'] })).toEqual([]);
      expect(await namesOf({ skills: ['Reac'] })).toEqual([]);
      expect(sorted(await namesOf({ skills: [] }))).toEqual(sorted(everyone));
    });

    it('projects and location: contains, case-insensitive, with %, _ and \\ taken literally', async () => {
      expect(await namesOf({ projects: 'payroll' })).toEqual(['Asha Rao']);
      expect(await namesOf({ projects: '100%_' })).toEqual(['Asha Rao']);
      expect(await namesOf({ projects: '%' })).toEqual(['Asha Rao']);
      expect(await namesOf({ projects: '_' })).toEqual(['Asha Rao']);
      expect(await namesOf({ projects: 'p%d' })).toEqual([]);
      expect(await namesOf({ projects: '\\' })).toEqual([]);
      expect(await namesOf({ projects: 'FLEET' })).toEqual(['Bala Krishnan']);
      expect(await namesOf({ location: 'pun' })).toEqual(['Asha Rao']);
      expect(await namesOf({ location: '_une' })).toEqual([]);
      expect(sorted(await namesOf({ location: '   ', projects: '' }))).toEqual(sorted(everyone));
    });

    it('only verified: a verified UAN or document check; the phone alone does not count', async () => {
      expect(await namesOf({ only_verified: true })).toEqual(['Asha Rao']);
      expect(sorted(await namesOf({ only_verified: false }))).toEqual(sorted(everyone));
    });

    it("job: that job's applicants, with that job as their latest application", async () => {
      expect(sorted(await namesOf({ job_id: jobs.a2 }))).toEqual(['Bala Krishnan', 'Chandra Sen']);
      const a1 = await found({ job_id: jobs.a1 });
      expect(sorted(a1.results.map((row) => row.name))).toEqual(['Asha Rao', 'Chandra Sen']);
      expect(a1.results.find((row) => row.name === 'Chandra Sen')?.latest_application.job_id).toBe(jobs.a1);
      expect(await namesOf({ job_id: UNKNOWN_ID })).toEqual([]);
    });

    it('filters combine', async () => {
      expect(await namesOf({ skills: ['react'], experience_min: 3, location: 'pune', only_verified: true, notice_max: 30 })).toEqual(['Asha Rao']);
      expect(await namesOf({ skills: ['react'], experience_min: 3, location: 'bengaluru' })).toEqual([]);
    });
  });

  describe('search: sorting and pages', () => {
    const inOrder = (sort: CandidateSearchBodyInput['sort']) => namesOf({ sort, job_id: undefined, skills: undefined, experience_max: 30 });
    it('relevance (the default): verified first, then the most recent application', async () => {
      expect(await namesOf({ experience_max: 30 })).toEqual(['Asha Rao', 'Chandra Sen', 'Bala Krishnan']);
      expect(await inOrder('relevance')).toEqual(['Asha Rao', 'Chandra Sen', 'Bala Krishnan']);
    });
    it('most recent application', async () => expect(await inOrder('recent')).toEqual(['Chandra Sen', 'Bala Krishnan', 'Asha Rao']));
    it('experience, most first and least first', async () => {
      expect(await inOrder('experience_desc')).toEqual(['Chandra Sen', 'Asha Rao', 'Bala Krishnan']);
      expect(await inOrder('experience_asc')).toEqual(['Bala Krishnan', 'Asha Rao', 'Chandra Sen']);
    });
    it('notice period, shortest first', async () => expect(await inOrder('notice_asc')).toEqual(['Chandra Sen', 'Asha Rao', 'Bala Krishnan']));
    it('expected pay, lowest first; no expected pay last', async () => expect(await inOrder('expected_pay_asc')).toEqual(['Bala Krishnan', 'Asha Rao', 'Chandra Sen']));

    it.each(['relevance', 'recent', 'experience_desc', 'experience_asc', 'notice_asc', 'expected_pay_asc'] as const)('pages of 25 (%s): no overlap, nothing missed, has_more right', async (sort) => {
      const first = await found({ sort }, 'employerC');
      const second = await found({ sort, page: 2 }, 'employerC');
      const third = await found({ sort, page: 3 }, 'employerC');
      expect((await found({ sort, job_id: jobs.c1, page: 2 }, 'employerC')).results).toEqual(second.results);
      expect([first.results.length, first.has_more, second.results.length, second.has_more, third.results.length, third.has_more]).toEqual([25, true, 2, false, 0, false]);
      const all = [...first.results, ...second.results].map((row) => row.candidate_id);
      expect(new Set(all).size).toBe(27);
      expect(all.every((id) => id.startsWith('paging-'))).toBe(true);
      if (sort === 'relevance') {
        // Every fifth seeded applicant has a verified UAN: those 5 come first.
        expect(first.results.slice(0, 5).every((row) => row.verified_subjects.includes('uan'))).toBe(true);
        expect(first.results.slice(5).some((row) => row.verified_subjects.includes('uan'))).toBe(false);
      }
    });

    it(`a page is 1 to ${SEARCH_MAX_PAGE} (offset pages: the first ${SEARCH_MAX_PAGE * SEARCH_PAGE_SIZE} matches)`, async () => {
      expect((await found({ page: SEARCH_MAX_PAGE })).results).toEqual([]);
      expect400(await search('employerA', { page: SEARCH_MAX_PAGE + 1 }), 'page must be a whole number');
      expect400(await search('employerA', { page: 0 }), 'page must be a whole number');
      expect400(await search('employerA', { page: 1.5 }), 'page must be a whole number');
    });
  });

  describe('search: bad filters are 400 with the reason', () => {
    it.each([
      [{ experience_min: -1 }, 'Experience cannot be below 0'],
      [{ experience_max: 61 }, 'Experience can be at most 60'],
      [{ experience_min: 8, experience_max: 3 }, 'Experience: the minimum cannot be above the maximum'],
      [{ current_pay_min: 20, current_pay_max: 10 }, 'Current pay: the minimum cannot be above the maximum'],
      [{ expected_pay_min: 20, expected_pay_max: 10 }, 'Expected pay: the minimum cannot be above the maximum'],
      [{ notice_max: 1.5 }, text.wholeDays],
      [{ notice_max: 366 }, 'Notice period can be at most 365'],
      [{ current_pay_min: 'lots' }, 'Current pay must be a number'],
      [{ expected_pay_max: 10000 }, 'Expected pay can be at most 9999.99'],
      [{ skills: Array.from({ length: 31 }, (_, i) => `skill ${i}`) }, 'at most 30 skills'],
      [{ skills: ['x'.repeat(41)] }, 'at most 40 characters'],
      [{ skills: ['  '] }, text.skillRequired],
      [{ skills: 'React' }, text.skillsMustBeList],
      [{ projects: 'p'.repeat(201) }, 'Projects can be at most 200 characters'],
      [{ location: 'l'.repeat(101) }, 'Location can be at most 100 characters'],
      [{ location: 'Pune\u0000' }, text.invalidCharacters],
      [{ only_verified: 'yes' }, text.onlyVerifiedBoolean],
      [{ job_id: 'not-a-job' }, text.invalidJob],
      [{ sort: 'salary_desc' }, text.invalidSort],
      [{ company_id: UNKNOWN_ID }, 'company_id'],
    ])('%j → 400', async (body, message) => {
      expect400(await search('employerA', body), message);
    });
  });

  describe('career profile', () => {
    const profileRow = (id: string) =>
      db().selectFrom('candidate_profiles').select(['skills', 'projects', 'location', 'current_pay_lakh', 'expected_pay_lakh', 'uan', 'candidate_code']).where('user_id', '=', id).executeTakeFirstOrThrow();
    const put = (body: unknown, who: Caller = 'candidate') => call(who, 'PUT', `${PREFIX}/career-profile`, body);

    it('starts empty and saves skills (trimmed, repeats dropped, kept as typed), projects, location and pay', async () => {
      const initial = await call('candidate', 'GET', `${PREFIX}/career-profile`);
      expect(initial.statusCode).toBe(200);
      expect(initial.json<CareerProfile>()).toEqual({ skills: [], projects: null, location: null, current_pay_lakh: null, expected_pay_lakh: null, current_employer: 'Infosys', verified_fields: [] });

      const saved = await put({ skills: [' React ', 'react', 'Node.js', 'SQL'], projects: '  A payroll engine  ', location: ' Pune ', current_pay_lakh: 12.5, expected_pay_lakh: '18.25' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<CareerProfile>()).toMatchObject({ skills: ['React', 'Node.js', 'SQL'], projects: 'A payroll engine', location: 'Pune', current_pay_lakh: 12.5, expected_pay_lakh: 18.25 });
      expect(await profileRow(ids.candidate)).toMatchObject({ skills: ['React', 'Node.js', 'SQL'], location: 'Pune' });
      const audit = await db().selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', ids.candidate).where('action', '=', 'career_profile_updated').execute();
      expect(audit).toHaveLength(1);
      // Pay is personal: the audit row says what changed, never the amounts.
      expect(JSON.stringify(audit[0]?.details)).not.toContain('12.5');
      expect((await call('candidate', 'GET', `${PREFIX}/career-profile`)).json<CareerProfile>().skills).toEqual(['React', 'Node.js', 'SQL']);
    });

    it('30 skills are fine, counted after repeats are dropped; blanks clear the optional fields', async () => {
      const thirty = Array.from({ length: 30 }, (_, i) => `Skill ${i}`);
      const response = await put({ skills: [...thirty, 'SKILL 0'], projects: '', location: '   ', current_pay_lakh: null, expected_pay_lakh: 0 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CareerProfile>()).toMatchObject({ skills: thirty, projects: null, location: null, current_pay_lakh: null, expected_pay_lakh: 0 });
      expect((await put({ skills: ['React'], expected_pay_lakh: 9999.99, current_pay_lakh: 0.01 })).statusCode).toBe(200);
    });

    it.each([
      [{ skills: Array.from({ length: 31 }, (_, i) => `Skill ${i}`) }, 'You can add at most 30 skills'],
      [{ skills: ['x'.repeat(41)] }, 'A skill can be at most 40 characters'],
      [{ skills: [''] }, text.skillRequired],
      [{ skills: [42] }, text.skillRequired],
      [{ skills: 'React, SQL' }, text.skillsMustBeList],
      [{ current_pay_lakh: 12.345 }, text.payDecimals],
      [{ expected_pay_lakh: -1 }, text.payNegative],
      [{ expected_pay_lakh: 10000 }, 'Pay can be at most ₹9,999.99 lakh'],
      [{ current_pay_lakh: 'twelve' }, text.payMustBeNumber],
      [{ projects: 'p'.repeat(5001) }, 'Projects can be at most 5000 characters'],
      [{ location: 'l'.repeat(101) }, 'Location can be at most 100 characters'],
      [{ location: 'Pune\u0007' }, text.invalidCharacters],
      [{ uan: '123456789012' }, 'uan'],
      [{ candidate_code: 'WC-AAAAAA' }, 'candidate_code'],
    ])('%j → 400, nothing written', async (body, message) => {
      const before = await profileRow(ids.candidate);
      expect400(await put({ skills: ['React'], ...body }), message);
      expect(await profileRow(ids.candidate)).toEqual(before);
    });

    it('marks the values a verified check confirmed; a pending or rejected check confirms nothing', async () => {
      await db()
        .insertInto('verification_checks')
        .values([
          { candidate_id: ids.candidate, subject: 'salary_slip', status: 'verified', decided_by: 'verification_team', verified_fields: ['current_pay_lakh', 'current_employer'] },
          { candidate_id: ids.candidate, subject: 'uan', status: 'rejected', reason: 'Mismatch', verified_fields: ['uan'] },
          { candidate_id: ids.candidate, subject: 'experience_letter', status: 'pending', verified_fields: ['full_name'] },
        ])
        .execute();
      const profile = (await call('candidate', 'GET', `${PREFIX}/career-profile`)).json<CareerProfile>();
      expect(profile.verified_fields).toEqual(['current_employer', 'current_pay_lakh']);
    });

    it('a candidate who has not started registration is told to finish it (409)', async () => {
      for (const response of [await call('unregistered', 'GET', `${PREFIX}/career-profile`), await put({ skills: ['React'] }, 'unregistered')]) {
        expect(response.statusCode).toBe(409);
        expect(response.json<{ message: string }>().message).toBe(text.finishRegistration);
      }
      expect(await db().selectFrom('candidate_profiles').select('user_id').where('user_id', '=', ids.unregistered).execute()).toEqual([]);
    });
  });

  describe('saved searches', () => {
    const list = (who: Caller) => call(who, 'GET', `${PREFIX}/saved-searches`);
    const save = (who: Caller, body: unknown) => call(who, 'POST', `${PREFIX}/saved-searches`, body);
    const remove = (who: Caller, id: string) => call(who, 'DELETE', `${PREFIX}/saved-searches/${id}`);
    const rowsOf = (userId: string) => db().selectFrom('saved_candidate_searches').selectAll().where('user_id', '=', userId).execute();
    let ashaSearch: SavedSearch;

    it('saves a search with its filters (validated by the search schema) and lists the caller’s own', async () => {
      const response = await save('employerA', { name: ' React in Pune ', filters: { skills: ['React', 'react'], location: 'Pune', experience_min: '3', sort: 'experience_desc' } });
      expect(response.statusCode, response.body).toBe(201);
      ashaSearch = response.json<SavedSearch>();
      expect(ashaSearch).toMatchObject({ name: 'React in Pune', filters: { skills: ['React'], location: 'Pune', experience_min: 3, sort: 'experience_desc' } });
      expect((await list('employerA')).json<SavedSearch[]>()).toEqual([ashaSearch]);
      // Re-applied, the saved filters find what they found.
      expect(await namesOf(ashaSearch.filters as CandidateSearchBodyInput)).toEqual(['Asha Rao']);
      const audit = await db().selectFrom('admin_audit_logs').select(['action', 'company_id', 'admin_id']).where('entity_id', '=', ashaSearch.id).execute();
      expect(audit).toEqual([{ action: 'candidate_search_saved', company_id: companyA.id, admin_id: ids.employerA }]);
    });

    it('a name is unique per person in any case (409); a teammate may use the same name', async () => {
      const duplicate = await save('employerA', { name: 'react IN pune', filters: {} });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json<{ message: string }>().message).toBe(text.duplicateName);
      expect(await rowsOf(ids.employerA)).toHaveLength(1);
      expect((await list('teammateA')).json<SavedSearch[]>()).toEqual([]);
      expect((await save('teammateA', { name: 'React in Pune', filters: { only_verified: true } })).statusCode).toBe(201);
    });

    it.each([
      [{ name: '', filters: {} }, text.searchNameRequired],
      [{ name: 'n'.repeat(101), filters: {} }, 'A name can be at most 100 characters'],
      [{ name: 'Bad', filters: { experience_min: -1 } }, 'Experience cannot be below 0'],
      [{ name: 'Bad', filters: { experience_min: 9, experience_max: 2 } }, 'the minimum cannot be above the maximum'],
      [{ name: 'Bad', filters: { page: 2 } }, 'page'],
      [{ name: 'Bad', filters: { nonsense: true } }, 'nonsense'],
      [{ name: 'Bad' }, 'filters'],
      [{ name: 'Bad', filters: {}, user_id: UNKNOWN_ID }, 'user_id'],
    ])('%j → 400, nothing written', async (body, message) => {
      const before = (await rowsOf(ids.employerA)).length;
      expect400(await save('employerA', body), message);
      expect(await rowsOf(ids.employerA)).toHaveLength(before);
    });

    it("another person's saved search is 404 to delete, the owner's is gone after a delete", async () => {
      for (const who of ['teammateA', 'employerB'] as const) {
        const response = await remove(who, ashaSearch.id);
        expect(response.statusCode).toBe(404);
        expect(response.json<{ message: string }>().message).toBe(text.savedSearchNotFound);
      }
      expect(await rowsOf(ids.employerA)).toHaveLength(1);
      expect((await remove('employerA', 'not-a-uuid')).statusCode).toBe(400);
      expect((await remove('employerA', ashaSearch.id)).statusCode).toBe(204);
      expect(await rowsOf(ids.employerA)).toHaveLength(0);
      expect((await remove('employerA', ashaSearch.id)).statusCode).toBe(404);
      const audit = await db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', ashaSearch.id).orderBy('created_at').execute();
      expect(audit.map((row) => row.action)).toEqual(['candidate_search_saved', 'candidate_search_deleted']);
    });
  });

  describe('random input', () => {
    // Bodies shaped like ours (right keys, wrong values) reach further than random JSON does.
    const value = fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' }), fc.double(), fc.array(fc.string({ unit: 'binary' }), { maxLength: 40 }));
    const keys = ['experience_min', 'experience_max', 'notice_max', 'current_pay_min', 'current_pay_max', 'expected_pay_min', 'expected_pay_max', 'skills', 'projects', 'location', 'only_verified', 'job_id', 'sort', 'page', 'current_pay_lakh', 'expected_pay_lakh', '__proto__', 'constructor'];
    const body = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 });
    it('never answers 5xx, on search, saved searches or the career profile', async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom('search', 'saved', 'career'), async (payload, route) => {
          const response =
            route === 'search'
              ? await search('employerA', payload)
              : route === 'saved'
                ? await call('employerC', 'POST', `${PREFIX}/saved-searches`, { name: `Fuzz ${ipCounter}`, filters: payload })
                : await call('candidate', 'PUT', `${PREFIX}/career-profile`, payload);
          expect(response.statusCode, response.body).toBeLessThan(500);
        }),
        { numRuns: 150 },
      );
    });
  });

  describe('permissions over every route', () => {
    type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
    interface Row {
      caller: Caller;
      method: Method;
      route: string;
      body?: () => unknown;
      status: number;
      message?: string;
    }
    let teammateSearchId = '';
    const url = (route: string) => route.replace(':searchId', teammateSearchId || UNKNOWN_ID);
    const employerOnly = messages.profile.notInCompany;
    const candidatesOnly = text.candidatesOnly;
    const searchBody = () => ({ skills: ['React'] });
    const saveBody = () => ({ name: `Probe ${ipCounter}`, filters: {} });
    const rows: Row[] = [
      ...(['GET', 'PUT'] as const).flatMap((method): Row[] => [
        { caller: 'anonymous', method, route: `${PREFIX}/career-profile`, body: () => (method === 'PUT' ? { skills: [] } : undefined), status: 401 },
        { caller: 'employerA', method, route: `${PREFIX}/career-profile`, body: () => (method === 'PUT' ? { skills: [] } : undefined), status: 403, message: candidatesOnly },
        { caller: 'admin', method, route: `${PREFIX}/career-profile`, body: () => (method === 'PUT' ? { skills: [] } : undefined), status: 403, message: candidatesOnly },
        { caller: 'candidate', method, route: `${PREFIX}/career-profile`, body: () => (method === 'PUT' ? { skills: ['React'] } : undefined), status: 200 },
      ]),
      { caller: 'anonymous', method: 'POST', route: `${PREFIX}/search`, body: searchBody, status: 401 },
      { caller: 'candidate', method: 'POST', route: `${PREFIX}/search`, body: searchBody, status: 403, message: employerOnly },
      { caller: 'admin', method: 'POST', route: `${PREFIX}/search`, body: searchBody, status: 403, message: employerOnly },
      { caller: 'employerB', method: 'POST', route: `${PREFIX}/search`, body: searchBody, status: 200 },
      { caller: 'anonymous', method: 'GET', route: `${PREFIX}/saved-searches`, status: 401 },
      { caller: 'candidate', method: 'GET', route: `${PREFIX}/saved-searches`, status: 403, message: employerOnly },
      { caller: 'admin', method: 'GET', route: `${PREFIX}/saved-searches`, status: 403, message: employerOnly },
      { caller: 'employerB', method: 'GET', route: `${PREFIX}/saved-searches`, status: 200 },
      { caller: 'anonymous', method: 'POST', route: `${PREFIX}/saved-searches`, body: saveBody, status: 401 },
      { caller: 'candidate', method: 'POST', route: `${PREFIX}/saved-searches`, body: saveBody, status: 403, message: employerOnly },
      { caller: 'admin', method: 'POST', route: `${PREFIX}/saved-searches`, body: saveBody, status: 403, message: employerOnly },
      { caller: 'employerB', method: 'POST', route: `${PREFIX}/saved-searches`, body: saveBody, status: 201 },
      { caller: 'anonymous', method: 'DELETE', route: `${PREFIX}/saved-searches/:searchId`, status: 401 },
      { caller: 'candidate', method: 'DELETE', route: `${PREFIX}/saved-searches/:searchId`, status: 403, message: employerOnly },
      { caller: 'admin', method: 'DELETE', route: `${PREFIX}/saved-searches/:searchId`, status: 403, message: employerOnly },
      { caller: 'employerB', method: 'DELETE', route: `${PREFIX}/saved-searches/:searchId`, status: 404, message: text.savedSearchNotFound },
      { caller: 'employerA', method: 'DELETE', route: `${PREFIX}/saved-searches/:searchId`, status: 404, message: text.savedSearchNotFound },
      { caller: 'teammateA', method: 'DELETE', route: `${PREFIX}/saved-searches/:searchId`, status: 204 },
    ];

    beforeAll(async () => {
      const response = await call('teammateA', 'POST', `${PREFIX}/saved-searches`, { name: 'Teammate’s own', filters: {} });
      teammateSearchId = response.json<SavedSearch>().id;
    });

    it.each(rows.map((row) => [`${row.caller} ${row.method} ${row.route} → ${row.status}`, row] as const))('%s', async (_name, row) => {
      const response = await call(row.caller, row.method, url(row.route), row.body?.());
      expect(response.statusCode, response.body).toBe(row.status);
      if (row.message) expect(response.json<{ message: string }>().message).toBe(row.message);
    });

    it('every route under the prefix has rows, with its denials', () => {
      const declared = t.app.declaredRoutes.filter((route) => route.url.startsWith(PREFIX)).map((route) => `${route.method} ${route.url}`);
      expect(declared.length).toBe(6);
      for (const route of declared) {
        const covered = rows.filter((row) => `${row.method} ${row.route}` === route);
        expect(covered.map((row) => row.caller), route).toEqual(expect.arrayContaining(['anonymous']));
        expect(covered.filter((row) => row.status === 403 || row.status === 404).length, route).toBeGreaterThan(0);
        expect(covered.some((row) => row.status < 300), route).toBe(true);
      }
      for (const row of rows) expect(declared, `${row.method} ${row.route}`).toContain(`${row.method} ${row.route}`);
    });
  });
});
