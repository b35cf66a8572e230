import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { candidateInvitationsMessages as text } from '../../shared/messages/candidate-invitations.ts';
import { csvImportMessages as csvText } from '../../shared/messages/csv-import.ts';
import type { CandidateInvitation, InvitationAnswerResult, InvitationForCandidate } from '../../shared/schemas/candidate-invitations.ts';
import { purgeLapsedInvitations } from '../../server/features/candidate-invitations/answer-invitation.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

const DAY = 86_400_000;
type Who = 'owner' | 'recruiter' | 'interviewer' | 'otherOwner' | 'candidate' | 'anonymous';

/**
 * Issue 36 §2, adding a candidate by hand or from a CSV file (ADR 0030): the company records what
 * it was told, the person is emailed to confirm or decline, and only a confirmation makes the
 * application. The company is never told whether the address already had a WorkCred account.
 */
describe.skipIf(laneUnavailable)('Candidates added by hand or from a file', () => {
  let t: TestApp;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let ip = 0;
  const users = {} as Record<Exclude<Who, 'anonymous'>, { id: string; jar: CookieJar; email: string }>;
  let jobId: string;
  let otherJobId: string;

  const db = () => t.database.db;
  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'anonymous' ? {} : { cookie: users[who].jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: `10.87.${Math.floor(++ip / 250)}.${ip % 250}` });
  const expectRefused = (response: LightMyRequestResponse, status: number, message: string, code?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toContain(message);
    if (code) expect(response.json<{ code: string }>().code).toBe(code);
  };
  const invite = (body: object, who: Who = 'recruiter', job = jobId) => call(who, 'POST', `/api/pipeline/jobs/${job}/invitations`, body);
  /** The link's token, read from the person's email as they would. */
  async function tokenFor(email: string) {
    const mail = await db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', email).where('subject', 'like', '%added you as a candidate%').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const token = /\/confirm-application#([A-Za-z0-9_-]{43})/.exec(mail.body_text)?.[1];
    expect(token, mail.body_text).toBeDefined();
    return { token: token!, mail };
  }
  const lookup = (token: string) => call('anonymous', 'POST', '/api/candidate-invitations/lookup', { token });
  const answer = (token: string, reply: 'confirm' | 'decline') => call('anonymous', 'POST', '/api/candidate-invitations/answer', { token, answer: reply });
  const pending = async () => (await call('recruiter', 'GET', `/api/pipeline/jobs/${jobId}/invitations`)).json<{ invitations: CandidateInvitation[] }>().invitations;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: now });
    const company = await t.factories.company({ name: 'Godavari Foods Pvt Ltd' });
    const other = await t.factories.company({ name: 'Narmada Cables Ltd' });
    const person = async (key: Exclude<Who, 'anonymous'>, overrides: Parameters<TestApp['factories']['user']>[0]) => {
      const user = await t.factories.user(overrides);
      users[key] = { id: user.id, email: user.email, jar: await signIn(t.app, user.email, user.password, `10.88.0.${++ip}`) };
    };
    await person('owner', { role: 'employer', companyId: company.id, companyRole: 'owner', fullName: 'Meera Pillai' });
    await person('recruiter', { role: 'employer', companyId: company.id, companyRole: 'recruiter', fullName: 'Aditya Kulkarni' });
    await person('interviewer', { role: 'employer', companyId: company.id, companyRole: 'interviewer', fullName: 'Farah Qureshi' });
    await person('otherOwner', { role: 'employer', companyId: other.id, companyRole: 'owner', fullName: 'Gopal Reddy' });
    await person('candidate', { role: 'candidate', fullName: 'Sneha Patil' });
    jobId = (await t.factories.job(company.id, { title: 'Quality Analyst', location: 'Nashik', expiresAt: new Date(Date.now() + 90 * DAY) })).id;
    otherJobId = (await t.factories.job(other.id, { title: 'Cable Jointer', expiresAt: new Date(Date.now() + 90 * DAY) })).id;
  });
  afterAll(async () => t?.close());

  it('adds a walk-in, emails them, and makes the application only when they confirm; a new address gets a candidate account', async () => {
    const response = await invite({ full_name: ' Ramesh Yadav ', email: 'Ramesh.Yadav@Example.in', phone: '98450 12345', source: 'walk_in' });
    expect(response.statusCode, response.body).toBe(201);
    const invitation = response.json<CandidateInvitation>();
    expect(invitation).toMatchObject({ full_name: 'Ramesh Yadav', email: 'ramesh.yadav@example.in', phone: '98450 12345', source: 'walk_in', referrer_name: null, status: 'pending', invited_by: 'Aditya Kulkarni' });
    expect(new Date(invitation.expires_at).getTime() - new Date(invitation.created_at).getTime()).toBe(30 * DAY);
    expect((await pending()).map((row) => row.id)).toEqual([invitation.id]);
    // No application yet: the company's word alone puts no one in the pipeline.
    expect(await db().selectFrom('job_applications').select('id').where('job_id', '=', jobId).execute()).toHaveLength(0);
    // The audit trail keeps no name or address (they are deleted if the person declines).
    const audit = await db().selectFrom('admin_audit_logs').select('details').where('action', '=', 'candidate_invited').where('entity_id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).not.toMatch(/ramesh|yadav|98450/i);

    const { token, mail } = await tokenFor('ramesh.yadav@example.in');
    expect(mail.subject).toBe(fill(text.emailSubject, { company: 'Godavari Foods Pvt Ltd', job: 'Quality Analyst' }));
    expect(mail.body_text).toContain(text.emailHowWalkIn);
    const page = await lookup(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.json<InvitationForCandidate>()).toMatchObject({ company_name: 'Godavari Foods Pvt Ltd', job_title: 'Quality Analyst', job_location: 'Nashik', full_name: 'Ramesh Yadav', email: 'ramesh.yadav@example.in', phone: '98450 12345', source: 'walk_in', status: 'pending' });

    const confirmed = await answer(token, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<InvitationAnswerResult>()).toEqual({ status: 'confirmed', company_name: 'Godavari Foods Pvt Ltd', job_title: 'Quality Analyst', email: 'ramesh.yadav@example.in', resume_kept: false });
    const account = await db().selectFrom('auth_users as a').innerJoin('user_profiles as u', 'u.id', 'a.id').innerJoin('candidate_profiles as c', 'c.user_id', 'a.id').select(['a.id', 'a.emailVerified', 'u.role', 'u.full_name', 'c.candidate_code']).where('a.email', '=', 'ramesh.yadav@example.in').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ emailVerified: true, role: 'candidate', full_name: 'Ramesh Yadav' });
    // No password: they sign in later with an email code, as any candidate.
    expect(await db().selectFrom('auth_accounts').select('id').where('userId', '=', account.id).execute()).toHaveLength(0);
    const application = await db().selectFrom('job_applications').select(['id', 'source', 'status']).where('job_id', '=', jobId).where('candidate_id', '=', account.id).executeTakeFirstOrThrow();
    expect(application).toMatchObject({ source: 'walk_in', status: 'received' });
    const board = await call('recruiter', 'GET', `/api/pipeline/jobs/${jobId}`);
    expect(board.body).toContain('Ramesh Yadav');
    expect(await pending()).toEqual([]);
    // Later they sign in with an email code, as any candidate, and find the application.
    expect((await call('anonymous', 'POST', '/api/candidate/registration/email', { email: 'ramesh.yadav@example.in' })).statusCode).toBe(202);
    const codeMail = await db().selectFrom('outbox_messages').select('body_text').where('recipient', '=', 'ramesh.yadav@example.in').where('body_text', '~', '\\m\\d{6}\\M').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const otp = /\b(\d{6})\b/.exec(codeMail.body_text)![1];
    const signedIn = await call('anonymous', 'POST', '/api/candidate/registration/email/verify', { email: 'ramesh.yadav@example.in', otp });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const jar = new CookieJar().store(signedIn);
    const mine = await t.app.inject({ method: 'GET', url: '/api/candidate/applications', headers: { cookie: jar.header }, remoteAddress: '10.87.250.1' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).toContain('Quality Analyst');
    // Answered once: the link now says so.
    expectRefused(await answer(token, 'confirm'), 409, text.alreadyAnswered, 'INVITATION_ANSWERED');
    expectRefused(await answer(token, 'decline'), 409, text.alreadyAnswered);
  });

  it('answers the company the same whether or not the address has an account, and a referral confirmed goes on the existing account', async () => {
    const existing = await invite({ full_name: 'Sneha Patil', email: users.candidate.email, source: 'referral', referrer_name: 'Meera Pillai' });
    // The form sends an empty phone as null.
    const fresh = await invite({ full_name: 'Imran Sheikh', email: 'imran.sheikh@example.in', phone: null, source: 'referral', referrer_name: 'Meera Pillai' });
    expect(existing.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = (response: LightMyRequestResponse) => Object.keys(response.json<object>()).sort();
    expect(shape(existing)).toEqual(shape(fresh));
    expect(existing.json<CandidateInvitation>().status).toBe(fresh.json<CandidateInvitation>().status);
    const existingMail = await tokenFor(users.candidate.email);
    const freshMail = await tokenFor('imran.sheikh@example.in');
    expect(existingMail.mail.body_text.replace(/Sneha Patil|#[A-Za-z0-9_-]{43}/g, '')).toBe(freshMail.mail.body_text.replace(/Imran Sheikh|#[A-Za-z0-9_-]{43}/g, ''));
    expect(existingMail.mail.body_text).toContain(fill(text.emailHowReferral, { referrer: 'Meera Pillai' }));

    expect((await answer(existingMail.token, 'confirm')).statusCode).toBe(200);
    const application = await db().selectFrom('job_applications').select('source').where('job_id', '=', jobId).where('candidate_id', '=', users.candidate.id).executeTakeFirstOrThrow();
    expect(application.source).toBe('referral');
    // One account per address: none was made for the existing one.
    expect(await db().selectFrom('auth_users').select('id').where('email', '=', users.candidate.email).execute()).toHaveLength(1);
    // Already in the pipeline now: adding again says so.
    expectRefused(await invite({ full_name: 'Sneha Patil', email: users.candidate.email, source: 'added' }), 409, text.alreadyInPipeline, 'ALREADY_IN_PIPELINE');
  });

  it('deletes what was recorded when the person declines, when the company withdraws, and when the link lapses', async () => {
    const declined = (await invite({ full_name: 'Pooja Bhatt', email: 'pooja.bhatt@example.in', source: 'added' })).json<CandidateInvitation>();
    const { token } = await tokenFor('pooja.bhatt@example.in');
    expect((await answer(token, 'decline')).json<InvitationAnswerResult>().status).toBe('declined');
    expect(await db().selectFrom('candidate_invitations').select('id').where('id', '=', declined.id).execute()).toHaveLength(0);
    expect(await db().selectFrom('auth_users').select('id').where('email', '=', 'pooja.bhatt@example.in').execute()).toHaveLength(0);
    expectRefused(await lookup(token), 404, text.linkInvalid);

    const withdrawn = (await invite({ full_name: 'Kiran Desai', email: 'kiran.desai@example.in', source: 'added' })).json<CandidateInvitation>();
    const withdrawnToken = (await tokenFor('kiran.desai@example.in')).token;
    expectRefused(await call('otherOwner', 'POST', `/api/pipeline/invitations/${withdrawn.id}/withdraw`), 404, text.invitationNotFound);
    const withdrawal = await call('recruiter', 'POST', `/api/pipeline/invitations/${withdrawn.id}/withdraw`);
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(withdrawal.json<CandidateInvitation>().status).toBe('withdrawn');
    expectRefused(await lookup(withdrawnToken), 404, text.linkInvalid);
    expectRefused(await answer(withdrawnToken, 'confirm'), 404, text.linkInvalid);
    expect(await db().selectFrom('job_applications as ja').innerJoin('user_profiles as u', 'u.id', 'ja.candidate_id').select('ja.id').where('u.email', '=', 'kiran.desai@example.in').execute()).toHaveLength(0);

    await invite({ full_name: 'Lakshmi Narayan', email: 'lakshmi.n@example.in', source: 'added' });
    const lapsedToken = (await tokenFor('lakshmi.n@example.in')).token;
    offsetMs = 31 * DAY;
    try {
      expectRefused(await lookup(lapsedToken), 404, text.linkInvalid);
      expectRefused(await answer(lapsedToken, 'confirm'), 404, text.linkInvalid);
      expect((await pending()).map((row) => row.email)).not.toContain('lakshmi.n@example.in');
      expect(await purgeLapsedInvitations(db(), now())).toBeGreaterThanOrEqual(1);
      expect(await db().selectFrom('candidate_invitations').select('id').where('email', '=', 'lakshmi.n@example.in').execute()).toHaveLength(0);
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses a repeat, a teammate, a closed job, another company’s job and bad input, naming the problem, with nothing written', async () => {
    const before = await db().selectFrom('candidate_invitations').select('id').execute();
    await invite({ full_name: 'Deepak Joshi', email: 'deepak.joshi@example.in', source: 'added' });
    expectRefused(await invite({ full_name: 'Deepak Joshi', email: 'DEEPAK.JOSHI@example.in', source: 'walk_in' }), 409, text.alreadyInvited, 'ALREADY_INVITED');
    expectRefused(await invite({ full_name: 'Farah Qureshi', email: users.interviewer.email, source: 'added' }), 400, text.ownAddress, 'OWN_ADDRESS');
    expectRefused(await invite({ full_name: 'Anil Kumar', email: 'anil@example.in', source: 'added' }, 'recruiter', otherJobId), 404, text.jobNotFound);
    expectRefused(await invite({ full_name: 'Anil Kumar', email: 'not-an-email', source: 'added' }), 400, text.emailInvalid);
    expectRefused(await invite({ full_name: '', email: 'anil@example.in', source: 'added' }), 400, text.nameRequired);
    expectRefused(await invite({ full_name: 'Anil Kumar', email: 'anil@example.in', source: 'friend' }), 400, text.sourceInvalid);
    expectRefused(await invite({ full_name: 'Anil Kumar', email: 'anil@example.in', source: 'walk_in', referrer_name: 'Meera' }), 400, text.referrerOnlyForReferral);
    expectRefused(await invite({ full_name: 'Anil Kumar', email: 'anil@example.in', phone: '12ab', source: 'added' }), 400, text.phoneInvalid);
    const draft = await t.factories.job((await db().selectFrom('job_postings').select('company_id').where('id', '=', jobId).executeTakeFirstOrThrow()).company_id, { title: 'Draft role' });
    await db().updateTable('job_postings').set({ status: 'draft' }).where('id', '=', draft.id).execute();
    expectRefused(await invite({ full_name: 'Anil Kumar', email: 'anil@example.in', source: 'added' }, 'recruiter', draft.id), 409, text.jobNotOpen, 'JOB_NOT_OPEN');
    const after = await db().selectFrom('candidate_invitations').select('id').execute();
    expect(after.length - before.length).toBe(1);
  });

  it('imports a file all or nothing: the preview names every row’s problems, one bad row refuses the whole file, and a good file emails everyone', async () => {
    await invite({ full_name: 'Already Waiting', email: 'waiting@example.in', source: 'added' });
    const bad = [
      'Name,Email,Phone,Source,Referred by',
      'Rohit Sharma,rohit.sharma@example.in,9876501234,referral,Meera Pillai',
      'Anita Rao,not-an-email,,walk-in,',
      'Rohit S,ROHIT.SHARMA@example.in,,,',
      'Vivek Menon,vivek@example.in,,cousin,',
      'Already Waiting,waiting@example.in,,,',
      ',nobody@example.in,,,',
    ].join('\n');
    const preview = await call('recruiter', 'POST', `/api/pipeline/jobs/${jobId}/invitations/import/preview`, { csv: bad });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json<{ rows: { row: number; errors: string[] }[]; valid: number; invalid: number }>();
    expect(rows).toMatchObject({ valid: 1, invalid: 5 });
    const errorsOf = (row: number) => rows.rows.find((entry) => entry.row === row)?.errors ?? [];
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toContain(text.emailInvalid);
    expect(errorsOf(4)).toContain(fill(csvText.sameAsRow, { what: 'email', row: 2 }));
    expect(errorsOf(5)).toContain(text.sourceInvalid);
    expect(errorsOf(6)).toContain(text.alreadyInvited);
    expect(errorsOf(7)).toContain(fill(csvText.required, { column: 'Name' }));

    const outboxBefore = (await db().selectFrom('outbox_messages').select('id').execute()).length;
    const auditBefore = (await db().selectFrom('admin_audit_logs').select('id').execute()).length;
    const refused = await call('recruiter', 'POST', `/api/pipeline/jobs/${jobId}/invitations/import`, { csv: bad });
    expectRefused(refused, 400, fill(csvText.rowsInvalid, { count: 5, total: 6 }), 'IMPORT_ROWS_INVALID');
    expect(refused.json<{ rows: unknown[] }>().rows).toHaveLength(6);
    expect(await db().selectFrom('candidate_invitations').select('id').where('email', '=', 'rohit.sharma@example.in').execute()).toHaveLength(0);
    expect((await db().selectFrom('outbox_messages').select('id').execute()).length).toBe(outboxBefore);
    expect((await db().selectFrom('admin_audit_logs').select('id').execute()).length).toBe(auditBefore);

    const good = '\uFEFFname,EMAIL,phone,source,referred_by\r\nRohit Sharma,rohit.sharma@example.in,9876501234,Referral,Meera Pillai\r\n"Menon, Vivek",vivek@example.in,,Walk-in,\r\n\r\nNisha Agarwal,nisha@example.in,,,\r\n';
    const imported = await call('recruiter', 'POST', `/api/pipeline/jobs/${jobId}/invitations/import`, { csv: good });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json<{ imported: number }>().imported).toBe(3);
    const added = await db().selectFrom('candidate_invitations').select(['email', 'full_name', 'source', 'referrer_name']).where('email', 'in', ['rohit.sharma@example.in', 'vivek@example.in', 'nisha@example.in']).orderBy('email').execute();
    expect(added).toEqual([
      { email: 'nisha@example.in', full_name: 'Nisha Agarwal', source: 'added', referrer_name: null },
      { email: 'rohit.sharma@example.in', full_name: 'Rohit Sharma', source: 'referral', referrer_name: 'Meera Pillai' },
      { email: 'vivek@example.in', full_name: 'Menon, Vivek', source: 'walk_in', referrer_name: null },
    ]);
    for (const email of ['rohit.sharma@example.in', 'vivek@example.in', 'nisha@example.in']) await tokenFor(email);
  });

  it('refuses a file it cannot use as a whole, naming why', async () => {
    const importFile = (csv: string) => call('recruiter', 'POST', `/api/pipeline/jobs/${jobId}/invitations/import/preview`, { csv });
    expectRefused(await importFile('Name,Phone\nA,9876543210'), 400, fill(csvText.missingColumns, { columns: '“Email”' }), 'CSV_COLUMNS');
    expectRefused(await importFile('Name,Email,Salary\nA,a@example.in,10'), 400, fill(csvText.unknownColumns, { columns: '“Salary”' }), 'CSV_COLUMNS');
    expectRefused(await importFile('Name,Email\n'), 400, csvText.fileEmpty, 'CSV_EMPTY');
    expectRefused(await importFile(''), 400, csvText.fileEmpty, 'CSV_EMPTY');
    expectRefused(await importFile('Name,Email\n"Unclosed,a@example.in'), 400, 'could not be read as CSV', 'CSV_UNREADABLE');
    const many = ['Name,Email', ...Array.from({ length: 501 }, (_, index) => `Person ${index},p${index}@example.in`)].join('\n');
    expectRefused(await importFile(many), 400, fill(csvText.tooManyRows, { count: 501, max: 500 }), 'CSV_TOO_MANY_ROWS');
  });

  it('lets only the pipeline’s workers of the job’s own company add, list, import and withdraw', async () => {
    const routes: [string, string, object?][] = [
      ['GET', `/api/pipeline/jobs/${jobId}/invitations`],
      ['POST', `/api/pipeline/jobs/${jobId}/invitations`, { full_name: 'X Y', email: 'xy@example.in', source: 'added' }],
      ['POST', `/api/pipeline/jobs/${jobId}/invitations/import/preview`, { csv: 'Name,Email\nX Y,xy@example.in' }],
      ['POST', `/api/pipeline/jobs/${jobId}/invitations/import`, { csv: 'Name,Email\nX Y,xy@example.in' }],
      ['POST', '/api/pipeline/invitations/00000000-0000-4000-8000-000000000000/withdraw'],
    ];
    for (const [method, url, body] of routes) {
      expect((await call('anonymous', method as 'GET', url, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call('candidate', method as 'GET', url, body)).statusCode, `${method} ${url} candidate`).toBe(403);
      expect((await call('interviewer', method as 'GET', url, body)).statusCode, `${method} ${url} interviewer`).toBe(403);
    }
    // Another company's owner is told the job does not exist.
    expect((await call('otherOwner', 'GET', `/api/pipeline/jobs/${jobId}/invitations`)).statusCode).toBe(404);
    expect((await call('otherOwner', 'POST', `/api/pipeline/jobs/${jobId}/invitations`, { full_name: 'X Y', email: 'xy@example.in', source: 'added' })).statusCode).toBe(404);
    expect((await call('owner', 'GET', `/api/pipeline/jobs/${jobId}/invitations`)).statusCode).toBe(200);
  });

  it('refuses confirming on a company’s address, and answers any token or body on the public routes without a 5xx', async () => {
    // A company account's address is not a candidate's: confirming says so (only the mailbox owner reads it).
    await invite({ full_name: 'Gopal Reddy', email: users.otherOwner.email, source: 'added' });
    expectRefused(await answer((await tokenFor(users.otherOwner.email)).token, 'confirm'), 409, text.companyAccount, 'NOT_A_CANDIDATE_ACCOUNT');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/candidate-invitations/lookup', '/api/candidate-invitations/answer'), fc.anything(), async (url, body) => {
        const response = await t.app.inject({ method: 'POST', url, payload: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' }, remoteAddress: `10.89.${Math.floor(++ip / 250)}.${ip % 250}` });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
