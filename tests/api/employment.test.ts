import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { indiaDateFromToday, MAX_DAYS_AHEAD_FOR_LAST_DAY, type Employee, type EmploymentRecord, type MyEmploymentRecords, type SharedRecord } from '../../shared/schemas/employment.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const text = messages.employment;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Team → Employees (issue 7 point 5): listing by status, correcting an active employment, and
 * relieving (dates, reason, twice, another company's), and the person's own employment records.
 * Employments are inserted directly: hiring belongs to the pipeline.
 */
describe.skipIf(laneUnavailable)('employees and employment records: /api/employees, /api/employment-records/mine', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.71.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  type Who = 'employerA' | 'employerB' | 'ravi' | 'sita' | 'admin';
  const people = {} as Record<Who, { id: string; email: string; fullName: string; jar: CookieJar }>;
  let companyA: { id: string; name: string };
  let companyB: { id: string; name: string };
  let raviCode = '';
  let raviAtA = '';
  let raviAtB = '';
  let sitaAtA = '';
  let oldAtA = '';
  let jobA: { id: string; title: string };
  // The app's clock: moved past a last working day instead of waiting for it.
  let offsetMs = 0;
  const DAY_MS = 24 * 60 * 60 * 1000;

  const db = () => t.database.db;
  const call = (who: Who | 'anonymous', method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'anonymous' ? {} : { cookie: people[who].jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const relieve = (who: Who, id: string, payload: object) => call(who, 'POST', `/api/employees/${id}/relieve`, payload);
  const employment = (id: string) => db().selectFrom('employments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (id: string) => db().selectFrom('admin_audit_logs').select(['action', 'admin_id', 'company_id', 'details']).where('entity_id', '=', id).orderBy('created_at').execute();
  // Only the relieving emails (sign-up's confirmation mail may have gone out before the factory confirmed the account).
  const mailTo = (email: string) =>
    db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', email).where('subject', 'like', 'Your employment at %').execute();

  async function person(who: Who, role: 'employer' | 'candidate' | 'admin', companyId: string | null, fullName: string) {
    const user = await t.factories.user({ role, companyId, fullName });
    people[who] = { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  /** An employment with its source: the hire (an application) or, added directly, the person's confirmation. */
  async function employ(companyId: string, employeeId: string, values: { title: string; joining: string; applicationId?: string; createdAt?: Date }) {
    const row = await db()
      .insertInto('employments')
      .values({
        company_id: companyId,
        employee_id: employeeId,
        title: values.title,
        joining_date: values.joining,
        application_id: values.applicationId ?? null,
        confirmation: 'confirmed',
        confirmed_by: values.applicationId ? 'hire' : 'person',
        confirmed_at: values.createdAt ?? new Date(),
        ...(values.createdAt ? { created_at: values.createdAt, updated_at: values.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => new Date(Date.now() + offsetMs) });
    companyA = await t.factories.company({ name: 'Anantha Textiles' });
    companyB = await t.factories.company({ name: 'Brahma Logistics' });
    await person('employerA', 'employer', companyA.id, 'Asha Employer');
    await person('employerB', 'employer', companyB.id, 'Bhanu Employer');
    await person('ravi', 'candidate', null, 'Ravi Kumar');
    await person('sita', 'candidate', null, 'Sita Rao');
    await person('admin', 'admin', null, 'Vera Verifier');
    raviCode = (await t.factories.candidateProfile(people.ravi.id)).candidate_code;
    await t.factories.candidateProfile(people.sita.id);
    jobA = await t.factories.job(companyA.id, { title: 'Loom Supervisor' });
    const application = await t.factories.application(jobA.id, people.ravi.id);
    raviAtA = await employ(companyA.id, people.ravi.id, { title: 'Loom Supervisor', joining: '2025-04-01', applicationId: application.id });
    sitaAtA = await employ(companyA.id, people.sita.id, { title: 'Dyer', joining: '2024-01-15' });
    raviAtB = await employ(companyB.id, people.ravi.id, { title: 'Dispatcher', joining: '2022-06-01' });
    // An earlier employment of Sita at A, already ended: the one-active-per-company rule allows it.
    oldAtA = (
      await db()
        .insertInto('employments')
        .values({ company_id: companyA.id, employee_id: people.sita.id, title: 'Trainee', joining_date: '2020-01-01', last_working_day: '2021-01-01', status: 'relieved', relieving_reason: 'Trainee programme ended', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date('2021-01-02T00:00:00Z') })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.close());

  describe('GET /api/employees', () => {
    it('lists the company’s active employees with name, candidate ID, title, dates and the job they were hired for', async () => {
      const response = await call('employerA', 'GET', '/api/employees');
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json<Employee[]>();
      expect(list.map((e) => e.id)).toEqual([raviAtA, sitaAtA]);
      expect(list[0]).toMatchObject({ full_name: 'Ravi Kumar', candidate_code: raviCode, title: 'Loom Supervisor', joining_date: '2025-04-01', last_working_day: null, status: 'active', job_title: 'Loom Supervisor', relieved_at: null });
      expect(list[1]).toMatchObject({ full_name: 'Sita Rao', application_id: null, job_title: null });
      expect(response.body).not.toContain(raviAtB);
    });

    it('filters relieved and all, and refuses an unknown status', async () => {
      expect((await call('employerA', 'GET', '/api/employees?status=relieved')).json<Employee[]>().map((e) => e.id)).toEqual([oldAtA]);
      expect((await call('employerA', 'GET', '/api/employees?status=all')).json<Employee[]>().map((e) => e.id)).toEqual([raviAtA, sitaAtA, oldAtA]);
      expect((await call('employerB', 'GET', '/api/employees?status=all')).json<Employee[]>().map((e) => e.id)).toEqual([raviAtB]);
      const bad = await call('employerA', 'GET', '/api/employees?status=fired');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe(`status: ${text.invalidStatus}`);
    });
  });

  describe('PATCH /api/employees/:employmentId', () => {
    it('corrects the title and joining date of an active employment, with an audit row; one the person confirmed waits for them again (issue 33 A1)', async () => {
      const response = await call('employerA', 'PATCH', `/api/employees/${sitaAtA}`, { title: '  Senior Dyer ', joining_date: '2024-02-01' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Employee>()).toMatchObject({ id: sitaAtA, title: 'Senior Dyer', joining_date: '2024-02-01', confirmation: 'unconfirmed', confirmed_by: null });
      expect(await auditOf(sitaAtA)).toEqual([
        expect.objectContaining({ action: 'employment_updated', admin_id: people.employerA.id, company_id: companyA.id }),
      ]);
      // The company's change left Sita's record: it is hers to confirm, and she is emailed to.
      const mine = (await call('sita', 'GET', '/api/employment-records/mine')).json<MyEmploymentRecords>();
      expect(mine.employments.map((e) => e.id)).not.toContain(sitaAtA);
      expect(mine.pending).toEqual([expect.objectContaining({ id: sitaAtA, title: 'Senior Dyer', company_name: companyA.name, status: 'active' })]);
      const mails = await db().selectFrom('outbox_messages').select('subject').where('recipient', '=', people.sita.email).execute();
      expect(mails.map((m) => m.subject)).toContain(fill(text.changedEmailSubject, { company: companyA.name }));
      const confirmed = await call('sita', 'POST', `/api/employment-records/${sitaAtA}/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json<EmploymentRecord>()).toMatchObject({ id: sitaAtA, confirmed_by: 'person', title: 'Senior Dyer' });
    });

    it('keeps a hire confirmed by the hire when the company corrects it', async () => {
      const person = await t.factories.user({ role: 'candidate', fullName: 'Gopal Iyer' });
      const application = await t.factories.application(jobA.id, person.id);
      const hired = await employ(companyA.id, person.id, { title: 'Dye Mixer', joining: '2025-05-01', applicationId: application.id });
      const response = await call('employerA', 'PATCH', `/api/employees/${hired}`, { title: 'Senior Dye Mixer' });
      expect(response.json<Employee>()).toMatchObject({ title: 'Senior Dye Mixer', confirmation: 'confirmed', confirmed_by: 'hire', full_name: 'Gopal Iyer' });
      await db().deleteFrom('employments').where('id', '=', hired).execute();
    });

    it.each([
      { name: 'nothing to change', payload: {}, message: text.nothingToChange },
      { name: 'a status (mass assignment)', payload: { title: 'X', status: 'relieved' }, message: expect.stringContaining('status') },
      { name: 'a company', payload: { company_id: '00000000-0000-4000-8000-000000000000' }, message: expect.stringContaining('company_id') },
      { name: 'an empty title', payload: { title: '   ' }, message: `title: ${text.titleRequired}` },
      { name: 'a title of 201 characters', payload: { title: 'x'.repeat(201) }, message: `title: ${fill(text.titleTooLong, { max: '200' })}` },
      { name: 'an impossible date', payload: { joining_date: '2025-02-30' }, message: `joining_date: ${text.invalidDate}` },
      { name: 'a joining date two years ahead', payload: { joining_date: indiaDateFromToday(800) }, message: `joining_date: ${text.joiningDateOutOfRange}` },
    ])('refuses $name with 400 and changes nothing', async ({ payload, message }) => {
      const before = await employment(raviAtA);
      const response = await call('employerA', 'PATCH', `/api/employees/${raviAtA}`, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toEqual(message);
      expect(await employment(raviAtA)).toEqual(before);
    });

    it('answers 404 for another company’s employment, and 409 for a relieved one', async () => {
      const other = await call('employerA', 'PATCH', `/api/employees/${raviAtB}`, { title: 'Hijacked' });
      expect(other.statusCode).toBe(404);
      expect(other.json<{ message: string }>().message).toBe(text.employmentNotFound);
      expect((await employment(raviAtB)).title).toBe('Dispatcher');
      const relieved = await call('employerA', 'PATCH', `/api/employees/${oldAtA}`, { title: 'Rewritten history' });
      expect(relieved.statusCode).toBe(409);
      expect(relieved.json<{ message: string }>().message).toBe(text.relievedNotEditable);
    });
  });

  describe('POST /api/employees/:employmentId/relieve', () => {
    const today = indiaDateFromToday(0);

    it.each([
      { name: 'a last day before joining', payload: () => ({ last_working_day: '2025-03-31', reason: 'Resigned' }), message: fill(text.lastDayBeforeJoining, { date: '2025-04-01' }) },
      { name: 'a last day more than 90 days ahead', payload: () => ({ last_working_day: indiaDateFromToday(MAX_DAYS_AHEAD_FOR_LAST_DAY + 1), reason: 'Resigned' }), message: `last_working_day: ${text.lastDayTooFar}` },
      { name: 'an impossible date', payload: () => ({ last_working_day: '2025-13-01', reason: 'Resigned' }), message: `last_working_day: ${text.invalidDate}` },
      { name: 'no last day', payload: () => ({ reason: 'Resigned' }), message: `last_working_day: ${text.lastDayRequired}` },
      { name: 'a blank reason', payload: () => ({ last_working_day: today, reason: '  ' }), message: `reason: ${text.reasonRequired}` },
      { name: 'a reason of 501 characters', payload: () => ({ last_working_day: today, reason: 'r'.repeat(501) }), message: `reason: ${fill(text.reasonTooLong, { max: '500' })}` },
      { name: 'a NUL in the reason', payload: () => ({ last_working_day: today, reason: 'bad\u0000' }), message: `reason: ${text.invalidCharacters}` },
      { name: 'a relieved_by of its own', payload: () => ({ last_working_day: today, reason: 'Resigned', relieved_by: 'someone' }), message: expect.stringContaining('relieved_by') },
    ])('refuses $name with 400: nothing written, nobody emailed', async ({ payload, message }) => {
      const response = await relieve('employerA', raviAtA, payload());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toEqual(message);
      expect(await employment(raviAtA)).toMatchObject({ status: 'active', last_working_day: null, relieving_reason: null, relieved_by: null });
      expect(await auditOf(raviAtA)).toEqual([]);
      expect(await mailTo(people.ravi.email)).toEqual([]);
    });

    it('answers 404 for another company’s employment and leaves it alone', async () => {
      const response = await relieve('employerB', raviAtA, { last_working_day: today, reason: 'Not yours' });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(text.employmentNotFound);
      expect((await employment(raviAtA)).status).toBe('active');
      const unknown = await relieve('employerA', '00000000-0000-4000-8000-000000000000', { last_working_day: today, reason: 'x' });
      expect(unknown.statusCode).toBe(404);
    });

    it('relieves 90 days ahead at most: records the day, reason and who, audits it and emails the person; twice is 409', async () => {
      const lastDay = indiaDateFromToday(MAX_DAYS_AHEAD_FOR_LAST_DAY);
      const response = await relieve('employerA', raviAtA, { last_working_day: lastDay, reason: ' Moving to Pune ' });
      expect(response.statusCode, response.body).toBe(200);
      const employee = response.json<Employee>();
      // A last working day still ahead is a notice period, not a relieving that happened (issue 33 A2).
      expect(employee).toMatchObject({ id: raviAtA, status: 'notice', last_working_day: lastDay, relieving_reason: 'Moving to Pune', relieved_at: expect.any(String) });
      expect(await employment(raviAtA)).toMatchObject({ status: 'relieved', relieved_by: people.employerA.id, last_working_day: lastDay });
      expect(await auditOf(raviAtA)).toEqual([
        { action: 'employee_relieved', admin_id: people.employerA.id, company_id: companyA.id, details: { employee_id: people.ravi.id, last_working_day: lastDay } },
      ]);
      const [mail] = await waitFor(async () => {
        const rows = await mailTo(people.ravi.email);
        return rows.length > 0 ? rows : undefined;
      });
      expect(mail?.subject).toBe(fill(text.relievedEmailSubject, { company: companyA.name }));
      expect(mail?.body_text).toContain(lastDay);
      expect(mail?.body_text).toContain('Moving to Pune');

      const again = await relieve('employerA', raviAtA, { last_working_day: lastDay, reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(text.alreadyRelieved);
      expect((await employment(raviAtA)).relieving_reason).toBe('Moving to Pune');
      expect(await mailTo(people.ravi.email)).toHaveLength(1);

      // Serving notice: still among the current employees, not yet relieved, on the company's list and on Ravi's record.
      expect((await call('employerA', 'GET', '/api/employees')).json<Employee[]>().map((e) => e.id)).toEqual([raviAtA, sitaAtA]);
      expect((await call('employerA', 'GET', '/api/employees?status=relieved')).json<Employee[]>().map((e) => e.id)).toEqual([oldAtA]);
      const record = (await call('ravi', 'GET', '/api/employment-records/mine')).json<MyEmploymentRecords>();
      expect(record.employments.find((e) => e.id === raviAtA)?.status).toBe('notice');

      // The day after the last working day (the clock moved, not waited for): relieved.
      offsetMs = (MAX_DAYS_AHEAD_FOR_LAST_DAY + 1) * DAY_MS;
      try {
        expect((await call('employerA', 'GET', '/api/employees')).json<Employee[]>().map((e) => e.id)).toEqual([sitaAtA]);
        const relieved = (await call('employerA', 'GET', '/api/employees?status=relieved')).json<Employee[]>();
        expect(relieved.map((e) => [e.id, e.status])).toEqual([
          [raviAtA, 'relieved'],
          [oldAtA, 'relieved'],
        ]);
        const later = (await call('ravi', 'GET', '/api/employment-records/mine')).json<MyEmploymentRecords>();
        expect(later.employments.find((e) => e.id === raviAtA)?.status).toBe('relieved');
      } finally {
        offsetMs = 0;
      }
    });

    it('shows an employee whose joining date is ahead as joining, not active (issue 33 A2)', async () => {
      const listed = (await call('employerB', 'GET', '/api/employees?status=all')).json<Employee[]>();
      expect(listed.find((e) => e.id === raviAtB)?.status).toBe('active');
      await db().updateTable('employments').set({ joining_date: indiaDateFromToday(20) }).where('id', '=', raviAtB).execute();
      try {
        expect((await call('employerB', 'GET', '/api/employees')).json<Employee[]>().find((e) => e.id === raviAtB)?.status).toBe('joining');
        expect((await call('ravi', 'GET', '/api/employment-records/mine')).json<MyEmploymentRecords>().employments.find((e) => e.id === raviAtB)?.status).toBe('joining');
      } finally {
        await db().updateTable('employments').set({ joining_date: '2022-06-01' }).where('id', '=', raviAtB).execute();
      }
    });

    it('relieving on the joining day itself is allowed', async () => {
      const response = await relieve('employerB', raviAtB, { last_working_day: '2022-06-01', reason: 'Contract not started' });
      expect(response.statusCode, response.body).toBe(200);
    });
  });

  describe('POST /api/employees (someone not hired through WorkCred)', () => {
    let nikhil: { id: string; email: string; code: string };
    let nikhilPassword = '';
    beforeAll(async () => {
      const user = await t.factories.user({ role: 'candidate', fullName: 'Nikhil Shah' });
      nikhilPassword = user.password;
      nikhil = { id: user.id, email: user.email, code: (await t.factories.candidateProfile(user.id)).candidate_code };
    });
    const addedMail = (email: string) => db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', email).where('subject', '=', fill(text.addedEmailSubject, { company: companyA.name })).execute();

    it.each([
      { name: 'an email instead of a candidate ID', payload: () => ({ email: nikhil.email, title: 'Weaver', joining_date: '2025-01-01' }), message: `candidate_code: ${text.candidateCodeInvalid}` },
      { name: 'a malformed candidate ID', payload: () => ({ candidate_code: 'WC-12', title: 'Weaver', joining_date: '2025-01-01' }), message: `candidate_code: ${text.candidateCodeInvalid}` },
      { name: 'no title', payload: () => ({ candidate_code: nikhil.code, joining_date: '2025-01-01' }), message: `title: ${text.titleRequired}` },
      { name: 'no joining date', payload: () => ({ candidate_code: nikhil.code, title: 'Weaver' }), message: expect.stringContaining('joining_date') },
      { name: 'a company of its own', payload: () => ({ candidate_code: nikhil.code, title: 'Weaver', joining_date: '2025-01-01', company_id: companyB.id }), message: expect.stringContaining('company_id') },
    ])('refuses $name with 400 and adds nobody', async ({ payload, message }) => {
      const response = await call('employerA', 'POST', '/api/employees', payload());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toEqual(message);
      expect(await db().selectFrom('employments').select('id').where('employee_id', '=', nikhil.id).execute()).toEqual([]);
    });

    it('answers 404 for an unknown candidate ID', async () => {
      const response = await call('employerA', 'POST', '/api/employees', { candidate_code: 'WC-ZZZZZZ', title: 'Weaver', joining_date: '2025-01-01' });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(text.candidateNotFound);
    });

    it('adds the person by candidate ID in any case, unconfirmed and without their name, audits it and emails them; a second add while active is 409', async () => {
      const response = await call('employerA', 'POST', '/api/employees', { candidate_code: ` ${nikhil.code.toLowerCase()} `, title: 'Weaver', joining_date: '2025-01-01' });
      expect(response.statusCode, response.body).toBe(201);
      const added = response.json<Employee>();
      // Issue 33 A1: Nikhil never applied to A, so a candidate ID alone reveals no name.
      expect(added).toMatchObject({ employee_id: nikhil.id, full_name: null, candidate_code: nikhil.code, title: 'Weaver', joining_date: '2025-01-01', status: 'active', confirmation: 'unconfirmed', confirmed_by: null, application_id: null, job_title: null });
      expect(response.body).not.toContain('Nikhil Shah');
      const listed = await call('employerA', 'GET', '/api/employees');
      expect(listed.body).not.toContain('Nikhil Shah');
      expect(await auditOf(added.id)).toEqual([expect.objectContaining({ action: 'employee_added', admin_id: people.employerA.id, company_id: companyA.id })]);
      const [mail] = await waitFor(async () => {
        const rows = await addedMail(nikhil.email);
        return rows.length > 0 ? rows : undefined;
      });
      expect(mail?.subject).toBe(fill(text.addedEmailSubject, { company: companyA.name }));

      const again = await call('employerA', 'POST', '/api/employees', { candidate_code: nikhil.code, title: 'Weaver again', joining_date: '2025-02-01' });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(text.alreadyEmployed);
      expect(await db().selectFrom('employments').select('id').where('employee_id', '=', nikhil.id).execute()).toHaveLength(1);
      expect(await addedMail(nikhil.email)).toHaveLength(1);
    });

    it('keeps an unconfirmed employment off the person’s record and out of the company’s view of it; the person confirms it once (issue 33 A1)', async () => {
      const [added] = await db().selectFrom('employments').select('id').where('employee_id', '=', nikhil.id).execute();
      const id = added!.id;
      // The company cannot learn the name through the record route either: no relation yet.
      const shared = await call('employerA', 'GET', `/api/employment-records/shared/${nikhil.id}`);
      expect(shared.statusCode).toBe(404);
      expect(shared.body).not.toContain('Nikhil Shah');
      // Nor through a letter about it.
      const letter = await call('employerA', 'POST', '/api/letters', { kind: 'appointment', employment_id: id });
      expect(letter.statusCode, letter.body).toBe(409);
      expect(letter.json<{ message: string }>().message).toBe(messages.letters.needsConfirmedEmployment);

      const nikhilJar = await signIn(t.app, nikhil.email, nikhilPassword, nextIp());
      const asNikhil = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { cookie: nikhilJar.header }, remoteAddress: nextIp() });
      const mine = (await asNikhil('GET', '/api/employment-records/mine')).json<MyEmploymentRecords>();
      expect(mine.employments).toEqual([]);
      expect(mine.pending).toEqual([{ id, company_name: companyA.name, title: 'Weaver', joining_date: '2025-01-01', last_working_day: null, status: 'active', recorded_at: expect.any(String) }]);

      // Only the person answers: another candidate, or the company itself, is told nothing.
      for (const who of ['ravi', 'employerA'] as const) {
        const other = await call(who, 'POST', `/api/employment-records/${id}/confirm`);
        expect(other.statusCode).toBe(404);
        expect(other.json<{ message: string }>().message).toBe(text.employmentNotFound);
      }
      expect((await employment(id)).confirmation).toBe('unconfirmed');

      const confirmed = await asNikhil('POST', `/api/employment-records/${id}/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json<EmploymentRecord>()).toMatchObject({ id, company_name: companyA.name, confirmed_by: 'person', hired_through_workcred: false });
      expect(await auditOf(id)).toContainEqual(expect.objectContaining({ action: 'employment_confirmed', admin_id: nikhil.id, company_id: companyA.id }));
      const again = await asNikhil('POST', `/api/employment-records/${id}/confirm`);
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(text.notPending);
      expect((await asNikhil('POST', `/api/employment-records/${id}/decline`)).statusCode).toBe(409);

      // Now it is on his record, and the company knows whom it employs.
      expect((await asNikhil('GET', '/api/employment-records/mine')).json<MyEmploymentRecords>()).toMatchObject({ employments: [{ id, confirmed_by: 'person' }], pending: [] });
      const list = (await call('employerA', 'GET', '/api/employees')).json<Employee[]>();
      expect(list.find((e) => e.id === id)).toMatchObject({ full_name: 'Nikhil Shah', confirmation: 'confirmed', confirmed_by: 'person' });
      expect((await call('employerA', 'GET', `/api/employment-records/shared/${nikhil.id}`)).json<SharedRecord>()).toMatchObject({ shared: false, candidate_name: 'Nikhil Shah', employments: [{ id }] });
    });

    it('lets the person decline: it never reaches their record, the company sees it declined and can change nothing, and may add them again', async () => {
      const user = await t.factories.user({ role: 'candidate', fullName: 'Zoya Mirza' });
      const code = (await t.factories.candidateProfile(user.id)).candidate_code;
      const added = (await call('employerA', 'POST', '/api/employees', { candidate_code: code, title: 'Stranger', joining_date: '2025-01-01' })).json<Employee>();
      const jar = await signIn(t.app, user.email, user.password, nextIp());
      const declined = await t.app.inject({ method: 'POST', url: `/api/employment-records/${added.id}/decline`, headers: { cookie: jar.header }, remoteAddress: nextIp() });
      expect(declined.statusCode, declined.body).toBe(204);
      expect(await auditOf(added.id)).toContainEqual(expect.objectContaining({ action: 'employment_declined', admin_id: user.id }));
      const mine = (await t.app.inject({ method: 'GET', url: '/api/employment-records/mine', headers: { cookie: jar.header }, remoteAddress: nextIp() })).json<MyEmploymentRecords>();
      expect(mine).toMatchObject({ employments: [], pending: [] });
      const listed = (await call('employerA', 'GET', '/api/employees')).json<Employee[]>().find((e) => e.id === added.id);
      expect(listed).toMatchObject({ confirmation: 'declined', full_name: null });
      const edit = await call('employerA', 'PATCH', `/api/employees/${added.id}`, { title: 'Insisting' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json<{ message: string }>().message).toBe(text.declinedNotEditable);
      expect((await relieve('employerA', added.id, { last_working_day: indiaDateFromToday(0), reason: 'x' })).statusCode).toBe(409);
      // A declined claim holds no place: the company may ask again (the person answers again).
      expect((await call('employerA', 'POST', '/api/employees', { candidate_code: code, title: 'Weaver', joining_date: '2025-02-01' })).statusCode).toBe(201);
    });
  });

  describe('GET /api/employment-records/mine', () => {
    beforeAll(async () => {
      // Checks written as the verification feature would: one decided by a person of the team, one by the algorithm, one still pending.
      await db()
        .insertInto('verification_checks')
        .values([
          { candidate_id: people.sita.id, subject: 'uan', status: 'verified', decided_by: 'verification_team', decided_by_user: people.admin.id, decided_at: new Date('2026-01-10T05:00:00Z'), verified_fields: ['uan'] },
          { candidate_id: people.sita.id, subject: 'salary_slip', status: 'verified', decided_by: 'algorithm', decided_at: new Date('2026-01-09T05:00:00Z'), verified_fields: ['current_pay_lakh', 'current_employer'] },
          { candidate_id: people.sita.id, subject: 'bank_statement', status: 'pending' },
          { candidate_id: people.ravi.id, subject: 'phone', status: 'verified', decided_by: 'algorithm', decided_at: new Date() },
        ])
        .execute();
    });

    it('gives the person their employments at every company, who recorded them and when, and their verified checks only', async () => {
      const response = await call('sita', 'GET', '/api/employment-records/mine');
      expect(response.statusCode, response.body).toBe(200);
      const records = response.json<MyEmploymentRecords>();
      expect(records.employments.map((e) => [e.company_name, e.title, e.joining_date, e.last_working_day, e.status])).toEqual([
        [companyA.name, 'Senior Dyer', '2024-02-01', null, 'active'],
        [companyA.name, 'Trainee', '2020-01-01', '2021-01-01', 'relieved'],
      ]);
      expect(records.employments[1]).toMatchObject({ recorded_by: companyA.name, relieving_reason: 'Trainee programme ended', relieved_recorded_at: expect.any(String), hired_through_workcred: false });
      expect(records.checks).toEqual([
        { subject: 'salary_slip', status: 'verified', decided_by: 'algorithm', decided_at: '2026-01-09T05:00:00.000Z', verified_fields: ['current_pay_lakh', 'current_employer'] },
        { subject: 'uan', status: 'verified', decided_by: 'verification_team', decided_at: '2026-01-10T05:00:00.000Z', verified_fields: ['uan'] },
      ]);
      // Who decided is a kind of decider: never the admin's name or id.
      expect(response.body).not.toContain('Vera Verifier');
      expect(response.body).not.toContain(people.admin.id);
      expect(response.body).not.toContain(people.ravi.id);
    });

    it('gives Ravi his own, never Sita’s', async () => {
      const records = (await call('ravi', 'GET', '/api/employment-records/mine')).json<MyEmploymentRecords>();
      expect(records.employments.map((e) => [e.id, e.hired_through_workcred])).toEqual([
        [raviAtA, true],
        [raviAtB, false],
      ]);
      expect(records.checks.map((c) => c.subject)).toEqual(['phone']);
    });

    it('gives an employer with no employments of their own an empty history', async () => {
      expect((await call('employerA', 'GET', '/api/employment-records/mine')).json<MyEmploymentRecords>()).toEqual({ employments: [], checks: [], pending: [], epfo: null });
    });
  });
});
