import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { CompanyCandidateSearch } from '../../shared/schemas/company-candidate-search.ts';
import type { SavedInterview } from '../../shared/schemas/interviews.ts';
import { utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

/**
 * Find a candidate (issue 36 §2): the company's candidates by name (words in any order, each a
 * prefix), email (prefix, any case), phone (any format) or candidate ID (exact), with their
 * applications; nothing of another company; an interviewer only their interviews' candidates;
 * the terms kept by the database through renames, new applications and deleted jobs.
 */
const text = messages.companyCandidateSearch;
const DAY = 24 * 60 * 60 * 1000;
let ipCounter = 0;
const nextIp = () => `10.93.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

describe.skipIf(laneUnavailable)('finding a company candidate', () => {
  let t: TestApp;
  const jars = {} as Record<'owner' | 'recruiter' | 'interviewer' | 'otherCompany' | 'candidate' | 'admin', CookieJar>;
  const people = {} as Record<'priya' | 'priyanka' | 'rahul' | 'anand' | 'otherPriya' | 'onlyOther', { id: string; email: string; password: string; code: string }>;
  let jobData: string;
  let jobSales: string;
  let jobOther: string;
  let priyaDataApplication: string;

  const search = (who: keyof typeof jars | null, q: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url: q === undefined ? '/api/pipeline/candidates/search' : `/api/pipeline/candidates/search?q=${encodeURIComponent(q)}`,
      headers: who ? { cookie: jars[who].header } : {},
      remoteAddress: nextIp(),
    });
  const found = async (who: keyof typeof jars, q: string) => {
    const response = await search(who, q);
    expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    return response.json<CompanyCandidateSearch>();
  };
  const names = async (who: keyof typeof jars, q: string) => (await found(who, q)).results.map((result) => result.name).sort();
  const ids = async (who: keyof typeof jars, q: string) => (await found(who, q)).results.map((result) => result.candidate_id).sort();

  async function person(key: keyof typeof people, fullName: string, email: string, phone: string) {
    const user = await t.factories.user({ role: 'candidate', fullName, email });
    const { candidate_code } = await t.factories.candidateProfile(user.id, { phone });
    people[key] = { id: user.id, email: user.email, password: user.password, code: candidate_code };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company({ name: 'Kaveri Search Pvt Ltd' });
    const other = await t.factories.company({ name: 'Tapti Search Pvt Ltd' });
    const roles = [
      ['owner', company.id, 'owner'],
      ['recruiter', company.id, 'recruiter'],
      ['interviewer', company.id, 'interviewer'],
      ['otherCompany', other.id, 'owner'],
    ] as const;
    const userIds: Record<string, string> = {};
    for (const [key, companyId, companyRole] of roles) {
      const user = await t.factories.user({ role: 'employer', companyId, companyRole });
      userIds[key] = user.id;
      jars[key] = await signIn(t.app, user.email, user.password, nextIp());
    }
    const admin = await t.factories.user({ role: 'admin' });
    jars.admin = await signIn(t.app, admin.email, admin.password, nextIp());

    const expiresAt = new Date(Date.now() + 30 * DAY);
    jobData = (await t.factories.job(company.id, { title: 'Data Engineer', expiresAt })).id;
    jobSales = (await t.factories.job(company.id, { title: 'Inside Sales Executive', expiresAt })).id;
    jobOther = (await t.factories.job(other.id, { title: 'Tapti Accountant', expiresAt })).id;

    await person('priya', 'Priya Sharma', 'Priya.Sharma@Example-Mail.in', '+919876543210');
    await person('priyanka', 'Priyanka Shah', 'priyanka.shah@example-mail.in', '+918765432109');
    await person('rahul', 'Rahul Verma', 'rahul.verma@example-mail.in', '+917654321098');
    await person('anand', "Anand D'Souza", 'anand.dsouza@example-mail.in', '+447911123456');
    await person('otherPriya', 'Priya Sharma', 'priya.s.other@example-mail.in', '+919123456780');
    await person('onlyOther', 'Zubin Mistry', 'zubin.mistry@example-mail.in', '+916543210987');
    jars.candidate = await signIn(t.app, people.rahul.email, people.rahul.password, nextIp());

    // Priya applies through the API; the others are written as the factories write them.
    const priyaJar = await signIn(t.app, people.priya.email, people.priya.password, nextIp());
    const applied = await t.app.inject({ method: 'POST', url: `/api/jobs/${jobData}/applications`, headers: { cookie: priyaJar.header }, payload: {}, remoteAddress: nextIp() });
    expect(applied.statusCode, applied.body).toBe(201);
    priyaDataApplication = applied.json<{ id: string }>().id;
    await t.factories.application(jobSales, people.priya.id);
    await t.factories.application(jobSales, people.priyanka.id);
    await t.factories.application(jobData, people.rahul.id);
    const anandApplication = (await t.factories.application(jobSales, people.anand.id)).id;
    await t.factories.application(jobOther, people.otherPriya.id);
    await t.factories.application(jobOther, people.onlyOther.id);
    // Rahul applied to the other company too: it finds him there, this company finds him here.
    await t.factories.application(jobOther, people.rahul.id);

    // The interviewer is on Anand's interview only.
    const startsAt = `${utcToIstLocal(new Date(Date.now() + 3 * DAY)).slice(0, 10)}T11:00`;
    const interview = await t.app.inject({
      method: 'POST',
      url: '/api/interviews',
      headers: { cookie: jars.owner.header },
      payload: { application_id: anandApplication, starts_at_ist: startsAt, duration_minutes: 45, mode: 'video', location: 'https://meet.example.com/kaveri', interviewer_ids: [userIds.interviewer] },
      remoteAddress: nextIp(),
    });
    expect(interview.statusCode, interview.body).toBe(201);
    expect(interview.json<SavedInterview>().id).toBeTruthy();
  });
  afterAll(async () => t?.close());

  it('finds a name by the start of its words, in any order and any case', async () => {
    expect(await names('owner', 'pri sha')).toEqual(['Priya Sharma', 'Priyanka Shah']);
    expect(await names('owner', 'SHA PRI')).toEqual(['Priya Sharma', 'Priyanka Shah']);
    expect(await names('owner', 'sharma priya')).toEqual(['Priya Sharma']);
    expect(await names('owner', 'priya')).toEqual(['Priya Sharma', 'Priyanka Shah']);
    expect(await names('owner', 'priyan')).toEqual(['Priyanka Shah']);
    expect(await names('owner', "d'souza")).toEqual(["Anand D'Souza"]);
    expect(await names('owner', 'souza')).toEqual(["Anand D'Souza"]);
    // Within words is not the start of one.
    expect(await names('owner', 'arma')).toEqual([]);
    expect(await names('owner', 'pri zzz')).toEqual([]);
    expect((await found('owner', 'pri sha')).kind).toBe('name');
    // A word the longest one begins with is met by it; a single letter with another word is a pair.
    expect(await names('owner', 'priya pri')).toEqual(['Priya Sharma', 'Priyanka Shah']);
    expect(await names('owner', 's priy')).toEqual(['Priya Sharma', 'Priyanka Shah']);
    expect(await names('owner', 'sharma p')).toEqual(['Priya Sharma']);
    expect(await names('owner', 'd souza anand')).toEqual(["Anand D'Souza"]);
    expect(await names('owner', 'r shah')).toEqual([]);
  });

  it('finds a long name by any of its words, past the sixth too', async () => {
    const company = await t.factories.company({ name: 'Godavari Names Pvt Ltd' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id });
    const jar = await signIn(t.app, owner.email, owner.password, nextIp());
    const job = (await t.factories.job(company.id, { title: 'Field Officer', expiresAt: new Date(Date.now() + 30 * DAY) })).id;
    const named = async (fullName: string) => {
      const user = await t.factories.user({ role: 'candidate', fullName });
      await t.factories.application(job, user.id);
      return user.id;
    };
    const long = await named('Venkata Sai Naga Lakshmi Prasanna Kumari Bhagavatula');
    const short = await named('Naga Kumari');
    const find = async (q: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/pipeline/candidates/search?q=${encodeURIComponent(q)}`, headers: { cookie: jar.header }, remoteAddress: nextIp() });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CompanyCandidateSearch>().results.map((one) => one.candidate_id).sort();
    };
    expect(await find('bhagavatula venk')).toEqual([long]);
    expect(await find('kum bhag')).toEqual([long]);
    expect(await find('naga kumari')).toEqual([long, short].sort());
    expect(await find('venkata sai naga lakshmi prasanna kumari bhagavatula')).toEqual([long]);
    expect(await find('bhagavatula naga zz')).toEqual([]);
    expect(await find('kumar kumari')).toEqual([long, short].sort());
  });

  it('finds exactly the names whose words each query word begins (against a plain reading, fuzzed)', async () => {
    const company = await t.factories.company({ name: 'Krishna Oracle Pvt Ltd' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id });
    const jar = await signIn(t.app, owner.email, owner.password, nextIp());
    const job = (await t.factories.job(company.id, { title: 'Store Manager', expiresAt: new Date(Date.now() + 30 * DAY) })).id;
    // Words sharing their starts, so prefixes meet several; none begins with 'x' (the emails' start).
    const vocabulary = ['a', 'ab', 'abhishek', 'abha', 'pri', 'priya', 'priyanka', 'pritam', 'sha', 'shah', 'sharma', 'shankar', 'kumar', 'kumari', 'kulkarni', 'rao', 'rahul', 'ravi', 'ravindra', 'n', 'naga', 'nair'];
    const nameOf = (indexes: number[]) => indexes.map((index) => vocabulary[index]!).join(' ');
    const people = fc.sample(fc.array(fc.nat(vocabulary.length - 1), { minLength: 1, maxLength: 8 }), { numRuns: 40, seed: 36 }).map(nameOf);
    const wordsOf = new Map<string, string[]>();
    for (const [index, fullName] of people.entries()) {
      const user = await t.factories.user({ role: 'candidate', fullName, email: `x${index}.oracle.${Date.now()}@example.in` });
      await t.factories.application(job, user.id);
      wordsOf.set(user.id, fullName.split(' '));
    }
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(vocabulary.length - 1), fc.nat(8)), { minLength: 1, maxLength: 3 }), async (picks) => {
        const typed = picks.map(([index, length]) => vocabulary[index]!.slice(0, Math.max(1, length)));
        const q = typed.join(' ');
        const expected = [...wordsOf].filter(([, words]) => typed.every((prefix) => words.some((word) => word.startsWith(prefix)))).map(([id]) => id).sort();
        const response = await t.app.inject({ method: 'GET', url: `/api/pipeline/candidates/search?q=${encodeURIComponent(q)}`, headers: { cookie: jar.header }, remoteAddress: nextIp() });
        expect(response.statusCode, response.body).toBe(200);
        const answer = response.json<CompanyCandidateSearch>();
        const got = answer.results.map((one) => one.candidate_id).sort();
        // Nobody who does not match; everybody unless it says there are more (a range read stops
        // after 21 entries, and a person with two words of one prefix has two of them).
        expect(expected, q).toEqual(expect.arrayContaining(got));
        if (!answer.has_more) expect(got, q).toEqual(expected);
        else expect(got.length, q).toBeGreaterThan(expected.length > 20 ? 10 : 0);
        if (expected.length > 20) expect(answer.has_more, q).toBe(true);
      }),
      { numRuns: 150, seed: 3671 },
    );
  });

  it('answers each candidate once, with their applications to the company: job title and stage, newest first', async () => {
    const result = await found('owner', 'Priya Sharma');
    expect(result.results).toHaveLength(1);
    const [priya] = result.results;
    expect(priya).toMatchObject({ candidate_id: people.priya.id, candidate_code: people.priya.code, name: 'Priya Sharma', email: people.priya.email });
    expect(priya!.applications.map((application) => [application.job_title, application.stage])).toEqual([
      ['Inside Sales Executive', 'received'],
      ['Data Engineer', 'received'],
    ]);
    expect(priya!.applications[1]!.id).toBe(priyaDataApplication);
    expect(result.has_more).toBe(false);
  });

  it('finds an email by its start, whatever its case', async () => {
    expect(await names('owner', 'PRIYA.SHARMA@example-mail.in')).toEqual(['Priya Sharma']);
    expect(await names('owner', 'rahul.ver')).toEqual(['Rahul Verma']);
    expect(await names('owner', 'rahul.verma@EXAM')).toEqual(['Rahul Verma']);
    expect((await found('owner', 'rahul.verma@EXAM')).kind).toBe('email');
    expect(await names('owner', '@example-mail.in')).toEqual([]);
  });

  it('finds a phone number however it is written', async () => {
    for (const q of ['+91 98765 43210', '9876543210', '98765-43210', '098765 43210', '919876543210', '(+91) 98765 43210', '0091 9876543210', '+919876543210', '98765']) {
      expect(await ids('owner', q), q).toEqual([people.priya.id]);
    }
    expect((await found('owner', '98765 43210')).kind).toBe('phone');
    // A number abroad is kept with its country code.
    expect(await ids('owner', '+44 7911 123456')).toEqual([people.anand.id]);
    expect(await ids('owner', '0044 7911 123456')).toEqual([people.anand.id]);
    expect(await ids('owner', '99999 99999')).toEqual([]);
  });

  it('finds a candidate ID exactly, with or without its dash, in any case', async () => {
    const code = people.rahul.code;
    for (const q of [code, code.toLowerCase(), code.replace('-', ''), ` ${code} `]) {
      const result = await found('owner', q);
      expect(result.kind, q).toBe('candidate_code');
      expect(result.results.map((one) => one.candidate_id)).toEqual([people.rahul.id]);
    }
    expect(await ids('owner', `${code.slice(0, -1)}`)).toEqual([]);
  });

  it("never shows another company's candidates, by any kind of search", async () => {
    const outsider = people.onlyOther;
    for (const q of ['zubin', 'mistry zub', outsider.email, '+91 65432 10987', outsider.code]) expect(await ids('owner', q), q).toEqual([]);
    // The other company's Priya Sharma is theirs alone, and this company's is not theirs.
    expect(await ids('owner', 'priya sharma')).toEqual([people.priya.id]);
    expect(await ids('otherCompany', 'priya sharma')).toEqual([people.otherPriya.id]);
    expect(await ids('otherCompany', people.priya.code)).toEqual([]);
    expect(await ids('otherCompany', '9876543210')).toEqual([]);
    // Rahul applied to both: each company sees only its own application of his.
    const theirs = await found('otherCompany', 'rahul');
    expect(theirs.results.map((one) => one.applications.map((application) => application.job_title))).toEqual([['Tapti Accountant']]);
    const ours = await found('owner', 'rahul');
    expect(ours.results.map((one) => one.applications.map((application) => application.job_title))).toEqual([['Data Engineer']]);
  });

  it("shows an interviewer only their interviews' candidates and applications; a recruiter the whole company", async () => {
    expect(await ids('interviewer', 'pri')).toEqual([]);
    expect(await ids('interviewer', 'anand')).toEqual([people.anand.id]);
    expect(await ids('interviewer', people.priya.code)).toEqual([]);
    expect(await ids('interviewer', '9876543210')).toEqual([]);
    expect(await names('recruiter', 'pri sha')).toEqual(['Priya Sharma', 'Priyanka Shah']);
  });

  it('refuses the signed-out (401), candidates and platform admins (403)', async () => {
    expect((await search(null, 'priya')).statusCode).toBe(401);
    const candidate = await search('candidate', 'priya');
    expect(candidate.statusCode).toBe(403);
    expect(candidate.body).not.toContain('Priya');
    const admin = await search('admin', 'priya');
    expect(admin.statusCode).toBe(403);
  });

  it('answers 400 naming the problem to an empty, missing, blank, too long or wordless query', async () => {
    for (const q of [undefined, '', '   ', '!!!', '-- ;']) {
      const response = await search('owner', q);
      expect(response.statusCode, String(q)).toBe(400);
      expect(response.json<{ message: string }>().message, String(q)).toContain(text.queryRequired);
    }
    const long = await search('owner', 'a'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain(text.queryTooLong.replace('{max}', '100'));
    expect((await search('owner', 'a'.repeat(100))).statusCode).toBe(200);
    const twice = await t.app.inject({ method: 'GET', url: '/api/pipeline/candidates/search?q=a&q=b', headers: { cookie: jars.owner.header }, remoteAddress: nextIp() });
    expect(twice.statusCode).toBe(400);
    const extra = await t.app.inject({ method: 'GET', url: '/api/pipeline/candidates/search?q=a&company_id=x', headers: { cookie: jars.owner.header }, remoteAddress: nextIp() });
    expect(extra.statusCode).toBe(400);
  });

  it('never answers 5xx to any query text (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.stringMatching(/^[+0-9 ()@.%_\\-]{0,30}$/)), async (q) => {
        const response = await search('owner', q);
        expect(response.statusCode, JSON.stringify(q)).toBeLessThan(500);
        if (response.statusCode === 200) expect(response.json<CompanyCandidateSearch>().results.every((one) => one.applications.length > 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('caps the answer at 20 candidates and says there are more', async () => {
    const company = await t.factories.company({ name: 'Narmada Many Pvt Ltd' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id });
    const jar = await signIn(t.app, owner.email, owner.password, nextIp());
    const job = (await t.factories.job(company.id, { title: 'Delivery Associate', expiresAt: new Date(Date.now() + 30 * DAY) })).id;
    for (let i = 0; i < 23; i += 1) {
      const user = await t.factories.user({ role: 'candidate', fullName: `Kumar Applicant${String(i).padStart(2, '0')}` });
      await t.factories.application(job, user.id);
    }
    const response = await t.app.inject({ method: 'GET', url: '/api/pipeline/candidates/search?q=kumar', headers: { cookie: jar.header }, remoteAddress: nextIp() });
    const result = response.json<CompanyCandidateSearch>();
    expect(result.results).toHaveLength(20);
    expect(result.has_more).toBe(true);
    // In the order of the matched word, then of the candidate: the same answer each time.
    const again = await t.app.inject({ method: 'GET', url: '/api/pipeline/candidates/search?q=kumar', headers: { cookie: jar.header }, remoteAddress: nextIp() });
    expect(again.json<CompanyCandidateSearch>().results.map((one) => one.candidate_id)).toEqual(result.results.map((one) => one.candidate_id));
  });

  it('keeps up with a rename, a new phone, a new application and a deleted job', async () => {
    const renamed = await t.app.inject({ method: 'PATCH', url: '/api/account/name', headers: { cookie: jars.candidate.header }, payload: { full_name: 'Rahul Varma Iyer' }, remoteAddress: nextIp() });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await ids('owner', 'iyer rah')).toEqual([people.rahul.id]);
    expect(await ids('owner', 'verma')).toEqual([]);
    expect(await ids('otherCompany', 'iyer')).toEqual([people.rahul.id]);

    await t.database.db.updateTable('user_profiles').set({ phone: '+919000011111' }).where('id', '=', people.rahul.id).execute();
    expect(await ids('owner', '90000 11111')).toEqual([people.rahul.id]);
    expect(await ids('owner', '7654321098')).toEqual([]);

    // Zubin applies here too: now this company finds him.
    await t.factories.application(jobSales, people.onlyOther.id);
    expect(await ids('owner', 'zubin')).toEqual([people.onlyOther.id]);

    // The sales job deleted: Priyanka (only there) is gone, Priya still has her Data Engineer application.
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${jobSales}`, headers: { cookie: jars.owner.header }, remoteAddress: nextIp() });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await names('owner', 'pri sha')).toEqual(['Priya Sharma']);
    expect((await found('owner', 'priya sharma')).results[0]!.applications.map((application) => application.job_title)).toEqual(['Data Engineer']);
  });

  it('keeps the terms equal to what the applicant rows and profiles give (as a rebuild would)', async () => {
    const { db } = t.database;
    const kept = await db.selectFrom('company_candidate_terms').select(['company_id', 'term', 'candidate_id', 'name_key']).orderBy('company_id').orderBy('term').orderBy('candidate_id').execute();
    const { rows: expected } = await sql<{ company_id: string; term: string; candidate_id: string; name_key: string | null }>`
      SELECT cc.company_id, t.term, cc.candidate_id, t.name_key FROM company_candidates cc JOIN user_profiles up ON up.id = cc.candidate_id
      CROSS JOIN LATERAL workcred_candidate_search_terms(up.full_name, up.email, up.phone) AS t
      ORDER BY cc.company_id, t.term COLLATE "C", cc.candidate_id`.execute(db);
    expect(kept.length).toBeGreaterThan(20);
    expect(kept).toEqual(expected);
  });
});
