import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../shared/fill.ts';
import { candidateEmailsMessages } from '../../shared/messages/candidate-emails.ts';
import { DEFAULT_BRAND_COLOR } from '../../shared/schemas/company-settings.ts';
import type { DB } from '../db/schema.ts';

/** What a candidate-facing email shows of the company (issue 36 §3). */
export interface CompanyBrand {
  companyName: string;
  /** #rrggbb, dark enough for white text on it. */
  color: string;
  /** An absolute address of the public logo (mail clients fetch it), or null. */
  logoUrl: string | null;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The company's colour when white text on it is readable (contrast 4.5:1, WCAG AA), WorkCred's
 * green otherwise: a pale yellow brand must not make the header's name unreadable.
 */
export function contrastSafeColor(color: string | null | undefined): string {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return DEFAULT_BRAND_COLOR;
  const contrast = 1.05 / (luminance(color.toLowerCase()) + 0.05);
  return contrast >= 4.5 ? color.toLowerCase() : DEFAULT_BRAND_COLOR;
}

/** The company's name, colour and logo for its candidate emails. */
export async function loadCompanyBrand(db: Kysely<DB> | Transaction<DB>, companyId: string, publicUrl: string): Promise<CompanyBrand> {
  const row = await db.selectFrom('companies').select(['name', 'brand_color', 'slug', 'logo_key', 'logo_updated_at']).where('id', '=', companyId).executeTakeFirstOrThrow();
  // The public logo route (company-settings), versioned by upload time like the settings page's.
  const logoUrl = row.logo_key && row.logo_updated_at && row.slug ? `${publicUrl}/api/public/companies/${encodeURIComponent(row.slug)}/logo?v=${new Date(row.logo_updated_at).getTime()}` : null;
  return { companyName: row.name, color: contrastSafeColor(row.brand_color), logoUrl };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+)/g;

/** One paragraph of plain text as HTML: everything escaped, line breaks kept, web addresses made links. */
function paragraphHtml(paragraph: string, color: string): string {
  const parts = paragraph.split(URL_IN_TEXT);
  const html = parts
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}" style="color:${color}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('')
    .replace(/\r?\n/g, '<br>');
  return `<p style="margin:0 0 16px;line-height:1.5">${html}</p>`;
}

/**
 * A candidate email as both parts: the plain text exactly as written, and an HTML part (its
 * paragraphs split at blank lines) with the company's logo and colour and a "sent by" footer.
 * Every value is plain text here, merge values included, and is escaped on its way into the HTML.
 */
export function brandedEmail(brand: CompanyBrand, text: string): { text: string; html: string } {
  const footer = fill(candidateEmailsMessages.sentVia, { company: brand.companyName });
  const paragraphs = text.split(/\r?\n\s*\r?\n/).filter((paragraph) => paragraph.trim() !== '');
  const name = escapeHtml(brand.companyName);
  const header = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${name}" width="48" height="48" style="display:inline-block;vertical-align:middle;border-radius:6px;background:#ffffff"> <span style="vertical-align:middle;margin-left:12px;font-size:18px;font-weight:bold;color:#ffffff">${name}</span>`
    : `<span style="font-size:18px;font-weight:bold;color:#ffffff">${name}</span>`;
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0"><tr><td align="center">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">',
    `<tr><td style="background:${brand.color};padding:16px 24px">${header}</td></tr>`,
    `<tr><td style="padding:24px;font-size:15px">${paragraphs.map((paragraph) => paragraphHtml(paragraph, brand.color)).join('')}</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:4px solid ${brand.color};font-size:12px;color:#475569">${escapeHtml(footer)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
  return { text, html };
}
