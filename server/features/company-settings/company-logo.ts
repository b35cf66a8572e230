import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { COMPANY_LIMITS, type CompanySettings } from '../../../shared/schemas/company-settings.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { getCompanySettings, type CompanyActor } from './company-profile.ts';

const text = messages.settings;
/** Beyond this many pixels an image is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

interface LogoDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * The uploaded bytes as a 256 × 256 WebP: PNG, JPEG or WebP judged by content (never the name or
 * the Content-Type), turned upright, fitted inside the square on a transparent background.
 */
export async function resizeLogo(body: Buffer): Promise<Buffer> {
  if (body.length === 0) throw new AppError(400, 'LOGO_EMPTY', text.logoEmpty);
  if (body.length > COMPANY_LIMITS.logoBytes) throw new AppError(413, 'LOGO_TOO_LARGE', text.logoTooLarge);
  // Loaded on the first logo, not at start-up (issue 14: start-up time).
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp') throw new Error(`format ${format}`);
    return await image
      .rotate()
      .resize(COMPANY_LIMITS.logoSize, COMPANY_LIMITS.logoSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw new AppError(422, 'LOGO_NOT_IMAGE', text.logoNotImage);
  }
}

/**
 * Settings → Company → logo, with the storage_intents unit of work (server/storage/sweep-intents.ts):
 * the upload intent is committed, the file written, then one transaction swaps the company's key
 * (the old file gets a delete intent) and consumes the upload intent; after commit the old file
 * goes. A crash anywhere leaves an intent that the sweeper finishes.
 */
export async function uploadLogo(deps: LogoDeps, actor: CompanyActor, body: Buffer): Promise<CompanySettings> {
  const webp = await resizeLogo(body);
  const key = `logos/${actor.companyId}/${randomUUID()}.webp`;
  await deps.db.insertInto('storage_intents').values({ object_key: key, action: 'upload' }).execute();
  await deps.storage.put(key, Readable.from(webp), { contentType: 'image/webp' });
  const old = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'upload').returning('id').executeTakeFirst();
    if (!claimed) throw new AppError(503, 'UPLOAD_ABANDONED', messages.errors.unavailable);
    const company = await trx.selectFrom('companies').select('logo_key').where('id', '=', actor.companyId).forUpdate().executeTakeFirstOrThrow();
    if (company.logo_key) await trx.insertInto('storage_intents').values({ object_key: company.logo_key, action: 'delete' }).onConflict((oc) => oc.column('object_key').doUpdateSet({ action: 'delete' })).execute();
    await trx.updateTable('companies').set({ logo_key: key, logo_updated_at: new Date(), updated_at: new Date() }).where('id', '=', actor.companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'company_logo_updated', entityType: 'company', entityId: actor.companyId, details: { bytes: webp.length }, ip: actor.ip });
    return company.logo_key;
  });
  if (old) await finishDelete(deps, old);
  return getCompanySettings(deps.db, actor.companyId);
}

/** Remove logo: the key leaves the company with a delete intent; the file goes after commit. */
export async function removeLogo(deps: LogoDeps, actor: CompanyActor): Promise<CompanySettings> {
  const old = await deps.db.transaction().execute(async (trx) => {
    const company = await trx.selectFrom('companies').select('logo_key').where('id', '=', actor.companyId).forUpdate().executeTakeFirstOrThrow();
    if (!company.logo_key) return null;
    await trx.insertInto('storage_intents').values({ object_key: company.logo_key, action: 'delete' }).onConflict((oc) => oc.column('object_key').doUpdateSet({ action: 'delete' })).execute();
    await trx.updateTable('companies').set({ logo_key: null, logo_updated_at: null, updated_at: new Date() }).where('id', '=', actor.companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'company_logo_removed', entityType: 'company', entityId: actor.companyId, ip: actor.ip });
    return company.logo_key;
  });
  if (old) await finishDelete(deps, old);
  return getCompanySettings(deps.db, actor.companyId);
}

async function finishDelete(deps: LogoDeps, key: string) {
  try {
    await deps.storage.delete(key);
    await deps.db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'delete').execute();
  } catch (error) {
    // The intent stays; the sweeper deletes the file later.
    deps.log.warn({ err: error, key }, 'old logo not deleted yet');
  }
}

/** The public logo of the company with this careers slug; 404 when it has none. */
export async function openLogo(deps: Pick<LogoDeps, 'db' | 'storage'>, slug: string) {
  const company = await deps.db.selectFrom('companies').select('logo_key').where('slug', '=', slug).executeTakeFirst();
  const file = company?.logo_key ? await deps.storage.get(company.logo_key) : null;
  if (!file) throw notFound(text.loadFailed);
  return file;
}
