import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Download, type Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';
import { CHROMIUM_ARGS } from './chromium-args.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The built web app; `TEST_DIST_DIR` points at another build (e.g. `vite build --outDir .tmp/dist-x`). */
export const DIST_DIR = path.resolve(process.env.TEST_DIST_DIR || 'dist');
const DIST_INDEX = path.join(DIST_DIR, 'index.html');
export const SCREENSHOT_DIR = path.resolve('.tmp/screenshots');
const SCREENSHOTS = process.env.CI !== 'true' || process.env.SCREENSHOTS === '1';


/** A console error the test expects, e.g. the browser's note about an answer with an error status. */
export interface ExpectedConsoleError {
  /** Status of the failed request the browser reports ("Failed to load resource: … status of 401"). */
  status?: number;
  /** Path (without query) of the request, or of the page the message comes from. */
  path?: string | RegExp;
  text?: RegExp;
}

/**
 * Nothing is expected by default: a signed-out browser learns it is signed out from GET
 * /api/session (200), so a page logs no error or warning unless a test says it will.
 */
const ALWAYS_EXPECTED: ExpectedConsoleError[] = [];

export interface BrowserPage {
  page: Page;
  context: BrowserContext;
  /** Another tab in the same browser profile (shares cookies and BroadcastChannel). */
  newTab(): Promise<Page>;
  expectConsoleError(expected: ExpectedConsoleError): void;
}

export interface BrowserHarness {
  t: TestApp;
  baseURL: string;
  browser: Browser;
  /** A fresh browser profile; closed, and checked for unexpected console errors, when the test ends. */
  open(path?: string): Promise<BrowserPage>;
  /**
   * A fresh browser profile already signed in as this person (the session cookie set through the
   * sign-in API, as the form does), on `path` (default /dashboard). For tests about something other
   * than signing in: the form itself is tested in sign-in.test.ts and the other sign-in journeys.
   */
  openSignedIn(email: string, password: string, path?: string): Promise<BrowserPage>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function matches(message: ConsoleMessage, expected: ExpectedConsoleError): boolean {
  const text = message.text();
  const where = message.location().url;
  const wherePath = where ? new URL(where, 'http://x').pathname : '';
  if (expected.status !== undefined && !text.includes(`status of ${expected.status}`)) return false;
  if (typeof expected.path === 'string' && wherePath !== expected.path) return false;
  if (expected.path instanceof RegExp && !expected.path.test(wherePath)) return false;
  if (expected.text && !expected.text.test(text)) return false;
  return true;
}

/** Starts the real server (a fresh database: PostgreSQL when the lane has it, else PGlite) on a free port and Chromium, for one test file. */
export async function startBrowserHarness(env: Record<string, string> = {}, options: { clock?: () => Date } = {}): Promise<BrowserHarness> {
  if (!existsSync(DIST_INDEX)) throw new Error(`The web app is not built (${DIST_INDEX} is missing): run \`npm run build\` before the browser tests.`);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: baseURL, ...env }, { distDir: DIST_DIR, clock: options.clock });
  try {
    await t.app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await t.close();
    throw error;
  }
  let browser: Browser;
  try {
    // The lane's one Chromium (global-setup-chromium.ts), or one of this file's own elsewhere.
    const endpoint = inject('chromiumEndpoint');
    browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  } catch (error) {
    await t.close();
    throw error;
  }

  const harness: BrowserHarness = {
    t,
    baseURL,
    browser,
    async openSignedIn(email, password, startPath = '/dashboard') {
      const opened = await harness.open();
      const response = await opened.context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseURL } });
      if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
      await opened.page.goto(startPath);
      return opened;
    },
    async open(startPath) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
      const expected = [...ALWAYS_EXPECTED];
      const unexpected: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          const kind = message.type();
          if ((kind === 'error' || kind === 'warning') && !expected.some((e) => matches(message, e))) {
            unexpected.push(`console ${kind} on ${page.url()}: ${message.text()} (${message.location().url})`);
          }
        });
        page.on('pageerror', (error) => unexpected.push(`page error on ${page.url()}: ${error.stack ?? error.message}`));
      };
      context.on('page', watch);
      const page = await context.newPage();
      onTestFinished(async () => {
        await context.close();
        if (unexpected.length > 0) throw new Error(`Unexpected browser errors:\n${unexpected.join('\n')}`);
      });
      if (startPath) await page.goto(startPath);
      return {
        page,
        context,
        newTab: () => context.newPage(),
        expectConsoleError: (e) => expected.push(e),
      };
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
  return harness;
}

/** Fills the /auth form and submits it (the page must be on /auth). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(Sign In|Start Free Trial)$/ }).click();
}

/** Waits until the page shows the path (query and hash ignored). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/**
 * Waits for a toast (sonner) with this text. Attached, not visible: sonner keeps a toast behind the
 * newest three with opacity 0, and on a loaded CI machine a burst of live notices can push the one
 * awaited there before the wait sees it (a CI failure in the employer journey). On a timeout the
 * error lists the toasts that were on the page, so a failure says whether another one came instead.
 */
export async function waitForToast(page: Page, text: string): Promise<void> {
  try {
    await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ state: 'attached' });
  } catch (error) {
    const shown = await page.locator('[data-sonner-toast]').allTextContents().catch(() => []);
    throw new Error(`No toast "${text}"; the page had ${shown.length ? shown.map((t) => `"${t}"`).join(', ') : 'none'}`, { cause: error });
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // CI keeps none of them: a full-page capture costs a second or more on 2 cores (SCREENSHOTS=1 takes them there too).
  if (!SCREENSHOTS) return file;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * A download's bytes, read through Playwright's stream: the lane's Chromium is connected to, not
 * launched by, the test process, and a connected browser's downloads have no local path.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
