import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { formatIstDate } from '../../shared/gst.ts';
import { messages } from '../../shared/messages.ts';
import { formatIstTime } from '../../shared/schemas/interviews.ts';
import { API_KEY_PATTERN } from '../../shared/schemas/api-keys.ts';
import { API_PROBLEMS } from '../../shared/schemas/api-problems.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { waitFor } from '../support/wait-for.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Nilgiri-Tea-Estate-58';
const text = messages.developers;

/** Issue 16: Settings → Developers: an owner creates an API key, sees it once, uses it, revokes it. */
describe('Settings → Developers', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('creates a scoped key shown once, which reads the company’s jobs through /api/v1 until it is revoked', async () => {
    const company = await h.t.factories.company({ name: 'Malabar Spices' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Anil Menon' });
    await h.t.factories.job(company.id, { title: 'Quality Analyst', location: 'Kochi, Kerala' });

    const { page, context } = await h.open('/auth');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseURL });
    await submitSignIn(page, owner.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.goto('/dashboard/settings/developers');
    const panel = page.getByRole('tabpanel', { name: text.tab });
    await panel.getByText(text.empty).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A name is required; then Jobs: Read (chosen already) and Applications: Read.
    await panel.getByRole('button', { name: text.createKey }).click();
    const dialog = page.getByRole('dialog', { name: text.createTitle });
    await dialog.getByLabel(text.nameLabel).waitFor();
    await dialog.getByRole('button', { name: text.create }).click();
    await dialog.getByText(text.nameRequired).waitFor();
    await dialog.getByLabel(text.nameLabel).fill('Keka sync');
    expect(await dialog.getByRole('checkbox', { name: `${text.resources.jobs}: ${text.read}` }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: `${text.resources.applications}: ${text.read}` }).check();
    expect(await dialog.getByRole('checkbox', { name: `${text.resources.candidates}: ${text.write}` }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'developers-new-key-1280');
    await dialog.getByRole('button', { name: text.create }).click();

    // The secret, once, and copied.
    const shown = page.getByRole('dialog', { name: text.secretTitle });
    const secret = ((await shown.getByTestId('api-key-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(API_KEY_PATTERN);
    await shown.getByRole('button', { name: text.copy }).click();
    await waitForToast(page, text.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'developers-secret-1280');
    await shown.getByRole('button', { name: text.done }).click();
    await shown.waitFor({ state: 'detached' });

    // The list shows the prefix, never the secret.
    const row = panel.getByRole('row', { name: /Keka sync/ });
    await row.getByText(`${secret.slice(0, 14)}…`).waitFor();
    await expect.poll(() => row.textContent()).toContain('jobs:read, applications:read');
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'developers-keys-1280');

    // The key reads the company's jobs from code.
    const read = async () => fetch(`${h.baseURL}/api/v1/jobs`, { headers: { authorization: `Bearer ${secret}` } });
    const jobs = await read();
    expect(jobs.status).toBe(200);
    expect(((await jobs.json()) as { data: { title: string }[] }).data.map((job) => job.title)).toEqual(['Quality Analyst']);

    // Last used shows the time of that use (issue 33 C2: a date alone never changed all day).
    const used = await h.t.database.db.selectFrom('api_keys').select('last_used_at').where('company_id', '=', company.id).executeTakeFirstOrThrow();
    await page.reload();
    await row.getByText(`${formatIstDate(used.last_used_at!)}, ${formatIstTime(used.last_used_at!)}`).waitFor();

    // 375 px: the table fits the card; then Revoke, confirmed, stops the key at once.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'developers-keys-375');
    await row.getByRole('button', { name: `${text.revoke} Keka sync` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Keka sync?' });
    await confirm.getByRole('button', { name: text.revoke }).click();
    await waitForToast(page, text.revoked);
    await row.getByText(text.statusRevoked).waitFor();
    expect((await read()).status).toBe(401);
  });

  it('is not offered to a recruiter', async () => {
    const company = await h.t.factories.company({ name: 'Malabar Recruiting' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD });
    const { page } = await h.openSignedIn(recruiter.email, PASSWORD, '/dashboard/settings/developers');
    await page.getByRole('tablist', { name: messages.settings.tabsLabel }).waitFor();
    expect(await page.getByRole('tab', { name: text.tab }).count()).toBe(0);
  });

  it('documents the API at /developers, its endpoints read from the OpenAPI document', async () => {
    const { page } = await h.open('/developers');
    await page.getByRole('heading', { level: 1, name: 'The WorkCred API' }).waitFor();
    await page.getByText('GET /api/v1/jobs/{id}', { exact: true }).waitFor();
    await page.getByText('GET /api/v1/jobs', { exact: true }).waitFor();
    await page.getByText('POST /api/v1/applications/{id}/move', { exact: true }).waitFor();
    await page.getByText('Move an application to a stage.').waitFor();
    await page.getByText(/Send an Idempotency-Key header/).waitFor();
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    await page.getByText(/new Webhook\(process\.env\.WORKCRED_WEBHOOK_SECRET\)/).waitFor();
    expect(await page.locator('#problem-idempotency-key-reused').textContent()).toContain('422');
    expect(await page.locator('#problem-missing-scope').textContent()).toContain('403');
    // Every problem type the API answers has its anchor here (issue 33 C1: the types resolve).
    for (const { slug, status } of API_PROBLEMS) expect(await page.locator(`#problem-${slug}`).textContent(), slug).toContain(String(status));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'developers-docs-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'developers-docs-375');

    // The rendered reference (Swagger UI) of the same document, grouped by resource.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'API reference' }).click();
    await waitForPath(page, '/developers/reference');
    await page.locator('.info .title', { hasText: 'WorkCred API' }).waitFor();
    await page.locator('.opblock-tag', { hasText: /^Applications$/ }).waitFor();
    await page.locator('.opblock-summary-path', { hasText: /^\/api\/v1\/applications\/\{id\}\/move$/ }).waitFor();
    await page.getByRole('button', { name: 'Authorize' }).waitFor();
    // An operation opens with its parameters, body and answers.
    await page.locator('.opblock-summary-control', { hasText: 'Move an application to a stage' }).click();
    await page.locator('.opblock-body .parameters', { hasText: 'id' }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'developers-reference-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'developers-reference-375');
  });

  it('adds a webhook endpoint with a secret shown once, sends it a signed test event, shows the delivery, rotates, turns off and deletes', { timeout: 90_000 }, async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    let failNext = false;
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.statusCode = failNext ? 500 : 200;
        response.end(failNext ? 'maintenance' : 'ok');
        failNext = false;
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/workcred`;
    try {
      const company = await h.t.factories.company({ name: 'Coromandel Fertilisers' });
      const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Lakshmi Iyer' });
      const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/settings/developers');
      const panel = page.getByRole('tabpanel', { name: text.tab });
      await panel.getByText(text.noWebhooks).waitFor();

      await panel.getByRole('button', { name: text.addWebhook }).click();
      const dialog = page.getByRole('dialog', { name: text.addWebhookTitle });
      await dialog.getByLabel(text.urlLabel).fill('not a url');
      await dialog.getByRole('button', { name: text.addWebhook }).click();
      await dialog.getByText(text.webhookUrlInvalid).waitFor();
      await dialog.getByLabel(text.urlLabel).fill(url);
      await dialog.getByLabel(text.descriptionLabel).fill('Darwinbox onboarding');
      await dialog.getByRole('checkbox', { name: new RegExp(text.eventLabels['employee.hired']) }).check();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'developers-webhook-add');
      await dialog.getByRole('button', { name: text.addWebhook }).click();
      const secret = (await page.getByTestId('webhook-secret').textContent())!;
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: text.done }).click();

      const item = panel.getByRole('listitem', { name: url });
      await item.getByText('Darwinbox onboarding').waitFor();
      expect(await panel.textContent()).not.toContain(secret);
      await item.getByRole('button', { name: text.sendTest }).click();
      // The outcome as the endpoint gave it (issue 33 C2: "Test event sent" showed even when it failed).
      await item.getByRole('status').getByText(fill(text.testDelivered, { status: 200 })).waitFor();
      const test = await waitFor(() => received[0], { what: 'the test event' });
      expect(new Webhook(secret).verify(test.body, test.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });
      await item.getByRole('table').getByText(text.deliveryStatus.succeeded).waitFor({ timeout: 15_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'developers-webhooks-1280');
      await page.setViewportSize({ width: 375, height: 812 });
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'developers-webhooks-375');
      // A failing endpoint: the reason, not a success.
      failNext = true;
      await item.getByRole('button', { name: text.sendTest }).click();
      await item.getByRole('status').getByText(fill(text.testFailed, { reason: 'HTTP 500: maintenance' })).waitFor();
      expect(await item.getByRole('status').textContent()).not.toContain(fill(text.testDelivered, { status: 200 }));
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'developers-webhook-test-failed-375');
      await page.setViewportSize({ width: 1280, height: 800 });

      await item.getByRole('button', { name: text.rotateSecret }).click();
      await page.getByRole('dialog', { name: text.rotateTitle }).getByRole('button', { name: text.rotate }).click();
      const rotated = (await page.getByTestId('webhook-secret').textContent())!;
      expect(rotated).not.toBe(secret);
      await page.getByRole('button', { name: text.done }).click();

      await item.getByRole('button', { name: text.turnOff }).click();
      await waitForToast(page, text.turnedOff);
      await item.getByText(text.statusDisabled, { exact: true }).waitFor();
      await item.getByRole('button', { name: text.deleteWebhook }).click();
      await page.getByRole('dialog', { name: text.deleteWebhookTitle }).getByRole('button', { name: text.deleteWebhook }).click();
      await waitForToast(page, text.webhookDeleted);
      await panel.getByText(text.noWebhooks).waitFor();
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
