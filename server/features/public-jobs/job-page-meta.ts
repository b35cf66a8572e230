import { messages } from '../../../shared/messages.ts';
import { INITIAL_JOB_ELEMENT_ID } from '../../../shared/options.ts';
import type { PublicJobDetail } from '../../../shared/schemas/job-detail.ts';

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

/** schema.org JobPosting, so search engines and link previews understand the page. */
export function jobPostingJsonLd(job: PublicJobDetail, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.created_at,
    ...(job.expires_at ? { validThrough: job.expires_at } : {}),
    url,
    hiringOrganization: { '@type': 'Organization', name: job.company_name },
    ...(job.location
      ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: job.location, addressCountry: 'IN' } } }
      : {}),
    ...(job.salary ? { baseSalary: { '@type': 'MonetaryAmount', currency: 'INR', value: { '@type': 'QuantitativeValue', description: job.salary } } } : {}),
  };
}

/**
 * index.html with the job's title, description, OpenGraph and Twitter tags and JSON-LD in the head,
 * for crawlers and chat apps (WhatsApp) that read the HTML and never run the app. The page's own
 * <title> and meta description are replaced; everything else is left as built.
 */
export function renderJobPage(indexHtml: string, job: PublicJobDetail, publicUrl: string): string {
  const url = `${publicUrl}/jobs/${job.id}`;
  const title = `${oneLine(job.title)} at ${oneLine(job.company_name)} · WorkCred`;
  const description = jobPreviewDescription(job);
  const head = [
    ...sharedPageTags(title, description, url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    `<script type="application/ld+json">${jsonForScript(jobPostingJsonLd(job, url))}</script>`,
    // The job as GET /api/public/jobs/:id answers it: the page shows it at once, without a second
    // request and without a placeholder that the text then pushes down (issue 14, item 4).
    `<script type="application/json" id="${INITIAL_JOB_ELEMENT_ID}">${jsonForScript(job)}</script>`,
  ].join('\n    ');

  return withHead(indexHtml, title, head);
}

/** A page anyone may share: its description, its address, and what a link preview shows of it. */
function sharedPageTags(title: string, description: string, url: string): string[] {
  return [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', 'WorkCred'),
  ];
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** index.html with this title, and `head` (which has the page's meta description) in place of the built one. */
function withHead(indexHtml: string, title: string, head: string): string {
  const withoutOld = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return withoutOld.replace(/<\/head>/i, () => `  <title>${escapeHtml(title)}</title>\n    ${head}\n  </head>`);
}

/**
 * index.html with the landing page's title and description (and their preview tags), as the page
 * sets them once it runs: crawlers and chat apps read them from the HTML, and the page changes
 * nothing in the head when it starts.
 */
export function renderLandingHead(indexHtml: string, publicUrl: string): string {
  const { title, description } = messages.landing;
  return withHead(indexHtml, title, sharedPageTags(title, description, `${publicUrl}/`).join('\n    '));
}
