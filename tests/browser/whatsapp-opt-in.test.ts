import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { whatsappMessages as text } from '../../shared/messages/whatsapp.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Kaveri-Monsoon-Hubli-36';

/**
 * Issue 36 §3 in a browser: the candidate's WhatsApp switch in the privacy centre, turned on and
 * off with the consent ledger following; a candidate without a verified number is told why it
 * cannot be turned on. Axe at 1280 and 375 px.
 */
describe('WhatsApp opt-in in the privacy centre', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('turns WhatsApp updates on and off, recorded in the ledger, at 1280 and 375 px', async () => {
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Ritu Sharma' });
    await h.t.factories.candidateProfile(candidate.id, { phone: '+919812345678' });
    const { page } = await h.openSignedIn(candidate.email, PASSWORD, '/dashboard/privacy');
    const section = page.getByRole('region', { name: text.title });
    const toggle = section.getByRole('switch', { name: text.toggle });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await toggle.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await toggle.click();
    await waitForToast(page, text.optedIn);
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await section.getByText('+919812345678', { exact: false }).waitFor();
    const ledger = page.getByRole('region', { name: messages.privacy.consentsTitle });
    await ledger.getByTestId('consent').filter({ hasText: messages.privacy.consentKinds.whatsapp }).getByText(messages.privacy.active, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'whatsapp-opt-in-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await toggle.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'whatsapp-opt-in-375');

    await toggle.click();
    await waitForToast(page, text.optedOut);
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await ledger.getByTestId('consent').filter({ hasText: messages.privacy.consentKinds.whatsapp }).getByText(messages.privacy.withdrawn, { exact: true }).waitFor();
  });

  it('explains that a verified number comes first, with the switch off and disabled', async () => {
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Nilesh Patil' });
    await h.t.factories.candidateProfile(candidate.id, { phone: null });
    const { page } = await h.openSignedIn(candidate.email, PASSWORD, '/dashboard/privacy');
    const section = page.getByRole('region', { name: text.title });
    await section.getByText(text.needsVerifiedPhone).waitFor();
    const toggle = section.getByRole('switch', { name: text.toggle });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'whatsapp-opt-in-unverified-375');
  });
});
