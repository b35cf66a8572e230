import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { experienceLetter, salarySlip, textPdf } from '../../server/dev/demo-pdfs.ts';
import { createDevelopmentEpfoProvider, developmentUanFor } from '../../server/features/verification/sources/epfo/development.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

type Person = { id: string; jar: CookieJar; uan: string };

/**
 * Issue 34 §2: "every employer the candidate claims (current employer, the employers on their
 * experience letters and salary slips…)" is compared with the EPFO history. A document's check
 * reads the employment it states (its employer, a letter's dates, a slip's month) and the EPFO
 * lookup compares it as it compares the profile's. The development provider's "confirmed" history:
 * Tata Consultancy Services 11 Jul 2016 – 29 Mar 2019, then Infosys since 15 Apr 2019.
 */
describe.skipIf(laneUnavailable)(`employments on documents compared with EPFO (${testDbKind})`, { timeout: 60_000 }, () => {
  let t: TestApp;
  const now = new Date('2026-11-27T06:00:00Z');
  let ip = 0;
  let uans = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now, uanProvider: createDevelopmentEpfoProvider({ nodeEnv: 'test', now: () => now }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function candidate(fullName: string): Promise<Person> {
    const user = await t.factories.user({ role: 'candidate', fullName });
    const uan = developmentUanFor('confirmed', 3500 + ++uans);
    await t.factories.candidateProfile(user.id, { uan, current_employer: 'Infosys Ltd', current_pay_lakh: 12 });
    return { id: user.id, uan, jar: await signIn(t.app, user.email, user.password, `10.34.5.${++ip}`) };
  }
  const call = (who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Buffer | object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.jar.header, ...(Buffer.isBuffer(payload) ? { 'content-type': 'application/pdf' } : {}) },
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: `10.34.6.${++ip % 250}`,
    });
  const checks = async (who: Person) => (await call(who, 'GET', '/api/verification/checks')).json<CandidateCheck[]>();
  /** Uploads the document and consents to its check, which reads it (a text PDF: at once). */
  async function read(who: Person, type: 'experience_letter' | 'salary_slip', pdf: Buffer) {
    expect((await call(who, 'PUT', `/api/candidate/documents/${type}`, pdf)).statusCode).toBe(201);
    expect((await call(who, 'POST', `/api/verification/checks/${type}/consent`, {})).statusCode).toBe(200);
    await waitFor(async () => ((await checks(who)).find((check) => check.subject === type)?.status !== 'pending' ? true : undefined), { what: `the ${type} read` });
  }
  async function verifyWithEpfo(who: Person) {
    expect((await call(who, 'POST', '/api/verification/checks/uan/consent', {})).statusCode).toBe(200);
    return waitFor(
      async () => {
        const check = (await checks(who)).find((one) => one.subject === 'uan');
        return check?.epfo?.state === 'decided' && check.status !== 'pending' ? check : undefined;
      },
      { what: 'the EPFO lookup decided' },
    );
  }
  const letter = (name: string, employer: string, from: string, to: string) =>
    textPdf([employer, 'Date: 2 April 2019', 'EXPERIENCE CERTIFICATE', `This is to certify that ${name} worked with ${employer}`, `from ${from} to ${to} as Systems Engineer.`]);

  it('confirms the employer of an experience letter and of a salary slip with the dates they state, and keeps the claim on the document', async () => {
    const priya = await candidate('Priya Sharma');
    await read(priya, 'experience_letter', await letter('Priya Sharma', 'Tata Consultancy Services Ltd', '11 July 2016', '29 March 2019'));
    await read(priya, 'salary_slip', await salarySlip({ name: 'Priya Sharma', uan: priya.uan, employer: 'Infosys Limited', netPay: '83,500.00' }));
    const stored = await t.database.db.selectFrom('candidate_documents').select(['document_type', 'employment_claim']).where('candidate_id', '=', priya.id).orderBy('document_type').execute();
    expect(stored).toEqual([
      { document_type: 'experience_letter', employment_claim: { employer: 'Tata Consultancy Services Ltd', from: '2016-07-11', to: '2019-03-29' } },
      { document_type: 'salary_slip', employment_claim: { employer: 'INFOSYS LIMITED', from: null, to: null, month: '2026-03' } },
    ]);

    const check = await verifyWithEpfo(priya);
    const findings = check.epfo?.findings;
    expect(findings).toMatchObject({ decision: 'verified', unconfirmed_claims: [], flags: [] });
    expect(findings?.employers.map((employer) => [employer.establishment, employer.confirms])).toEqual([
      ['TATA CONSULTANCY SERVICES LIMITED', [{ employer: 'Tata Consultancy Services Ltd', source: 'experience_letter' }]],
      [
        'INFOSYS LIMITED',
        [
          { employer: 'Infosys Ltd', source: 'current_employer' },
          { employer: 'INFOSYS LIMITED', source: 'salary_slip' },
        ],
      ],
    ]);
  });

  it('flags an experience letter from an employer EPFO does not show, with the letter named as the source', async () => {
    const neha = await candidate('Priya Sharma');
    await read(neha, 'experience_letter', await letter('Priya Sharma', 'Mindtree Limited', '1 August 2016', '31 March 2019'));
    const check = await verifyWithEpfo(neha);
    expect(check.status).toBe('in_review');
    expect(check.epfo?.findings?.unconfirmed_claims).toEqual([{ employer: 'Mindtree Limited', source: 'experience_letter' }]);
    expect(check.epfo?.findings?.flags).toContainEqual(
      expect.objectContaining({ code: 'claimed_employer_not_in_epfo', evidence: expect.objectContaining({ claimedEmployer: 'Mindtree Limited', source: 'experience_letter', from: '2016-08-01', to: '2019-03-31' }) }),
    );
  });

  it('flags a salary slip for a month after EPFO shows the person left that employer', async () => {
    const ravi = await candidate('Priya Sharma');
    await read(ravi, 'salary_slip', await salarySlip({ name: 'Priya Sharma', uan: ravi.uan, employer: 'Tata Consultancy Services Limited', netPay: '61,000.00' }));
    const check = await verifyWithEpfo(ravi);
    expect(check.status).toBe('in_review');
    expect(check.epfo?.findings?.flags).toContainEqual(
      expect.objectContaining({
        code: 'dates_differ',
        detail: 'Employed at "TATA CONSULTANCY SERVICES LIMITED" in 2026-03 (the salary slip): EPFO shows exit on 2019-03-29',
        evidence: expect.objectContaining({ source: 'salary_slip', field: 'exit', claimed: '2026-03', epfo: '2019-03-29' }),
      }),
    );
  });

  it('compares the WorkCred employments with a source too, leaving out an unconfirmed one and a joining still ahead', async () => {
    const kiran = await candidate('Priya Sharma');
    const db = t.database.db;
    const tcs = await t.factories.company({ name: 'Tata Consultancy Services Limited' });
    const ahead = await t.factories.company({ name: 'Freshworks Technologies Pvt Ltd' });
    const unconfirmed = await t.factories.company({ name: 'Zensar Technologies Limited' });
    await db
      .insertInto('employments')
      .values([
        { company_id: tcs.id, employee_id: kiran.id, title: 'Systems Engineer', joining_date: '2016-07-11', last_working_day: '2019-03-29', status: 'relieved', confirmation: 'confirmed', confirmed_by: 'hire', confirmed_at: now },
        { company_id: ahead.id, employee_id: kiran.id, title: 'Lead Engineer', joining_date: '2027-01-04', confirmation: 'confirmed', confirmed_by: 'hire', confirmed_at: now },
        { company_id: unconfirmed.id, employee_id: kiran.id, title: 'Engineer', joining_date: '2015-01-05', confirmation: 'unconfirmed' },
      ])
      .execute();
    const check = await verifyWithEpfo(kiran);
    expect(check.epfo?.findings).toMatchObject({ decision: 'verified', unconfirmed_claims: [] });
    expect(check.epfo?.findings?.employers[0]?.confirms).toEqual([{ employer: 'Tata Consultancy Services Limited', source: 'workcred_record' }]);
  });

  it('states no claim for a document that names no employer, a new upload leaves the old claim behind, and a withdrawn consent takes it away', async () => {
    const asha = await candidate('Priya Sharma');
    await read(asha, 'experience_letter', await experienceLetter({ name: 'Priya Sharma', employer: 'Infosys Limited' }));
    const claimOf = async () => (await t.database.db.selectFrom('candidate_documents').select('employment_claim').where('candidate_id', '=', asha.id).where('document_type', '=', 'experience_letter').executeTakeFirstOrThrow()).employment_claim;
    expect(await claimOf()).toEqual({ employer: 'Infosys Limited', from: '2021-06-01', to: null, month: '2026-03' });
    await read(asha, 'experience_letter', await textPdf(['To whom it may concern', 'She was a pleasure to work with.']));
    expect(await claimOf()).toBeNull();
    // Consent withdrawn: what the letter stated is no longer compared with EPFO.
    await read(asha, 'experience_letter', await experienceLetter({ name: 'Priya Sharma', employer: 'Infosys Limited' }));
    expect(await claimOf()).toMatchObject({ employer: 'Infosys Limited' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/verification/checks/experience_letter/consent', headers: { cookie: asha.jar.header }, remoteAddress: '10.34.7.1' })).statusCode).toBe(200);
    expect(await claimOf()).toBeNull();
  });
});
