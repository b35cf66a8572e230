import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { downloadedBytes, screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Saffron-Ledger-Kochi-63';
const text = messages.employment;
const csvText = messages.csvImport;
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(['Candidate ID,Title,Joining date', ...lines].join('\r\n')) });

/**
 * Team → Employees → Import from CSV (issue 36 §2) in a real browser: the template downloads,
 * a file with a problem row is checked and cannot be imported, the fixed file imports every row,
 * and the list shows the new (unconfirmed) employees. At 1280 and 375 px, axe clean.
 */
describe('employees: import from CSV', () => {
  let h: BrowserHarness;
  let owner: { email: string };
  let companyId = '';
  const codes: string[] = [];

  beforeAll(async () => {
    h = await startBrowserHarness();
    const { factories } = h.t;
    const company = await factories.company({ name: 'Tungabhadra Sugars' });
    companyId = company.id;
    owner = await factories.user({ role: 'employer', companyId, password: PASSWORD, fullName: 'Meera Kulkarni' });
    for (const name of ['Anand Hegde', 'Bindu Shetty', 'Chetan Gowda']) {
      const person = await factories.user({ role: 'candidate', fullName: name });
      codes.push((await factories.candidateProfile(person.id)).candidate_code);
    }
  });
  afterAll(async () => h?.close());

  it('checks a file, shows the problem row, imports the fixed file and lists the employees (1280 px)', { timeout: 90_000 }, async () => {
    const [anand, bindu, chetan] = codes as [string, string, string];
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/team/employees');
    await page.getByText(text.noEmployees.active).waitFor();
    await page.getByRole('button', { name: text.importEmployees }).click();
    const dialog = page.getByRole('dialog', { name: text.importTitle });

    // The template: the header row and an example row, ready for a spreadsheet.
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: csvText.template }).click()]);
    expect(download.suggestedFilename()).toBe('workcred-employees.csv');
    expect((await downloadedBytes(download)).toString('utf8')).toBe('\uFEFFCandidate ID,Title,Joining date\r\nWC-7K3F9Q,Machine Operator,01/04/2024\r\n');

    // Nothing to check before a file is chosen.
    expect(await dialog.getByRole('button', { name: csvText.preview }).isDisabled()).toBe(true);
    await dialog.getByLabel(csvText.chooseFile).setInputFiles(csvFile('staff.csv', [`${anand},Cane Supervisor,01/04/2024`, `${bindu},Chemist,31/02/2024`, `${chetan},Boiler Attendant,2023-07-15`]));
    await dialog.getByRole('button', { name: csvText.preview }).click();
    await dialog.getByText(fill(csvText.previewProblems, { invalid: 1, total: 3 })).waitFor();
    const problem = dialog.getByTestId('csv-import-row').filter({ hasText: bindu });
    await problem.getByText(text.importDateInvalid).waitFor();
    await problem.getByText('31/02/2024').waitFor();
    // The ready rows show the date as it was read: day first.
    await dialog.getByTestId('csv-import-row').filter({ hasText: anand }).getByText('1 Apr 2024').waitFor();
    expect(await dialog.getByRole('button', { name: fill(csvText.importRows, { count: 3 }) }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'employees-import-problems-1280');

    // The fixed file: every row ready, and the import is offered.
    await dialog.getByLabel(csvText.chooseFile).setInputFiles(csvFile('staff-fixed.csv', [`${anand},Cane Supervisor,01/04/2024`, `${bindu},Chemist,28/02/2024`, `${chetan},Boiler Attendant,2023-07-15`]));
    expect(await dialog.getByTestId('csv-import-row').count()).toBe(0);
    await dialog.getByRole('button', { name: csvText.preview }).click();
    await dialog.getByText(fill(csvText.previewReady, { valid: 3, total: 3 })).waitFor();
    expect(await dialog.getByText(csvText.ok, { exact: true }).count()).toBe(3);
    await screenshot(page, 'employees-import-ready-1280');
    await dialog.getByRole('button', { name: fill(csvText.importRows, { count: 3 }) }).click();
    await waitForToast(page, fill(text.imported, { count: 3 }));
    await dialog.waitFor({ state: 'detached' });

    // The list refreshed: each new employee by candidate ID, unconfirmed, without a name.
    for (const code of codes) await page.getByRole('row', { name: code }).getByText(text.confirmationLabels.unconfirmed).waitFor();
    await page.getByRole('row', { name: bindu }).getByText('28 Feb 2024').waitFor();
    expect(await page.getByText('Bindu Shetty').count()).toBe(0);
    await screenshot(page, 'employees-import-done-1280');
    const rows = await h.t.database.db.selectFrom('employments').select(['confirmation']).where('company_id', '=', companyId).execute();
    expect(rows).toEqual([{ confirmation: 'unconfirmed' }, { confirmation: 'unconfirmed' }, { confirmation: 'unconfirmed' }]);
  });

  it('shows the rows again when a teammate added someone between the check and the import; nothing is imported', { timeout: 60_000 }, async () => {
    const { factories, database } = h.t;
    const [dev, esha] = await Promise.all([factories.user({ role: 'candidate', fullName: 'Dev Patil' }), factories.user({ role: 'candidate', fullName: 'Esha Joshi' })]);
    const devCode = (await factories.candidateProfile(dev.id)).candidate_code;
    const eshaCode = (await factories.candidateProfile(esha.id)).candidate_code;
    const opened = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/team/employees');
    const { page } = opened;
    opened.expectConsoleError({ status: 400, path: '/api/employees/import' });
    await page.getByRole('button', { name: text.importEmployees }).click();
    const dialog = page.getByRole('dialog', { name: text.importTitle });
    await dialog.getByLabel(csvText.chooseFile).setInputFiles(csvFile('late.csv', [`${devCode},Lab Assistant,01/06/2024`, `${eshaCode},Driver,01/06/2024`]));
    await dialog.getByRole('button', { name: csvText.preview }).click();
    await dialog.getByText(fill(csvText.previewReady, { valid: 2, total: 2 })).waitFor();
    // A teammate adds Esha meanwhile.
    const added = await page.evaluate(async (code) => (await fetch('/api/employees', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ candidate_code: code, title: 'Driver', joining_date: '2024-06-01' }) })).status, eshaCode);
    expect(added).toBe(201);
    await dialog.getByRole('button', { name: fill(csvText.importRows, { count: 2 }) }).click();
    await waitForToast(page, text.importFailed);
    await dialog.getByText(fill(csvText.previewProblems, { invalid: 1, total: 2 })).waitFor();
    await dialog.getByTestId('csv-import-row').filter({ hasText: eshaCode }).getByText(text.alreadyEmployed).waitFor();
    expect(await database.db.selectFrom('employments').select('id').where('employee_id', '=', dev.id).execute()).toEqual([]);
  });

  it('works on a phone: the rows scroll inside the dialog, not the page (375 px)', { timeout: 60_000 }, async () => {
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/team/employees');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: text.importEmployees }).click();
    const dialog = page.getByRole('dialog', { name: text.importTitle });
    // Everyone in it is now employed here, and one ID is nobody's.
    await dialog.getByLabel(csvText.chooseFile).setInputFiles(csvFile('more.csv', [`${codes[0]!},Cane Supervisor,01/04/2024`, 'WC-ZZZZZZ,Fitter,02-05-2022']));
    await dialog.getByRole('button', { name: csvText.preview }).click();
    await dialog.getByText(fill(csvText.previewProblems, { invalid: 2, total: 2 })).waitFor();
    await dialog.getByText(text.alreadyEmployed).waitFor();
    await dialog.getByText(text.candidateNotFound).waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'employees-import-problems-375');
  });
});
