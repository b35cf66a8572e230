import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '../../shared/schemas/csv-import.ts';
import type { EmployeeImportPreview, EmployeeImportResult } from '../../shared/schemas/employee-import.ts';
import type { MyEmploymentRecords } from '../../shared/schemas/employment.ts';
import { CSV_IMPORT_BODY_BYTES } from '../../server/imports/csv-table.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const text = messages.employment;
const csvText = messages.csvImport;
const HEADER = 'Candidate ID,Title,Joining date';
const csvOf = (...lines: string[]) => [HEADER, ...lines].join('\r\n');

/**
 * Import existing employees from CSV (issue 36 §2): the preview names every row's problems and
 * writes nothing; the import writes every row (as the single add does: unconfirmed, audited,
 * announced, the webhook, the email asking the person to confirm) in one transaction, or nothing.
 */
describe.skipIf(laneUnavailable)(`import employees from CSV (${testDbKind})`, () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.76.${Math.floor(++ip / 250)}.${ip % 250}`;
  let companyA: { id: string; name: string };
  let companyB: { id: string; name: string };
  const jars = {} as Record<'ownerA' | 'ownerB' | 'interviewerA' | 'candidate', CookieJar>;
  const ownerIds = {} as Record<'ownerA' | 'ownerB', string>;
  /** People not yet employed anywhere, each with an email and a candidate ID. */
  const people: { id: string; email: string; password: string; code: string }[] = [];
  let employed: { id: string; code: string };

  const db = () => t.database.db;
  const post = (who: keyof typeof jars | 'anonymous', url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: who === 'anonymous' ? {} : { cookie: jars[who].header }, payload, remoteAddress: nextIp() });
  const preview = (csv: string, who: keyof typeof jars = 'ownerA') => post(who, '/api/employees/import/preview', { csv });
  const runImport = (csv: string, who: keyof typeof jars = 'ownerA') => post(who, '/api/employees/import', { csv });
  const count = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n);
  /** What an import writes, counted: employments, audit rows, emails, webhook deliveries. */
  const written = async () => ({
    employments: await count(db().selectFrom('employments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()),
    audits: await count(db().selectFrom('admin_audit_logs').select((eb) => eb.fn.countAll().as('n')).where('action', 'in', ['employee_added', 'employees_imported']).executeTakeFirstOrThrow()),
    emails: await count(db().selectFrom('outbox_messages').select((eb) => eb.fn.countAll().as('n')).where('subject', 'like', '% asks you to confirm an employment on WorkCred').executeTakeFirstOrThrow()),
    webhooks: await count(db().selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll().as('n')).where('event_type', '=', 'employee.hired').executeTakeFirstOrThrow()),
  });

  async function candidate(fullName: string) {
    const user = await t.factories.user({ role: 'candidate', fullName });
    const { candidate_code } = await t.factories.candidateProfile(user.id);
    return { id: user.id, email: user.email, password: user.password, code: candidate_code };
  }

  beforeAll(async () => {
    t = await createTestApp();
    companyA = await t.factories.company({ name: 'Godavari Cements' });
    companyB = await t.factories.company({ name: 'Sahyadri Foods' });
    for (const [who, companyId, companyRole] of [['ownerA', companyA.id, 'owner'], ['ownerB', companyB.id, 'owner'], ['interviewerA', companyA.id, 'interviewer']] as const) {
      const user = await t.factories.user({ role: 'employer', companyId, companyRole });
      if (who !== 'interviewerA') ownerIds[who] = user.id;
      jars[who] = await signIn(t.app, user.email, user.password, nextIp());
    }
    const someone = await candidate('Chitra Someone');
    jars.candidate = await signIn(t.app, someone.email, someone.password, nextIp());
    for (const name of ['Arjun Naidu', 'Bhavana Reddy', 'Charan Teja', 'Deepa Iyer', 'Esha Gupta', 'Farhan Ali']) people.push(await candidate(name));
    const already = await candidate('Gopal Rao');
    employed = { id: already.id, code: already.code };
    await db().insertInto('employments').values({ company_id: companyA.id, employee_id: already.id, title: 'Kiln Operator', joining_date: '2023-05-01', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() }).execute();
    // A subscriber to employee.hired, so an import that wrote anything would leave deliveries behind.
    await db().insertInto('webhook_endpoints').values({ company_id: companyA.id, url: 'https://hooks.example.in/hr', events: ['employee.hired'], secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=' }).execute();
  });
  afterAll(async () => t?.close());

  it('previews every row with its problems (schema, unknown ID, already employed, bad date, the same ID twice) and writes nothing', async () => {
    const before = await written();
    const [arjun, bhavana] = people as [(typeof people)[number], (typeof people)[number]];
    const response = await preview(
      csvOf(
        `${arjun.code},Packing Supervisor,01/04/2024`,
        'WC-ZZZZZZ,Welder,2024-01-01',
        `${employed.code},Kiln Operator,2024-01-01`,
        `${bhavana.code},Chemist,31/02/2024`,
        `${arjun.code.toLowerCase()},Packer,02-04-2024`,
        `${bhavana.code},,2024-05-01`,
        'WC-12,Driver,2024-13-01',
        `${people[2]!.code},Fitter,4/4/24`,
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<EmployeeImportPreview>();
    expect(body).toMatchObject({ valid: 1, invalid: 7 });
    expect(body.rows.map((row) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, [text.candidateNotFound]],
      [4, [text.alreadyEmployed]],
      [5, [text.importDateInvalid]],
      [6, [fill(csvText.sameAsRow, { what: text.importRepeatWhat, row: 2 })]],
      [7, [fill(csvText.required, { column: 'Title' }), fill(csvText.sameAsRow, { what: text.importRepeatWhat, row: 5 })]],
      [8, [text.candidateCodeInvalid, text.importDateInvalid]],
      [9, [text.importDateInvalid]],
    ]);
    // The ready row's values as they will be written: the date read day first. No name is shown:
    // a candidate ID alone reveals none (issue 33 A1).
    expect(body.rows[0]!.values).toEqual({ candidate_code: arjun.code, title: 'Packing Supervisor', joining_date: '2024-04-01' });
    // A date that could not be read stays as the file wrote it, so the person finds it there.
    expect(body.rows[3]!.values.joining_date).toBe('31/02/2024');
    expect(response.body).not.toContain('Arjun');
    expect(await written()).toEqual(before);
  });

  it('refuses the whole file when one row is wrong: 400 with every row, and no employment, audit row, email or webhook', async () => {
    const before = await written();
    const response = await runImport(csvOf(`${people[0]!.code},Packer,2024-04-01`, `${people[1]!.code},Chemist,2024-04-01`, `${employed.code},Kiln Operator,2024-04-01`));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'IMPORT_ROWS_INVALID',
      message: fill(csvText.rowsInvalid, { count: 1, total: 3 }),
      valid: 2,
      invalid: 1,
      rows: [{ row: 2, errors: [] }, { row: 3, errors: [] }, { row: 4, errors: [text.alreadyEmployed] }],
    });
    expect(await written()).toEqual(before);
  });

  it('imports every row of a good file in one go: each person unconfirmed and emailed to confirm, one audit row each and one for the import', async () => {
    const before = await written();
    const [arjun, bhavana, charan] = people as [(typeof people)[number], (typeof people)[number], (typeof people)[number]];
    // Excel's BOM, headers in another case and spacing, a quoted title with a comma, the three date forms, a blank line.
    const csv = `\uFEFFcandidate id , TITLE,Joining  Date\r\n${arjun.code},"Packer, Line 2",01/04/2024\r\n\r\n ${bhavana.code.toLowerCase()} ,Chemist,15-06-2023\r\n${charan.code},Fitter,2022-11-30\r\n`;
    expect((await preview(csv)).json<EmployeeImportPreview>()).toMatchObject({ valid: 3, invalid: 0 });
    const response = await runImport(csv);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<EmployeeImportResult>();
    expect(result.imported).toBe(3);
    expect(result.employees.map((e) => [e.candidate_code, e.title, e.joining_date, e.confirmation, e.full_name])).toEqual([
      [arjun.code, 'Packer, Line 2', '2024-04-01', 'unconfirmed', null],
      [bhavana.code, 'Chemist', '2023-06-15', 'unconfirmed', null],
      [charan.code, 'Fitter', '2022-11-30', 'unconfirmed', null],
    ]);
    expect(await written()).toEqual({ employments: before.employments + 3, audits: before.audits + 4, emails: before.emails + 3, webhooks: before.webhooks + 3 });
    const importAudit = await db().selectFrom('admin_audit_logs').select(['admin_id', 'company_id', 'details']).where('action', '=', 'employees_imported').execute();
    expect(importAudit).toEqual([{ admin_id: ownerIds.ownerA, company_id: companyA.id, details: { count: 3 } }]);
    for (const person of [arjun, bhavana, charan]) {
      const mail = await waitFor(async () => db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', person.email).executeTakeFirst());
      expect(mail.subject).toBe(fill(text.addedEmailSubject, { company: companyA.name }));
      expect(mail.body_text).toContain('/dashboard');
    }
    // Nothing reaches Arjun's record until he confirms it.
    const arjunJar = await signIn(t.app, arjun.email, arjun.password, nextIp());
    const mine = (await t.app.inject({ method: 'GET', url: '/api/employment-records/mine', headers: { cookie: arjunJar.header }, remoteAddress: nextIp() })).json<MyEmploymentRecords>();
    expect(mine.employments).toEqual([]);
    expect(mine.pending.map((p) => [p.company_name, p.title])).toEqual([[companyA.name, 'Packer, Line 2']]);

    // Imported again: each row is now someone already employed, and nothing more is written.
    const again = await runImport(csv);
    expect(again.statusCode).toBe(400);
    expect(again.json<EmployeeImportPreview>().rows.map((row) => row.errors)).toEqual([[text.alreadyEmployed], [text.alreadyEmployed], [text.alreadyEmployed]]);
    expect(await written()).toEqual({ employments: before.employments + 3, audits: before.audits + 4, emails: before.emails + 3, webhooks: before.webhooks + 3 });
  });

  it('refuses, naming the row, someone a teammate added between the preview and the import; nothing is written', async () => {
    const [, , , deepa, esha] = people as [unknown, unknown, unknown, (typeof people)[number], (typeof people)[number]];
    const csv = csvOf(`${deepa.code},Accountant,2024-02-01`, `${esha.code},Storekeeper,2024-02-01`);
    expect((await preview(csv)).json<EmployeeImportPreview>().invalid).toBe(0);
    expect((await post('ownerA', '/api/employees', { candidate_code: esha.code, title: 'Storekeeper', joining_date: '2024-02-01' })).statusCode).toBe(201);
    const before = await written();
    const response = await runImport(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json<EmployeeImportPreview>().rows.map((row) => row.errors)).toEqual([[], [text.alreadyEmployed]]);
    expect(await written()).toEqual(before);
  });

  // Only a real server can hold a second transaction open while the import runs.
  it.skipIf(testDbKind !== 'postgres')('rolls the whole import back when a teammate’s add commits between its check and its insert (the unique index decides), naming the row', async () => {
    const farhan = people[5]!;
    const [, , , deepa] = people as [unknown, unknown, unknown, (typeof people)[number]];
    const csv = csvOf(`${deepa.code},Accountant,2024-02-01`, `${farhan.code},Electrician,2024-03-01`);
    const before = await written();
    let answer: Awaited<ReturnType<typeof runImport>> | undefined;
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('employments').values({ company_id: companyA.id, employee_id: farhan.id, title: 'Electrician', joining_date: '2024-03-01', confirmation: 'unconfirmed' }).execute();
        // Not awaited here: the import must wait on this transaction, which commits when the callback returns.
        void runImport(csv).then((response) => {
          answer = response;
        });
        // The import has checked (it cannot see this uncommitted row) and now waits on the index for Farhan's row.
        await waitFor(async () => {
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into "employments"%'`.execute(db());
          return Number(rows[0]?.n) > 0;
        }, { what: 'the import to wait on the unique index' });
        expect(answer).toBeUndefined();
      });
    const response = await waitFor(() => answer, { what: 'the import to answer' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<EmployeeImportPreview>().rows.map((row) => row.errors)).toEqual([[], [text.alreadyEmployed]]);
    // Only the teammate's row was written: not Deepa's, nor any audit row, email or webhook of the import.
    expect(await written()).toEqual({ ...before, employments: before.employments + 1 });
  });

  const tooMany = csvOf(...Array.from({ length: CSV_IMPORT_MAX_ROWS + 1 }, (_, i) => `WC-${String(i).padStart(6, '0')},Helper,2024-01-01`));
  it.each([
    { name: 'a missing column', csv: 'Candidate ID,Title\nWC-7K3F9Q,Helper', code: 'CSV_COLUMNS', message: fill(csvText.missingColumns, { columns: '“Joining date”' }) },
    { name: 'an unknown column', csv: `${HEADER},Salary\nWC-7K3F9Q,Helper,2024-01-01,30000`, code: 'CSV_COLUMNS', message: fill(csvText.unknownColumns, { columns: '“Salary”' }) },
    { name: `${CSV_IMPORT_MAX_ROWS + 1} rows`, csv: tooMany, code: 'CSV_TOO_MANY_ROWS', message: fill(csvText.tooManyRows, { count: CSV_IMPORT_MAX_ROWS + 1, max: CSV_IMPORT_MAX_ROWS }) },
    { name: 'a header and no rows', csv: `${HEADER}\r\n\r\n`, code: 'CSV_EMPTY', message: csvText.fileEmpty },
    { name: 'an empty file', csv: '', code: 'CSV_EMPTY', message: csvText.fileEmpty },
    { name: 'a file that is not CSV (an unterminated quote)', csv: `${HEADER}\n"WC-7K3F9Q,Helper,2024-01-01`, code: 'CSV_UNREADABLE', message: expect.stringContaining('could not be read as CSV') },
    { name: 'a file over 1 MB', csv: 'x'.repeat(CSV_IMPORT_MAX_BYTES + 1), code: 'VALIDATION_FAILED', message: expect.stringContaining(fill(csvText.fileTooLarge, { max: CSV_IMPORT_MAX_BYTES / 1000 })) },
  ])('answers 400 naming the problem for $name, on preview and import alike, writing nothing', async ({ csv, code, message }) => {
    const before = await written();
    for (const response of [await preview(csv), await runImport(csv)]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code, message });
    }
    expect(await written()).toEqual(before);
  });

  it('answers 413 to a body past the route’s limit, before reading it', async () => {
    const response = await preview('x'.repeat(CSV_IMPORT_BODY_BYTES));
    expect(response.statusCode).toBe(413);
  });

  it('is for those who manage the company’s employees, into their own company only', async () => {
    const csv = csvOf(`${people[4]!.code},Driver,2024-01-01`);
    const before = await written();
    for (const url of ['/api/employees/import/preview', '/api/employees/import']) {
      expect((await post('anonymous', url, { csv })).statusCode).toBe(401);
      const candidateCall = await post('candidate', url, { csv });
      expect(candidateCall.statusCode).toBe(403);
      expect(candidateCall.json<{ message: string }>().message).toBe(messages.profile.notInCompany);
      const interviewer = await post('interviewerA', url, { csv });
      expect(interviewer.statusCode).toBe(403);
      expect(interviewer.json<{ code: string }>().code).toBe('PERMISSION_DENIED');
      // The company is always the caller's: a body naming another is refused.
      expect((await post('ownerB', url, { csv, company_id: companyA.id })).statusCode).toBe(400);
    }
    expect(await written()).toEqual(before);
    // Company B imports Esha (already at A): the row is B's, and A's list is unchanged.
    const response = await runImport(csvOf(`${people[4]!.code},Driver,2024-01-01`), 'ownerB');
    expect(response.statusCode, response.body).toBe(201);
    const [employment] = response.json<EmployeeImportResult>().employees;
    expect((await db().selectFrom('employments').select('company_id').where('id', '=', employment!.id).executeTakeFirstOrThrow()).company_id).toBe(companyB.id);
  });
});
