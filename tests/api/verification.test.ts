import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { CandidateCheck, CheckDetail, QueuePage } from '../../shared/schemas/verification.ts';
import { runCheckSafely, type CheckDeps } from '../../server/features/verification/run-check.ts';
import { giveConsent } from '../../server/features/verification/give-consent.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import { makePdf } from '../support/pdf.ts';
import { readOutbox } from '../support/outbox.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { bankStatement, experienceLetter, resume, salarySlip } from '../../server/dev/demo-pdfs.ts';
import { waitFor } from '../support/wait-for.ts';

const m = messages.verification;
const PRIYA = { name: 'Priya Sharma', uan: '100123456789', employer: 'Acme Technologies Pvt. Ltd.' };

type Person = { id: string; email: string; fullName: string; jar: CookieJar };
type Actor = 'candidate' | 'otherCandidate' | 'limited' | 'employer' | 'admin' | 'anonymous';
type Method = 'GET' | 'POST' | 'DELETE';

describe.skipIf(laneUnavailable)(`verification checks (${testDbKind})`, () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.97.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const people = {} as Record<Exclude<Actor, 'anonymous'>, Person>;
  const db = () => t.database.db;

  async function person(role: 'candidate' | 'employer' | 'admin', fullName: string, companyId: string | null = null): Promise<Person> {
    const user = await t.factories.user({ role, fullName, companyId });
    return { id: user.id, email: user.email, fullName, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const call = (actor: Actor, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actor === 'anonymous' ? {} : { cookie: people[actor].jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const upload = async (actor: Person, type: string, pdf: Buffer) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/candidate/documents/${type}`, headers: { cookie: actor.jar.header, 'content-type': 'application/pdf' }, payload: pdf, remoteAddress: nextIp() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const checks = async (actor: Actor = 'candidate') => {
    const response = await call(actor, 'GET', '/api/verification/checks');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CandidateCheck[]>();
  };
  const consent = async (subject: string, actor: Actor = 'candidate') => {
    const response = await call(actor, 'POST', `/api/verification/checks/${subject}/consent`, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CandidateCheck[]>().find((check) => check.subject === subject) as CandidateCheck;
  };
  const checkRow = (candidateId: string, subject: string) =>
    db()
      .selectFrom('verification_checks')
      .selectAll()
      .where('candidate_id', '=', candidateId)
      .where('subject', '=', subject as 'phone')
      .executeTakeFirst();
  const outcomes = (check: { flags: { rule: string; outcome: string }[] }) => Object.fromEntries(check.flags.map((flag) => [flag.rule, flag.outcome]));
  const deps = (uanProvider: null): CheckDeps => ({ db: db(), storage: createFileStorage(t.config), log: t.app.log, uanProvider });

  beforeAll(async () => {
    // No EPFO provider here: the UAN check's team review is what this file proves (tests/api/epfo-*.test.ts prove the provider).
    t = await createTestApp({ UAN_PROVIDER: 'none' });
    const company = await t.factories.company({ name: 'Verif Hiring Pvt Ltd' });
    people.candidate = await person('candidate', PRIYA.name);
    people.otherCandidate = await person('candidate', 'Rohan Mehta');
    people.employer = await person('employer', 'Esha Employer', company.id);
    people.admin = await person('admin', 'Vikram Verifier');
    await t.factories.candidateProfile(people.candidate.id, { uan: PRIYA.uan, current_employer: PRIYA.employer, current_pay_lakh: 6.24 });
    await t.factories.candidateProfile(people.otherCandidate.id, { uan: null, current_employer: 'Globex Corporation', phone: null });
    // Proven by the registration's SMS code.
    await db().updateTable('user_profiles').set({ phone: '+919812345678', mobile_verified: true }).where('id', '=', people.candidate.id).execute();
    // The employer's candidate applied to their job (they may read the documents, never the checks).
    const job = await t.factories.job(company.id);
    await t.factories.application(job.id, people.candidate.id);
  });
  afterAll(async () => t?.close());

  it('lists one pending check per subject that applies, with its purpose, before any consent', async () => {
    const list = await checks();
    expect(list.map((check) => check.subject)).toEqual(['phone', 'uan']);
    for (const check of list) expect(check).toMatchObject({ id: null, status: 'pending', consent: null, decided_by: null, flags: [], purpose: m.purposes[check.subject] });
    // No UAN entered: only the phone.
    expect((await checks('otherCandidate')).map((check) => check.subject)).toEqual(['phone']);
  });

  it('refuses consent for what does not apply or does not exist, and any body but an empty one', async () => {
    const resumeFirst = await call('candidate', 'POST', '/api/verification/checks/resume/consent', {});
    expect(resumeFirst.statusCode).toBe(409);
    expect(resumeFirst.json()).toMatchObject({ code: 'NOT_APPLICABLE', message: m.notApplicable });
    expect((await call('candidate', 'POST', '/api/verification/checks/passport/consent', {})).statusCode).toBe(400);
    const withPurpose = await call('candidate', 'POST', '/api/verification/checks/phone/consent', { purpose: 'anything I like' });
    expect(withPurpose.statusCode).toBe(400);
    expect(await db().selectFrom('verification_consents').select('id').execute()).toEqual([]);
  });

  it('never runs a check without consent: an uploaded document stays pending with no check row', async () => {
    await upload(people.candidate, 'salary_slip', await salarySlip({ ...PRIYA, netPay: '52,000.00' }));
    const slip = (await checks()).find((check) => check.subject === 'salary_slip');
    expect(slip).toMatchObject({ id: null, status: 'pending', consent: null });
    expect(await checkRow(people.candidate.id, 'salary_slip')).toBeUndefined();
  });

  it('verifies the phone by algorithm once consent is given, storing time, purpose and IP', async () => {
    const before = Date.now();
    const phone = await consent('phone');
    expect(phone).toMatchObject({ status: 'verified', decided_by: 'algorithm', verified_fields: ['phone'], consent: { purpose: m.purposes.phone } });
    const row = await db().selectFrom('verification_consents').selectAll().where('candidate_id', '=', people.candidate.id).where('subject', '=', 'phone').executeTakeFirstOrThrow();
    expect(row.purpose).toBe(m.purposes.phone);
    expect(row.ip_address).toMatch(/^10\.97\./);
    expect(new Date(row.granted_at).getTime()).toBeGreaterThanOrEqual(before - 5000);
    // A second consent (double click) adds nothing.
    await consent('phone');
    expect(await db().selectFrom('verification_consents').select('id').where('candidate_id', '=', people.candidate.id).where('subject', '=', 'phone').execute()).toHaveLength(1);
    // An unconfirmed phone stays pending.
    expect(await consent('phone', 'otherCandidate')).toMatchObject({ status: 'pending', decided_by: null });
  });

  it('sends the UAN to review without a provider, saying so: nothing is faked', async () => {
    const uan = await consent('uan');
    expect(uan).toMatchObject({ status: 'in_review', decided_by: null, verified_fields: [] });
    // Not "Not found": nothing was looked up (issue 12, defect 4).
    expect(uan.flags).toEqual([{ rule: 'uan_no_provider', outcome: 'not_checked', expected: PRIYA.uan }]);
  });

  it('verifies matching documents by algorithm, with evidence and the fields they confirm', async () => {
    const slip = await consent('salary_slip');
    expect(slip).toMatchObject({ status: 'verified', decided_by: 'algorithm', verified_fields: ['full_name', 'current_employer', 'uan', 'current_pay_lakh'] });
    expect(outcomes(slip)).toEqual({ name: 'match', employer: 'match', uan: 'match', net_pay: 'match' });
    expect(slip.flags.find((flag) => flag.rule === 'net_pay')).toMatchObject({ found: '₹52,000', evidence: expect.stringContaining('Net Pay: Rs. 52,000.00') });

    await upload(people.candidate, 'bank_statement', await bankStatement({ name: PRIYA.name, employer: 'Acme Technologies', credit: '52,000.00' }));
    await upload(people.candidate, 'experience_letter', await experienceLetter({ name: PRIYA.name, employer: 'Acme Technologies Private Limited' }));
    await upload(people.candidate, 'resume', await resume({ name: PRIYA.name }));
    expect(await consent('bank_statement')).toMatchObject({ status: 'verified', verified_fields: ['full_name', 'salary_credits'] });
    expect(await consent('experience_letter')).toMatchObject({ status: 'verified', verified_fields: ['full_name', 'current_employer'] });
    expect(await consent('resume')).toMatchObject({ status: 'verified', verified_fields: ['full_name'] });
  });

  it('puts a re-uploaded document back to pending and re-runs it: wrong UAN, wrong name, wrong employer, pay not credited', async () => {
    const cases = [
      { type: 'salary_slip', pdf: () => salarySlip({ ...PRIYA, uan: '100999999999', netPay: '52,000.00' }), rule: 'uan', found: '100999999999' },
      { type: 'resume', pdf: () => resume({ name: 'Rohan Mehta' }), rule: 'name' },
      { type: 'experience_letter', pdf: () => experienceLetter({ name: PRIYA.name, employer: 'Globex Solutions Private Limited' }), rule: 'employer', found: 'Globex Solutions Private Limited' },
      { type: 'bank_statement', pdf: () => bankStatement({ name: PRIYA.name, employer: 'Acme Technologies', credit: '31,000.00' }), rule: 'salary_credited' },
    ];
    for (const item of cases) {
      const before = await checkRow(people.candidate.id, item.type);
      const documentId = await upload(people.candidate, item.type, await item.pdf());
      const after = await waitFor(async () => {
        const row = await checkRow(people.candidate.id, item.type);
        return row?.document_id === documentId && row.status !== 'pending' && row;
      }, { what: `${item.type} re-run`, timeoutMs: 20_000 });
      expect(before?.status).toBe('verified');
      expect(after).toMatchObject({ status: 'in_review', decided_by: null, verified_fields: [] });
      const flag = after.flags.find((f) => f.rule === item.rule);
      expect(flag?.outcome, item.type).not.toBe('match');
      expect(flag?.evidence ?? flag?.expected).toBeTruthy();
      if (item.found) expect(flag?.found).toBe(item.found);
    }
    const resets = await db().selectFrom('admin_audit_logs').select('id').where('action', '=', 'verification_check_reset').where('admin_id', '=', people.candidate.id).execute();
    expect(resets).toHaveLength(cases.length);
  });

  it('flags a PDF that cannot be parsed as unreadable, for review', async () => {
    // Passes the upload's %PDF- gate, but is no PDF pdfjs can open.
    const broken = Buffer.concat([makePdf({ text: 'x' }).subarray(0, 40), Buffer.from('\n%%EOF\n')]);
    await upload(people.otherCandidate, 'resume', broken);
    const check = await consent('resume', 'otherCandidate');
    expect(check).toMatchObject({ status: 'in_review' });
    expect(check.flags).toEqual([expect.objectContaining({ rule: 'readable', outcome: 'missing', found: m.unreadable })]);
  });

  it('gives the team an oldest-first queue, the detail with consent and history, and the PDF inline', async () => {
    const queue = (await call('admin', 'GET', '/api/verification/queue')).json<QueuePage>();
    expect(queue.checks.every((check) => check.status === 'pending' || check.status === 'in_review')).toBe(true);
    const times = queue.checks.map((check) => check.updated_at);
    expect([...times].sort()).toEqual(times);
    const slip = queue.checks.find((check) => check.candidate_id === people.candidate.id && check.subject === 'salary_slip');
    expect(slip).toMatchObject({ candidate_name: PRIYA.name, candidate_code: expect.any(String), consent_active: true, document_id: expect.any(String) });
    expect((await call('admin', 'GET', '/api/verification/queue?status=verified')).json<QueuePage>().checks.map((check) => check.subject)).toContain('phone');

    const detail = (await call('admin', 'GET', `/api/verification/checks/${slip?.id}`)).json<CheckDetail>();
    expect(detail.consent?.purpose).toBe(m.purposes.salary_slip);
    expect(detail.history.map((entry) => entry.action)).toEqual(['verification_consent_given', 'verification_check_run', 'verification_check_reset', 'verification_check_run']);
    expect(detail.history[0]?.actor_name).toBe(PRIYA.name);

    const pdf = await call('admin', 'GET', `/api/verification/checks/${slip?.id}/document`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': expect.stringMatching(/^inline/),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': expect.stringMatching(/^sandbox/),
    });
    // The phone check has no document.
    const phone = await call('admin', 'GET', `/api/verification/checks/${(await checkRow(people.candidate.id, 'phone'))?.id}/document`);
    expect(phone.statusCode).toBe(404);
    expect(phone.json()).toMatchObject({ message: m.documentNotFound });
  });

  it('lets the team decide: reason required to reject, nothing written on bad input; the candidate is told by email and never sees who', async () => {
    const slip = await checkRow(people.candidate.id, 'salary_slip');
    const url = `/api/verification/checks/${slip?.id}/decision`;
    const auditCount = async () => (await db().selectFrom('admin_audit_logs').select('id').where('entity_id', '=', slip?.id ?? '').execute()).length;
    const auditsBefore = await auditCount();

    const noReason = await call('admin', 'POST', url, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(m.reasonRequired);
    const tooLong = await call('admin', 'POST', url, { status: 'rejected', reason: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(m.reasonTooLong);
    for (const body of [{ status: 'pending' }, { status: 'verified', decided_by: 'algorithm' }, { status: 'verified', verified_fields: ['password'] }]) {
      expect((await call('admin', 'POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await checkRow(people.candidate.id, 'salary_slip')).toMatchObject({ status: 'in_review', decided_by_user: null });
    expect(await auditCount()).toBe(auditsBefore);

    // Live: the candidate hears the check, the company they applied to hears the candidate (for its badges).
    const listen = async (actor: Person) => {
      const socket = await t.app.injectWS('/api/live', { headers: { cookie: actor.jar.header } });
      const got: { type?: string; id?: string }[] = [];
      socket.on('message', (data: Buffer) => got.push(JSON.parse(data.toString()) as { type?: string; id?: string }));
      return { socket, got };
    };
    const candidateLive = await listen(people.candidate);
    const employerLive = await listen(people.employer);
    await waitFor(() => candidateLive.got.length > 0 && employerLive.got.length > 0, { what: 'ready messages' });

    const rejected = await call('admin', 'POST', url, { status: 'rejected', reason: 'The UAN on the slip is not yours.' });
    await waitFor(() => candidateLive.got.find((event) => event.type === 'verification_check' && event.id === slip?.id), { what: 'the candidate’s live event' });
    await waitFor(() => employerLive.got.find((event) => event.type === 'verification_check' && event.id === people.candidate.id), { what: 'the company’s live event' });
    candidateLive.socket.terminate();
    employerLive.socket.terminate();
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<CheckDetail>()).toMatchObject({ status: 'rejected', decided_by: 'verification_team', decided_by_name: 'Vikram Verifier', reason: 'The UAN on the slip is not yours.' });
    expect(await checkRow(people.candidate.id, 'salary_slip')).toMatchObject({ decided_by_user: people.admin.id, verified_fields: [] });
    expect(await auditCount()).toBe(auditsBefore + 1);

    const seen = await call('candidate', 'GET', '/api/verification/checks');
    expect(seen.json<CandidateCheck[]>().find((check) => check.subject === 'salary_slip')).toMatchObject({ status: 'rejected', reason: 'The UAN on the slip is not yours.', decided_by: 'verification_team' });
    expect(seen.body).not.toContain('Vikram');
    expect(seen.body).not.toContain(people.admin.id);

    const verified = await call('admin', 'POST', `/api/verification/checks/${(await checkRow(people.candidate.id, 'resume'))?.id}/decision`, { status: 'verified' });
    expect(verified.json<CheckDetail>()).toMatchObject({ status: 'verified', verified_fields: ['full_name'] });

    const mail = await waitFor(() => readOutbox(t.dataDir).filter((message) => message.to === people.candidate.email && message.subject?.includes('Salary slip')).at(-1), { what: 'decision email' });
    expect(mail.subject).toBe('Your Salary slip check: Rejected');
    expect(mail.text).toContain('The UAN on the slip is not yours.');
    expect(mail.text).not.toContain('Vikram');
  });

  it('runs a check again on the team’s request', async () => {
    const uan = await checkRow(people.candidate.id, 'uan');
    const response = await call('admin', 'POST', `/api/verification/checks/${uan?.id}/rerun`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CheckDetail>()).toMatchObject({ status: 'in_review', provider: null, flags: [{ rule: 'uan_no_provider', outcome: 'not_checked', expected: expect.any(String) }] });
  });

  it('revokes consent: the check goes back to pending, the decision stays in the history, and the team can no longer act', async () => {
    const resumeCheck = await checkRow(people.candidate.id, 'resume');
    const response = await call('candidate', 'DELETE', '/api/verification/checks/resume/consent');
    expect(response.statusCode).toBe(200);
    expect(response.json<CandidateCheck[]>().find((check) => check.subject === 'resume')).toMatchObject({ status: 'pending', consent: null, decided_by: null, flags: [], verified_fields: [] });
    const revoked = await db().selectFrom('verification_consents').select('revoked_at').where('candidate_id', '=', people.candidate.id).where('subject', '=', 'resume').executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
    const audit = await db().selectFrom('admin_audit_logs').select('details').where('action', '=', 'verification_consent_revoked').where('entity_id', '=', resumeCheck?.id ?? '').executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ previous_status: 'verified', previous_decided_by: 'verification_team', previous_decided_by_user: people.admin.id });

    for (const action of ['decision', 'rerun']) {
      const refused = await call('admin', 'POST', `/api/verification/checks/${resumeCheck?.id}/${action}`, action === 'decision' ? { status: 'verified' } : undefined);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'NO_CONSENT', message: m.noActiveConsent });
    }
    // Revoking twice is harmless; the check does not run again until a new consent.
    expect((await call('candidate', 'DELETE', '/api/verification/checks/resume/consent')).statusCode).toBe(200);
    expect(await checkRow(people.candidate.id, 'resume')).toMatchObject({ status: 'pending' });
    expect(await consent('resume')).toMatchObject({ status: 'in_review' }); // the re-uploaded resume names Rohan Mehta
  });

  it('keeps a crashed run visible: consent stands, the check stays pending and queued', async () => {
    const statement = await upload(people.otherCandidate, 'bank_statement', await bankStatement({ name: 'Rohan Mehta', employer: 'Globex', credit: '40,000.00' }));
    await giveConsent(db(), people.otherCandidate.id, 'bank_statement', '10.0.0.9');
    // The database fails while storing the result (after the PDF was read): the run is lost, the consent is not.
    const realDb = db();
    const failingDb = new Proxy(realDb, {
      get(target, property) {
        if (property === 'transaction') return () => ({ execute: () => Promise.reject(new Error('database down')) });
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const broken: CheckDeps = { ...deps(null), db: failingDb };
    expect(await runCheckSafely(broken, people.otherCandidate.id, 'bank_statement', { id: people.otherCandidate.id, ip: null })).toBe('failed');
    expect(await checkRow(people.otherCandidate.id, 'bank_statement')).toMatchObject({ status: 'pending', document_id: statement });
    const queue = (await call('admin', 'GET', '/api/verification/queue?status=pending')).json<QueuePage>();
    expect(queue.checks.find((check) => check.candidate_id === people.otherCandidate.id && check.subject === 'bank_statement')).toMatchObject({ consent_active: true });
  });

  it('limits consent changes to 30 an hour per candidate, with a clear message', async () => {
    people.limited = await person('candidate', 'Lata Limit');
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await call('limited', 'POST', '/api/verification/checks/phone/consent', {})).statusCode).toBe(200);
    const refused = await call('limited', 'POST', '/api/verification/checks/phone/consent', {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: m.tooManyConsents });
  });

  // ── Permissions: every route under /api/verification, who may and who may not.
  interface Row {
    actor: Actor;
    method: Method;
    route: string;
    url: () => string;
    body?: object;
    status: number;
    check?: (response: LightMyRequestResponse) => void;
  }
  let phoneCheckId = '';
  const own = () => phoneCheckId;
  const forbiddenToNonAdmins = (route: string, method: Method, url: () => string, body?: object): Row[] => [
    { actor: 'anonymous', method, route, url, body, status: 401 },
    { actor: 'candidate', method, route, url, body, status: 403 },
    { actor: 'otherCandidate', method, route, url, body, status: 403 },
    { actor: 'employer', method, route, url, body, status: 403 },
  ];
  const rows: Row[] = [
    { actor: 'candidate', method: 'GET', route: '/api/verification/checks', url: () => '/api/verification/checks', status: 200 },
    { actor: 'otherCandidate', method: 'GET', route: '/api/verification/checks', url: () => '/api/verification/checks', status: 200, check: (r) => expect(r.body).not.toContain(PRIYA.uan) },
    { actor: 'employer', method: 'GET', route: '/api/verification/checks', url: () => '/api/verification/checks', status: 403 },
    { actor: 'admin', method: 'GET', route: '/api/verification/checks', url: () => '/api/verification/checks', status: 403 },
    { actor: 'anonymous', method: 'GET', route: '/api/verification/checks', url: () => '/api/verification/checks', status: 401 },
    { actor: 'employer', method: 'POST', route: '/api/verification/checks/:subject/consent', url: () => '/api/verification/checks/phone/consent', body: {}, status: 403 },
    { actor: 'admin', method: 'POST', route: '/api/verification/checks/:subject/consent', url: () => '/api/verification/checks/phone/consent', body: {}, status: 403 },
    { actor: 'anonymous', method: 'POST', route: '/api/verification/checks/:subject/consent', url: () => '/api/verification/checks/phone/consent', body: {}, status: 401 },
    { actor: 'employer', method: 'DELETE', route: '/api/verification/checks/:subject/consent', url: () => '/api/verification/checks/phone/consent', status: 403 },
    { actor: 'anonymous', method: 'DELETE', route: '/api/verification/checks/:subject/consent', url: () => '/api/verification/checks/phone/consent', status: 401 },
    // A candidate acts on their own checks only: there is no way to name another's.
    { actor: 'otherCandidate', method: 'DELETE', route: '/api/verification/checks/:subject/consent', url: () => '/api/verification/checks/uan/consent', status: 200 },
    { actor: 'admin', method: 'GET', route: '/api/verification/queue', url: () => '/api/verification/queue?status=in_review', status: 200 },
    { actor: 'admin', method: 'GET', route: '/api/verification/queue', url: () => '/api/verification/queue?status=approved', status: 400 },
    { actor: 'admin', method: 'GET', route: '/api/verification/queue', url: () => '/api/verification/queue?page=0', status: 400 },
    ...forbiddenToNonAdmins('/api/verification/queue', 'GET', () => '/api/verification/queue'),
    { actor: 'admin', method: 'GET', route: '/api/verification/checks/:checkId', url: () => `/api/verification/checks/${own()}`, status: 200 },
    { actor: 'admin', method: 'GET', route: '/api/verification/checks/:checkId', url: () => '/api/verification/checks/00000000-0000-4000-8000-000000000000', status: 404 },
    { actor: 'admin', method: 'GET', route: '/api/verification/checks/:checkId', url: () => '/api/verification/checks/not-a-uuid', status: 400 },
    ...forbiddenToNonAdmins('/api/verification/checks/:checkId', 'GET', () => `/api/verification/checks/${own()}`),
    ...forbiddenToNonAdmins('/api/verification/checks/:checkId/document', 'GET', () => `/api/verification/checks/${own()}/document`),
    { actor: 'admin', method: 'GET', route: '/api/verification/checks/:checkId/document', url: () => `/api/verification/checks/${own()}/document`, status: 404 },
    // One page drawn for the team's page view (issue 35 §2; tests/api/verification-page-image.test.ts draws one).
    ...forbiddenToNonAdmins('/api/verification/checks/:checkId/pages/:page', 'GET', () => `/api/verification/checks/${own()}/pages/1`),
    { actor: 'admin', method: 'GET', route: '/api/verification/checks/:checkId/pages/:page', url: () => `/api/verification/checks/${own()}/pages/1`, status: 404 },
    { actor: 'admin', method: 'GET', route: '/api/verification/checks/:checkId/pages/:page', url: () => `/api/verification/checks/${own()}/pages/0`, status: 400 },
    ...forbiddenToNonAdmins('/api/verification/checks/:checkId/decision', 'POST', () => `/api/verification/checks/${own()}/decision`, { status: 'verified' }),
    { actor: 'admin', method: 'POST', route: '/api/verification/checks/:checkId/decision', url: () => '/api/verification/checks/00000000-0000-4000-8000-000000000000/decision', body: { status: 'verified' }, status: 404 },
    { actor: 'admin', method: 'POST', route: '/api/verification/checks/:checkId/decision', url: () => `/api/verification/checks/${own()}/decision`, body: { status: 'verified' }, status: 200 },
    ...forbiddenToNonAdmins('/api/verification/checks/:checkId/rerun', 'POST', () => `/api/verification/checks/${own()}/rerun`),
    { actor: 'admin', method: 'POST', route: '/api/verification/checks/:checkId/rerun', url: () => `/api/verification/checks/${own()}/rerun`, status: 200, check: (r) => expect(r.json<CheckDetail>()).toMatchObject({ status: 'verified', decided_by: 'algorithm' }) },
    // EPFO (issue 34; tests/api/epfo-lookups.test.ts proves them with a provider): here UAN_PROVIDER=none.
    { actor: 'candidate', method: 'POST', route: '/api/verification/epfo/refresh', url: () => '/api/verification/epfo/refresh', body: {}, status: 409, check: (r) => expect(r.json()).toMatchObject({ code: 'NO_PROVIDER' }) },
    { actor: 'employer', method: 'POST', route: '/api/verification/epfo/refresh', url: () => '/api/verification/epfo/refresh', body: {}, status: 403 },
    { actor: 'admin', method: 'POST', route: '/api/verification/epfo/refresh', url: () => '/api/verification/epfo/refresh', body: {}, status: 403 },
    { actor: 'anonymous', method: 'POST', route: '/api/verification/epfo/refresh', url: () => '/api/verification/epfo/refresh', body: {}, status: 401 },
    { actor: 'employer', method: 'GET', route: '/api/verification/applications/:applicationId/epfo', url: () => '/api/verification/applications/00000000-0000-4000-8000-000000000000/epfo', status: 404 },
    { actor: 'candidate', method: 'GET', route: '/api/verification/applications/:applicationId/epfo', url: () => '/api/verification/applications/00000000-0000-4000-8000-000000000000/epfo', status: 403 },
    { actor: 'admin', method: 'GET', route: '/api/verification/applications/:applicationId/epfo', url: () => '/api/verification/applications/00000000-0000-4000-8000-000000000000/epfo', status: 403 },
    { actor: 'anonymous', method: 'GET', route: '/api/verification/applications/:applicationId/epfo', url: () => '/api/verification/applications/00000000-0000-4000-8000-000000000000/epfo', status: 401 },
    { actor: 'admin', method: 'GET', route: '/api/verification/provider-calls', url: () => '/api/verification/provider-calls', status: 200 },
    { actor: 'admin', method: 'GET', route: '/api/verification/provider-calls', url: () => '/api/verification/provider-calls?days=91', status: 400 },
    ...forbiddenToNonAdmins('/api/verification/provider-calls', 'GET', () => '/api/verification/provider-calls'),
    // The OTP passbook flow (issue 34): the candidate's own; with UAN_PROVIDER=none nothing to start.
    { actor: 'candidate', method: 'POST', route: '/api/verification/epfo/otp', url: () => '/api/verification/epfo/otp', body: {}, status: 409, check: (r) => expect(r.json()).toMatchObject({ code: 'NO_PROVIDER' }) },
    ...(['POST /api/verification/epfo/otp', 'POST /api/verification/epfo/otp/code', 'POST /api/verification/epfo/otp/resend', 'DELETE /api/verification/epfo/otp'] as const).flatMap((entry) => {
      const [method, route] = entry.split(' ') as ['POST' | 'DELETE', string];
      const body = method === 'POST' ? (route.endsWith('/code') ? { code: '123456' } : {}) : undefined;
      return (['employer', 'admin', 'anonymous'] as const).map((actor): Row => ({ actor, method, route, url: () => route, ...(body ? { body } : {}), status: actor === 'anonymous' ? 401 : 403 }));
    }),
  ];

  describe('permissions', () => {
    beforeAll(async () => {
      phoneCheckId = (await checkRow(people.candidate.id, 'phone'))?.id ?? '';
    });
    it.each(rows.map((row) => [`${row.actor} ${row.method} ${row.route} → ${row.status}`, row] as const))('%s', async (_name, row) => {
      const decisionsBefore = (await db().selectFrom('admin_audit_logs').select('id').where('action', '=', 'verification_check_decided').execute()).length;
      const response = await call(row.actor, row.method, row.url(), row.body);
      expect(response.statusCode, response.body).toBe(row.status);
      if (row.status >= 400) {
        expect(response.json()).toHaveProperty('message');
        expect((await db().selectFrom('admin_audit_logs').select('id').where('action', '=', 'verification_check_decided').execute()).length).toBe(decisionsBefore);
      }
      row.check?.(response);
    });

    it('has a row for every route under /api/verification, including a denial for each', () => {
      const declared = t.app.declaredRoutes.filter((route) => route.url.startsWith('/api/verification')).map((route) => `${route.method} ${route.url}`);
      expect(declared.length).toBe(16);
      for (const route of declared) {
        expect(rows.some((row) => `${row.method} ${row.route}` === route), `no row for ${route}`).toBe(true);
        expect(rows.some((row) => `${row.method} ${row.route}` === route && row.status >= 401 && row.status <= 404), `no denial for ${route}`).toBe(true);
      }
    });
  });
});
