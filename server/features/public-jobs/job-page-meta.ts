import { messages } from '../../../shared/messages.ts';
import { INITIAL_JOB_ELEMENT_ID } from '../../../shared/options.ts';
import type { PublicJobDetail } from '../../../shared/schemas/job-detail.ts';
import type { JobPageFacts } from './job-page-facts.ts';
import { jobPostingJsonLd } from './job-posting-ld.ts';
import { SHARE_IMAGE, shareImageContent, shareImagePath, shareImageVersion } from './share-image.ts';

const DESCRIPTION_LENGTH = 160;

/** Text for an HTML attribute or element: every character that could end or open markup escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON for a <script type="application/ld+json"> block. `<` (and so `</script>` and `<!--`), `>`,
 * `&` and the two JavaScript line separators are written as \u escapes: still the same JSON, but
 * nothing in a job's text can close the script element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** "Company · Location · Salary" for a link preview, or the start of the description when those say little. */
export function jobPreviewDescription(job: PublicJobDetail): string {
  const parts = [job.company_name, job.location, job.salary].map((part) => oneLine(part ?? '')).filter(Boolean);
  if (parts.length >= 2) return clip(parts.join(' · '), DESCRIPTION_LENGTH);
  const description = oneLine(job.description);
  return clip(description || messages.jobDetail.metaDescriptionFallback, DESCRIPTION_LENGTH);
}

/**
 * index.html with the job's title, description, OpenGraph and Twitter tags and JSON-LD in the head,
 * for crawlers and chat apps (WhatsApp) that read the HTML and never run the app. The page's own
 * <title> and meta description are replaced; everything else is left as built.
 */
export function renderJobPage(indexHtml: string, job: PublicJobDetail, publicUrl: string, facts?: JobPageFacts, now: Date = new Date()): string {
  const url = `${publicUrl}/jobs/${job.id}`;
  const title = `${oneLine(job.title)} at ${oneLine(job.company_name)} · WorkCred`;
  const description = jobPreviewDescription(job);
  // The job's own card (issue 33, C3), by a versioned address: chat apps keep a preview by its address.
  const image = `${publicUrl}${shareImagePath(job.id, shareImageVersion(shareImageContent(job, facts)))}`;
  const head = [
    ...sharedPageTags(title, description, url, { url: image, alt: `${title}: ${description}` }),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    `<script type="application/ld+json">${jsonForScript(jobPostingJsonLd(job, url, facts, publicUrl, now))}</script>`,
    // The job as GET /api/public/jobs/:id answers it: the page shows it at once, without a second
    // request and without a placeholder that the text then pushes down (issue 14, item 4).
    `<script type="application/json" id="${INITIAL_JOB_ELEMENT_ID}">${jsonForScript(job)}</script>`,
  ].join('\n    ');

  return withHead(indexHtml, title, head);
}

/** WorkCred's own preview card (web/public/og-image.png), for the pages that have none of their own. */
export const SITE_IMAGE_PATH = '/og-image.png';

/** A page anyone may share: its description, its address, and what a link preview shows of it, with its 1200 × 630 image. */
function sharedPageTags(title: string, description: string, url: string, image: { url: string; alt: string }): string[] {
  return [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', 'WorkCred'),
    meta('property', 'og:image', image.url),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', clip(image.alt, 420)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:image', image.url),
  ];
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** index.html with this title, and `head` (which has the page's meta description) in place of the built one. */
function withHead(indexHtml: string, title: string, head: string): string {
  const withoutOld = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    // The site's own preview tags (withSiteImage), replaced by the page's.
    .replace(/<meta\s+(?:property="og:|name="twitter:)[^>]*>\s*/gi, '');
  return withoutOld.replace(/<\/head>/i, () => `  <title>${escapeHtml(title)}</title>\n    ${head}\n  </head>`);
}

/**
 * index.html with the landing page's title and description (and their preview tags), as the page
 * sets them once it runs: crawlers and chat apps read them from the HTML, and the page changes
 * nothing in the head when it starts.
 */
export function renderLandingHead(indexHtml: string, publicUrl: string): string {
  const { title, description } = messages.landing;
  const image = { url: `${publicUrl}${SITE_IMAGE_PATH}`, alt: title };
  return withHead(indexHtml, title, sharedPageTags(title, description, `${publicUrl}/`, image).join('\n    '));
}

/**
 * index.html with WorkCred's own preview image (an absolute address, as chat apps want it), for
 * the pages served as built (/auth, /verify/…); the landing and job pages put their own in its place.
 */
export function withSiteImage(indexHtml: string, publicUrl: string): string {
  const image = `${publicUrl}${SITE_IMAGE_PATH}`;
  const tags = [
    meta('property', 'og:site_name', 'WorkCred'),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', 'WorkCred'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:image', image),
  ];
  return indexHtml.replace(/<\/head>/i, () => `  ${tags.join('\n    ')}\n  </head>`);
}
