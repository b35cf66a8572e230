import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Waits for the page's finite animations and transitions (a dialog or toast fading in has its colours half-way). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))));
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens a blank page to merge the frames'
  // results, which cost about a second a check (our pages have no frames). Without preload axe
  // does not fetch the stylesheets again for its one CSSOM rule (css-orientation-lock: our CSS has
  // no orientation queries): 20 checks took 8.3 s instead of 10.7 s.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'], preload: false, iframes: false }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/**
 * axe-core's serious and critical findings on the page once its animations have finished, one line
 * each (an empty list passes). A finding is confirmed by a second check after any animation that
 * began meanwhile (a transition started by the first check's own focus and scroll) has settled.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const first = await seriousViolations(page);
  if (first.length === 0) return first;
  await animationsSettled(page);
  return seriousViolations(page);
}
