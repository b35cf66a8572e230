import { shownPay } from '../public-jobs/shown-pay.ts';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { DEFAULT_BRAND_COLOR, type CompanySettings, type CompanyPage } from '../../../shared/schemas/company-settings.ts';
import type { companySizes, industries } from '../../../shared/options.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { isOpenJob } from '../public-jobs/open-jobs.ts';

const text = messages.settings;

export interface CompanyActor {
  userId: string;
  companyId: string;
  ip: string | null;
}

const columns = ['id', 'name', 'industry', 'company_size', 'website', 'description', 'slug', 'brand_color', 'logo_key', 'logo_updated_at'] as const;
type CompanyRow = { id: string; name: string; industry: string | null; company_size: string | null; website: string | null; description: string | null; slug: string; brand_color: string | null; logo_key: string | null; logo_updated_at: Date | string | null };

/** The logo's public address, versioned by its upload time so a new logo is never served stale. */
export const logoUrl = (row: Pick<CompanyRow, 'slug' | 'logo_key' | 'logo_updated_at'>) =>
  row.logo_key && row.logo_updated_at ? `/api/public/companies/${row.slug}/logo?v=${new Date(row.logo_updated_at).getTime()}` : null;

function toSettings(row: CompanyRow): CompanySettings {
  return {
    id: row.id,
    name: row.name,
    industry: row.industry as (typeof industries)[number] | null,
    company_size: row.company_size as (typeof companySizes)[number] | null,
    website: row.website,
    description: row.description,
    slug: row.slug,
    brand_color: row.brand_color ?? DEFAULT_BRAND_COLOR,
    logo_url: logoUrl(row),
  };
}

export async function getCompanySettings(db: Kysely<DB>, companyId: string): Promise<CompanySettings> {
  const row = await db.selectFrom('companies').select(columns).where('id', '=', companyId).executeTakeFirst();
  if (!row) throw notFound(text.loadFailed);
  return toSettings(row);
}

/** Unique-index violations name the index; the message says which field to change. */
function uniqueViolation(error: unknown): 'name' | 'slug' | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  const detail = `${constraint ?? ''} ${(error as Error).message}`;
  return detail.includes('companies_slug_key') ? 'slug' : detail.includes('companies_name_ci_key') ? 'name' : null;
}

/** Settings → Company: every field at once, the change audited with what changed; names and slugs stay unique. */
export async function updateCompanySettings(
  db: Kysely<DB>,
  actor: CompanyActor,
  input: { name: string; industry?: string | null | undefined; company_size?: string | null | undefined; website?: string | null | undefined; description?: string | null | undefined; slug: string; brand_color: string },
): Promise<CompanySettings> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('companies').select(columns).where('id', '=', actor.companyId).forUpdate().executeTakeFirst();
      if (!before) throw notFound(text.loadFailed);
      const next = {
        name: input.name,
        industry: input.industry ?? null,
        company_size: input.company_size ?? null,
        website: input.website ?? null,
        description: input.description ?? null,
        slug: input.slug,
        brand_color: input.brand_color,
      };
      const changed = Object.keys(next).filter((key) => (before as Record<string, unknown>)[key] !== next[key as keyof typeof next]);
      if (changed.length === 0) return toSettings(before);
      const after = await trx.updateTable('companies').set({ ...next, updated_at: new Date() }).where('id', '=', actor.companyId).returning(columns).executeTakeFirstOrThrow();
      await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'company_settings_updated', entityType: 'company', entityId: actor.companyId, details: { changed }, ip: actor.ip });
      // Everyone's header shows the company's name: their pages refetch who they are.
      if (changed.includes('name')) await publish(trx, { topic: `company:${actor.companyId}`, type: 'company', id: actor.companyId });
      return toSettings(after);
    });
  } catch (error) {
    const field = uniqueViolation(error);
    if (field === 'slug') throw conflict(text.slugTaken, 'SLUG_TAKEN');
    if (field === 'name') throw conflict(text.nameTaken, 'COMPANY_NAME_TAKEN');
    throw error;
  }
}

/** /companies/:slug: the company's profile and its open jobs, newest first; 404 for an unknown slug. */
export async function getPublicCompany(db: Kysely<DB>, slug: string): Promise<CompanyPage> {
  const row = await db.selectFrom('companies').select(columns).where('slug', '=', slug).executeTakeFirst();
  if (!row) throw notFound(messages.settings.loadFailed);
  const jobs = await db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .where('jp.company_id', '=', row.id)
    .where(isOpenJob)
    .select(['jp.id', 'jp.title', 'jp.location', 'jp.salary', 'jp.pay_min_paise', 'jp.pay_max_paise', 'jp.pay_period', 'jp.created_at'])
    .orderBy('jp.created_at', 'desc')
    .limit(100)
    .execute();
  const { id: _id, ...settings } = toSettings(row);
  return { ...settings, jobs: jobs.map((job) => ({ id: job.id, title: job.title, location: job.location, salary: shownPay(job), created_at: new Date(job.created_at).toISOString() })) };
}
