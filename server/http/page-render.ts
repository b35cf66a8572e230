import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicJobDetail } from '../../shared/schemas/job-detail.ts';
import type { SiteConfig } from '../../shared/schemas/site.ts';

/** Where `npm run build` puts the server's renderer of the public pages (vite.config.ts SSR_DIR). */
export const RENDERER_FILE = path.join('.ssr', 'prerender.js');

interface RenderOptions {
  job?: PublicJobDetail;
  siteConfig?: SiteConfig;
}

type RenderPage = (pagePath: string, options?: RenderOptions) => Promise<string | undefined>;

/** Rendered job pages kept, by the job's content: a shared link's crowd costs one render. */
const MAX_JOB_PAGES = 500;

export interface PageRenderer {
  /** The landing page's markup (rendered once: it shows nothing that changes). */
  landing(): Promise<string | undefined>;
  /** A job page's markup with this job in it. */
  job(job: PublicJobDetail): Promise<string | undefined>;
  /** /auth's markup for a visitor with no session: the sign-in form, or the free trial's with ?trial=true, with the server's sign-in methods. */
  signIn(trial: boolean): Promise<string | undefined>;
}

/**
 * The public pages rendered on the server (issue 14, item 4; web/prerender.tsx), so they paint
 * before any script runs. Undefined when the build has no renderer: the pages are then served
 * empty and the browser renders them, as before. A render that fails is logged and the page is
 * served empty; it is never an error for the visitor.
 */
export function pageRenderer(distDir: string, log: { warn: (object: unknown, message: string) => void }, siteConfig: SiteConfig): PageRenderer | undefined {
  const file = path.join(distDir, RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  let render: Promise<RenderPage> | undefined;
  const load = () => (render ??= import(pathToFileURL(file).href).then((module: { renderPage: RenderPage }) => module.renderPage));
  const safely = async (pagePath: string, options?: RenderOptions) => {
    try {
      return await (await load())(pagePath, options);
    } catch (error) {
      log.warn({ err: error, pagePath }, 'rendering a page on the server failed; serving it empty');
      return undefined;
    }
  };
  let landing: Promise<string | undefined> | undefined;
  const signIn = new Map<boolean, Promise<string | undefined>>();
  const jobs = new Map<string, Promise<string | undefined>>();
  return {
    landing: () => (landing ??= safely('/')),
    signIn(trial) {
      let page = signIn.get(trial);
      if (!page) signIn.set(trial, (page = safely(trial ? '/auth?trial=true' : '/auth', { siteConfig })));
      return page;
    },
    job(job) {
      const key = JSON.stringify(job);
      let page = jobs.get(key);
      if (!page) {
        if (jobs.size >= MAX_JOB_PAGES) jobs.delete(jobs.keys().next().value!);
        page = safely(`/jobs/${job.id}`, { job });
        jobs.set(key, page);
      }
      return page;
    },
  };
}

/** The element after the rendered root that the page's first paint waits for (withRootMarkup's paintWhole). */
export const ROOT_END_ID = 'root-end';

/**
 * The page with `markup` inside its root element (the browser app hydrates it). With `paintWhole`,
 * its first paint is held until the whole of the markup is parsed (`<link rel="expect"
 * blocking="render">`, which ends at a marker after the root, or at the end of the document), for
 * a page whose layout centres its content: /auth painted its centred card with the heading alone,
 * then moved it when the rest was parsed (a layout shift in 2-3 of 12 loads at 375 px here). The
 * landing and job pages grow downwards as they are parsed, so nothing painted moves: they paint
 * as soon as they can. Browsers without `rel=expect` ignore it.
 */
export function withRootMarkup(html: string, markup: string | undefined, { paintWhole = false } = {}): string {
  if (!markup) return html;
  if (!paintWhole) return html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  return html
    .replace('</head>', () => `<link rel="expect" href="#${ROOT_END_ID}" blocking="render"></head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div><div id="${ROOT_END_ID}" hidden></div>`);
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The page with its stylesheets inside it (<style>, which the CSP allows): a page that arrives
 * rendered paints as soon as its HTML is in, instead of waiting for a stylesheet that shares the
 * connection with the scripts (Lighthouse mobile: first paint 1.7-2.0 s before, 0.9 s at best after). For the pages served
 * rendered or first (/, /auth, /jobs/:id); the app's other paths keep the cached file. A sheet that
 * could close the element early, or cannot be read, stays a link.
 */
export async function withInlineStyles(html: string, distDir: string, read: (file: string) => Promise<string>): Promise<string> {
  const sheets = new Map<string, string>();
  for (const [, file] of html.matchAll(STYLESHEET)) {
    if (!file) continue;
    const css = await read(path.join(distDir, file)).catch(() => undefined);
    if (css !== undefined && !/<\/style/i.test(css)) sheets.set(file, css);
  }
  return html.replace(STYLESHEET, (link, file: string) => {
    const css = sheets.get(file);
    return css === undefined ? link : `<style>${css}</style>`;
  });
}
