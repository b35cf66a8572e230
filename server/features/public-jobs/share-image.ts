import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PublicJobDetail } from '../../../shared/schemas/job-detail.ts';
import type { indicSvgText } from '../../pdf/indic-svg.ts';
import type { JobPageFacts } from './job-page-facts.ts';

/** The address of a job's share image, with its version: what the job page's og:image names. */
export const shareImagePath = (jobId: string, version: string) => `/api/public/jobs/${jobId}/share-image.png?v=${version}`;

/** The size link previews ask for (WhatsApp, LinkedIn, X's summary_large_image): 1.91 : 1. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

const BRAND = '#047857';
const BRAND_DARK = '#064e3b';
const BRAND_LIGHT = '#ecfdf5';
const INK = '#0f172a';
const MUTED = '#475569';
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const LOGO_SIZE = 150;
const LOGO_LEFT = SHARE_IMAGE.width - 80 - LOGO_SIZE;
const LOGO_TOP = 60;

/** What the image shows; the version is a hash of exactly this, so a changed job or logo gets a new image. */
export interface ShareImageContent {
  title: string;
  company: string;
  city: string | null;
  pay: string | null;
  logoKey: string | null;
}

export function shareImageContent(job: PublicJobDetail, facts: JobPageFacts | undefined): ShareImageContent {
  return {
    title: job.title,
    company: job.company_name,
    city: job.location ?? facts?.city ?? null,
    pay: job.salary,
    logoKey: facts?.logo_key ?? null,
  };
}

/** The image's version: in its address (chat apps keep a preview by address) and its ETag. */
export function shareImageVersion(content: ShareImageContent): string {
  return createHash('sha256').update(JSON.stringify(['v1', content])).digest('base64url').slice(0, 22);
}

/** Text for SVG: every character that could end or open markup escaped, and control characters (not allowed in XML) dropped. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing the characters XML 1.0 forbids
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

// Counted and cut between graphemes, so a word in an Indic script never loses a vowel sign or virama.
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemes = (text: string) => [...segmenter.segment(text)].map((part) => part.segment);

function clip(text: string, max: number): string {
  const chars = graphemes(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * Words into at most `maxLines` lines of about `perLine` characters (the font's average width);
 * a word longer than a line is cut, and what does not fit ends the last line with an ellipsis.
 */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = oneLine(text).split(' ').filter(Boolean).flatMap((word) => {
    const chars = graphemes(word);
    const parts: string[] = [];
    for (let i = 0; i < chars.length; i += perLine) parts.push(chars.slice(i, i + perLine).join(''));
    return parts;
  });
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (graphemes(next).length <= perLine) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      lines[maxLines - 1] = clip(`${lines[maxLines - 1]} ${words.slice(i).join(' ')}`, perLine);
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The WorkCred mark of web/public/favicon.svg, drawn at (x, y) in a `size` square. */
const mark = (x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 32})"><rect width="32" height="32" rx="7" fill="${BRAND}"/><path d="M8 10l3.2 12L16 13l4.8 9L24 10" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></g>`;

/** Draws a line holding one of India's scripts as outlines (server/pdf/indic-svg.ts), else null. */
type Outliner = typeof indicSvgText;

/** Text in the blocks of India's scripts (Devanagari to Malayalam). */
const INDIC = /[\u0900-\u0d7f]/;

/** One line of the card: SVG text in the system's font, or outlines when it holds one of India's scripts. */
function cardLine(outline: Outliner, text: string, x: number, y: number, size: number, fill: string, bold = false): string {
  return (
    outline(text, { x, y, size, fill, weight: bold ? 'bold' : 'regular' }) ??
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}"${bold ? ' font-weight="700"' : ''} fill="${fill}">${escapeXml(text)}</text>`
  );
}

/** The card as SVG: the job's title, the company, city and pay on WorkCred's colours, room at the top right for the logo. */
export function shareImageSvg(content: ShareImageContent, outline: Outliner = () => null): string {
  const { width, height } = SHARE_IMAGE;
  const textWidth = content.logoKey ? 26 : 30;
  const title = wrapText(content.title, textWidth, 3);
  const details = [content.city, content.pay].map((part) => oneLine(part ?? '')).filter(Boolean);
  const titleTop = 250;
  const company = clip(oneLine(content.company), 40);
  const detailsLine = clip(details.join('  ·  '), 56);
  const afterTitle = titleTop + (title.length - 1) * 72 + 70;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="#ffffff"/>
<rect width="${width}" height="${height - 90}" fill="${BRAND_LIGHT}"/>
<rect x="0" y="0" width="16" height="${height}" fill="${BRAND}"/>
${mark(80, 64, 56)}
<text x="152" y="104" font-family="${FONT}" font-size="34" font-weight="700" fill="${BRAND_DARK}">WorkCred</text>
${cardLine(outline, company, 80, 186, 36, MUTED)}
${title.map((line, i) => cardLine(outline, line, 80, titleTop + i * 72, 60, INK, true)).join('\n')}
${details.length > 0 ? cardLine(outline, detailsLine, 80, Math.min(afterTitle, height - 130), 34, BRAND_DARK) : ''}
<rect x="0" y="${height - 90}" width="${width}" height="90" fill="${BRAND}"/>
<text x="80" y="${height - 34}" font-family="${FONT}" font-size="32" font-weight="700" fill="#ffffff">Apply on WorkCred</text>
<text x="${width - 80}" y="${height - 34}" text-anchor="end" font-family="${FONT}" font-size="28" fill="#d1fae5">Verified employment records</text>
</svg>`;
}

/** The PNG of the card, with the logo (a 256 × 256 WebP in storage) in its white tile at the top right. */
export async function renderShareImage(content: ShareImageContent, logo: Buffer | undefined): Promise<Buffer> {
  // Loaded on the first image, not at start-up (issue 14: start-up time).
  const { default: sharp } = await import('sharp');
  // HarfBuzz and the Noto fonts load only for a card with text in India's scripts.
  const outline = INDIC.test(JSON.stringify(content)) ? (await import('../../pdf/indic-svg.ts')).indicSvgText : undefined;
  const layers: { input: Buffer; left: number; top: number }[] = [];
  if (logo) {
    const tile = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE + 24}" height="${LOGO_SIZE + 24}"><rect width="100%" height="100%" rx="20" fill="#ffffff" stroke="#d1fae5" stroke-width="2"/></svg>`,
    );
    layers.push({ input: tile, left: LOGO_LEFT - 12, top: LOGO_TOP - 12 });
    // A logo that cannot be read leaves the tile out rather than failing the image.
    const fitted = await sharp(logo, { limitInputPixels: 1_000_000 })
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
      .catch(() => undefined);
    if (fitted) layers.push({ input: fitted, left: LOGO_LEFT, top: LOGO_TOP });
    else layers.pop();
  }
  return sharp(Buffer.from(shareImageSvg(content, outline))).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}

/** A stream's bytes, or undefined when there are more than `max` (a logo is at most a few dozen kB). */
export async function readBounded(body: Readable, max = 2_000_000): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > max) {
      body.destroy();
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Rendered images kept in memory by version, at most `max` (the oldest go first); requests for an
 * image being rendered share that render. Keyed by the content's hash, so every instance keeps (or
 * renders) the same image for the same job version, and a changed job is simply a new key.
 */
export class ShareImageCache {
  private readonly images = new Map<string, Promise<Buffer>>();

  constructor(private readonly max = 100) {}

  get(version: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.images.get(version);
    if (kept) {
      // Most recently used last.
      this.images.delete(version);
      this.images.set(version, kept);
      return kept;
    }
    const made = render();
    this.images.set(version, made);
    made.catch(() => this.images.delete(version));
    while (this.images.size > this.max) this.images.delete(this.images.keys().next().value!);
    return made;
  }

  get size(): number {
    return this.images.size;
  }
}
