import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { salarySlip } from '../../server/dev/demo-pdfs.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { scanOf, scanWithTextLayer } from '../support/scan.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

type Person = { id: string; jar: CookieJar };

/**
 * Issue 35 §1: a scanned document (no text layer) is read by OCR off the request path. The upload
 * and the consent answer at once with the check pending and "Reading the document"; a read worker
 * (any instance, FOR UPDATE SKIP LOCKED) renders and recognises the pages, and the same rules decide
 * the check on the recognised text, with the confidence recorded.
 */
describe.skipIf(laneUnavailable)(`scans read by OCR (${testDbKind})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let ip = 0;
  const meera = { name: 'Meera Krishnan', uan: '100456789123', employer: 'Infosys Limited', netPay: '83,500.00' };

  beforeAll(async () => {
    t = await createTestApp({ UAN_PROVIDER: 'none' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function candidate(fullName: string, employer: string, uan = meera.uan): Promise<Person> {
    const user = await t.factories.user({ role: 'candidate', fullName });
    await t.factories.candidateProfile(user.id, { uan, current_employer: employer, current_pay_lakh: 10 });
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, `10.35.7.${++ip}`) };
  }
  const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Buffer | object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who.jar.header, ...(Buffer.isBuffer(payload) ? { 'content-type': 'application/pdf' } : {}) },
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: `10.35.8.${++ip % 250}`,
    });
  const slipOf = (list: CandidateCheck[]) => list.find((check) => check.subject === 'salary_slip')!;
  const decided = (who: Person) =>
    waitFor(
      async () => {
        const slip = slipOf((await call(who, 'GET', '/api/verification/checks')).json<CandidateCheck[]>());
        return slip.status !== 'pending' ? slip : undefined;
      },
      { timeoutMs: 90_000, what: 'the scanned salary slip decided' },
    );
  const reads = (who: Person) => t.database.db.selectFrom('document_reads').selectAll().where('candidate_id', '=', who.id).orderBy('created_at').execute();

  it('reads a scanned salary slip and verifies it by the same rules, with the confidence recorded', async () => {
    const person = await candidate(meera.name, meera.employer);
    const scan = await scanOf(await salarySlip(meera));
    expect((await call(person, 'PUT', '/api/candidate/documents/salary_slip', scan)).statusCode).toBe(201);
    const consented = await call(person, 'POST', '/api/verification/checks/salary_slip/consent', {});
    expect(consented.statusCode, consented.body).toBe(200);
    // The consent answers at once: pending, being read.
    const pending = slipOf(consented.json<CandidateCheck[]>());
    expect(pending.status).toBe('pending');
    expect(pending.reading).toMatchObject({ pages_done: expect.any(Number) });

    const slip = await decided(person);
    expect(slip.reading).toBeNull();
    expect(slip.status, JSON.stringify(slip.flags)).toBe('verified');
    expect(slip.flags[0]).toMatchObject({ rule: 'ocr', outcome: 'match' });
    expect(slip.flags.find((flag) => flag.rule === 'net_pay')).toMatchObject({ outcome: 'match' });
    const [read] = await reads(person);
    expect(read).toMatchObject({ state: 'done', pages_done: 1, page_count: 1, attempts: 1 });
    expect(read?.confidence).toBeGreaterThan(70);
  });

  it('sends a scan whose text does not match the profile to the team, with what was read', async () => {
    const person = await candidate('Rohan Desai', 'Wipro Limited', '100987654321');
    await call(person, 'PUT', '/api/candidate/documents/salary_slip', await scanOf(await salarySlip(meera)));
    await call(person, 'POST', '/api/verification/checks/salary_slip/consent', {});
    const slip = await decided(person);
    expect(slip.status).toBe('in_review');
    expect(slip.flags[0]).toMatchObject({ rule: 'ocr', outcome: 'match' });
    expect(slip.flags.find((flag) => flag.rule === 'name')).toMatchObject({ outcome: 'mismatch' });
  });

  it('signal 5: verifies a searchable scan whose text layer says what it shows, and holds one whose layer says another net pay', async () => {
    const genuine = await candidate(meera.name, meera.employer, '100456789125');
    const shown = await salarySlip({ ...meera, uan: '100456789125' });
    await call(genuine, 'PUT', '/api/candidate/documents/salary_slip', Buffer.from(await scanWithTextLayer(shown)));
    // The text layer alone would pass the rules: the scan under it is read all the same.
    expect(slipOf((await call(genuine, 'POST', '/api/verification/checks/salary_slip/consent', {})).json<CandidateCheck[]>())).toMatchObject({ status: 'pending', reading: expect.any(Object) });
    expect(await decided(genuine), 'the genuine searchable scan').toMatchObject({ status: 'verified' });

    const forger = await candidate('Meera Krishnan', meera.employer, '100456789124');
    const raised = await salarySlip({ ...meera, uan: '100456789124', netPay: '93,500.00' });
    await call(forger, 'PUT', '/api/candidate/documents/salary_slip', Buffer.from(await scanWithTextLayer(await salarySlip({ ...meera, uan: '100456789124' }), raised)));
    await call(forger, 'POST', '/api/verification/checks/salary_slip/consent', {});
    const held = await decided(forger);
    expect(held.status).toBe('in_review');
    // The candidate reads one plain reason; the team reads the signal, its figures and its place.
    expect(held.flags.map((flag) => flag.rule)).toContain('document_changed');
    const stored = await t.database.db.selectFrom('verification_checks').select('flags').where('candidate_id', '=', forger.id).where('subject', '=', 'salary_slip').executeTakeFirstOrThrow();
    expect(stored.flags).toContainEqual(expect.objectContaining({ rule: 'forensic_text_layer', page: 1, found: expect.stringMatching(/^The text layer says “[^”]+” where the image reads “/), rect: expect.any(Array) }));
    expect(stored.flags).toContainEqual(expect.objectContaining({ rule: 'document_risk', risk: 'high', found: 'High risk: what is seen against what is said' }));
  });

  it('reads nothing without consent, and a withdrawn consent stops the read; an instance with OCR_WORKERS=0 leaves reads to others', async () => {
    // This instance reads no scans: what it queues waits for an instance that does.
    const paused = await createTestApp({ UAN_PROVIDER: 'none', OCR_WORKERS: '0' });
    try {
      const user = await paused.factories.user({ role: 'candidate', fullName: meera.name });
      await paused.factories.candidateProfile(user.id, { uan: meera.uan, current_employer: meera.employer });
      const person = { id: user.id, jar: await signIn(paused.app, user.email, user.password, '10.35.9.1') };
      const on = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: Buffer | object) =>
        paused.app.inject({ method, url, headers: { cookie: person.jar.header, ...(Buffer.isBuffer(payload) ? { 'content-type': 'application/pdf' } : {}) }, ...(payload === undefined ? {} : { payload }), remoteAddress: '10.35.9.2' });
      const readsHere = () => paused.database.db.selectFrom('document_reads').select('state').where('candidate_id', '=', person.id).orderBy('created_at').execute();

      expect((await on('PUT', '/api/candidate/documents/salary_slip', await scanOf(await salarySlip(meera)))).statusCode).toBe(201);
      expect(await readsHere()).toEqual([]);
      expect((await on('POST', '/api/verification/checks/salary_slip/consent', {})).statusCode).toBe(200);
      expect(await readsHere()).toEqual([{ state: 'queued' }]);
      expect((await on('DELETE', '/api/verification/checks/salary_slip/consent')).statusCode).toBe(200);
      expect(await readsHere()).toEqual([{ state: 'cancelled' }]);
    } finally {
      await paused.close();
    }
  });
});
