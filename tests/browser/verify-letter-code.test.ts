import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const text = messages.letters;

/**
 * Issue 33 A9: /verify answered a wrong code by showing it changed (upper-cased, dashes dropped,
 * as the address carries it) rather than as the person typed it. The address still carries the
 * code as printed; the field keeps what was typed.
 */
describe('/verify: a wrong code', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  for (const width of [1280, 375]) {
    it(`is shown as it was typed, at ${width} px`, { timeout: 60_000 }, async () => {
      const visitor = await h.open('/verify');
      await visitor.page.setViewportSize({ width, height: 812 });
      visitor.expectConsoleError({ status: 404, path: /^\/api\/public\/letters\/[^/]+$/ });
      const field = visitor.page.getByLabel(text.codeLabel);
      for (const typed of ['7kq2-m9xp-d4tb', 'Zz9 Yy8 Xx7w']) {
        await field.fill(typed);
        await visitor.page.getByRole('button', { name: text.check }).click();
        await visitor.page.waitForURL(`**/verify/${typed.toUpperCase().replace(/[^0-9A-Z]/g, '')}`);
        await visitor.page.getByRole('alert').getByText(text.notFound).waitFor();
        expect(await field.inputValue()).toBe(typed);
      }
      expect(await seriousAxeViolations(visitor.page)).toEqual([]);
      await expectNoSidewaysScroll(visitor.page);
    });
  }
});
