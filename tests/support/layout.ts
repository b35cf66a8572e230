import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsSettled } from './axe.ts';

/**
 * How far the page scrolls sideways (0 when it fits), measured once its finite animations have
 * finished (a toast sliding out, or a drawer closing after a resize, is not the layout), with the
 * elements that stick out past the right edge named, so a failure says what to fix.
 */
export async function sidewaysOverflow(page: Page): Promise<{ overflow: number; offenders: string[] }> {
  await animationsSettled(page);
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    if (overflow <= 0) return { overflow: 0, offenders: [] };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' ? element.className.split(/\s+/).filter(Boolean).slice(0, 4).map((name) => `.${name}`).join('') : '';
      const words = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes} "${words}" right=${Math.round(element.getBoundingClientRect().right)}`;
    };
    const sticking = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5);
    // The innermost ones: an element whose child also sticks out is only the child's container.
    const innermost = sticking.filter((element) => !sticking.some((other) => other !== element && element.contains(other)));
    return { overflow, offenders: innermost.slice(0, 8).map(describe) };
  });
}

/** Fails, naming what sticks out, when the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { overflow, offenders } = await sidewaysOverflow(page);
  expect(overflow, `the page scrolls ${overflow}px sideways; sticking out:\n${offenders.join('\n')}`).toBeLessThanOrEqual(0);
}
