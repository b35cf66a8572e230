import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { formatIstDate } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { EXPORT_DAYS, PRIVACY_LIMITS, type DataExport } from '../../../shared/schemas/privacy.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound, tooManyRequests } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { collectPersonData, type PersonExport } from './export-data.ts';

const text = messages.privacy;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An instance building an export holds it this long; a crashed builder's claim lapses after it. */
const BUILD_LEASE_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 3;

export interface ExportDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const EXPORT_COLUMNS = ['id', 'status', 'created_at', 'ready_at', 'expires_at', 'downloaded_at'] as const;

function toDataExport(row: { id: string; status: DataExport['status']; created_at: Date; ready_at: Date | null; expires_at: Date | null; downloaded_at: Date | null }): DataExport {
  return { id: row.id, status: row.status, created_at: row.created_at.toISOString(), ready_at: iso(row.ready_at), expires_at: iso(row.expires_at), downloaded_at: iso(row.downloaded_at) };
}

/** The person's exports, newest first (the Privacy section shows the latest few). */
export async function listExports(db: Kysely<DB>, personId: string): Promise<DataExport[]> {
  const rows = await db.selectFrom('data_exports').select(EXPORT_COLUMNS).where('person_id', '=', personId).orderBy('created_at', 'desc').limit(5).execute();
  return rows.map(toDataExport);
}

/**
 * Asks for an export: a pending row the background job builds. One at a time (asking again while
 * one is being prepared answers that one), and a few a day.
 */
export async function requestExport(db: Kysely<DB>, personId: string, ip: string | null, now: Date): Promise<{ export: DataExport; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('user_profiles').select('id').where('id', '=', personId).forUpdate().executeTakeFirstOrThrow();
    const pending = await trx.selectFrom('data_exports').select(EXPORT_COLUMNS).where('person_id', '=', personId).where('status', '=', 'pending').executeTakeFirst();
    if (pending) return { export: toDataExport(pending), created: false };
    const recent = await trx
      .selectFrom('data_exports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('person_id', '=', personId)
      .where('created_at', '>', new Date(now.getTime() - DAY_MS))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= PRIVACY_LIMITS.exportsPerDay) throw tooManyRequests(text.tooManyExports);
    const row = await trx.insertInto('data_exports').values({ person_id: personId, created_at: now }).returning(EXPORT_COLUMNS).executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: personId, companyId: null, action: 'privacy_export_requested', entityType: 'data_export', entityId: row.id, ip });
    return { export: toDataExport(row), created: true };
  });
}

/** Zips the JSON and the files into storage under `key`, streaming; returns the zip's size in bytes. */
async function writeZip(storage: FileStorage, key: string, person: PersonExport, log: FastifyBaseLogger): Promise<number> {
  const out = new PassThrough();
  let size = 0;
  const stored = storage.put(key, out, { contentType: 'application/zip' });
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    size += chunk.length;
    out.write(chunk);
    if (final) out.end();
  });
  const addText = (name: string, value: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(value), true);
  };
  addText('README.txt', text.exportReadme);
  addText('workcred-data.json', `${JSON.stringify(person.data, null, 2)}\n`);
  for (const file of person.files) {
    const source = await storage.get(file.key);
    if (!source) {
      log.warn({ event: 'privacy-export-file-missing', key: file.key }, 'a file of the export is missing from storage');
      continue;
    }
    // PDFs are compressed already: stored as they are.
    const entry = new ZipPassThrough(file.name);
    zip.add(entry);
    for await (const chunk of source.body as AsyncIterable<Buffer>) entry.push(chunk);
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await stored;
  return size;
}

/** Claims one pending export no other instance is building, or none. */
async function claimPending(db: Kysely<DB>, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('data_exports')
      .select(['id', 'person_id', 'attempts'])
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('created_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('data_exports')
      .set({ locked_until: new Date(now.getTime() + BUILD_LEASE_MS), attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute();
    return { ...row, attempts: row.attempts + 1 };
  });
}

/** Builds one export: zip into storage (a storage intent covers a crash), then ready and emailed in one transaction. */
async function buildExport(deps: ExportDeps, claimed: { id: string; person_id: string; attempts: number }): Promise<void> {
  const { db, storage } = deps;
  const key = `exports/${claimed.person_id.replace(/[^A-Za-z0-9_-]/g, '_')}/${randomUUID()}.zip`;
  try {
    const person = await collectPersonData(db, claimed.person_id, deps.now());
    await db.insertInto('storage_intents').values({ object_key: key, action: 'upload' }).execute();
    const size = await writeZip(storage, key, person, deps.log);
    await db.transaction().execute(async (trx) => {
      const intent = await trx.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'upload').returning('id').executeTakeFirst();
      if (!intent) throw new Error('the export upload was reclaimed before it committed');
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + EXPORT_DAYS * DAY_MS);
      await trx
        .updateTable('data_exports')
        .set({ status: 'ready', storage_key: key, size_bytes: size, ready_at: now, expires_at: expiresAt, locked_until: null })
        .where('id', '=', claimed.id)
        .execute();
      const account = await trx.selectFrom('user_profiles').select(['email', 'full_name']).where('id', '=', claimed.person_id).executeTakeFirstOrThrow();
      await enqueueMessage(trx, {
        channel: 'email',
        to: account.email,
        subject: text.exportReadySubject,
        text: fill(text.exportReadyText, { name: account.full_name || account.email, url: `${deps.publicUrl}/dashboard/privacy#export`, date: formatIstDate(expiresAt) }),
      });
      await writeAudit(trx, { actorId: null, companyId: null, action: 'privacy_export_ready', entityType: 'data_export', entityId: claimed.id, details: { size_bytes: size }, ip: null });
    });
  } catch (error) {
    deps.log.error({ err: error, exportId: claimed.id, attempt: claimed.attempts }, 'building a data export failed');
    await db
      .updateTable('data_exports')
      .set(claimed.attempts >= MAX_ATTEMPTS ? { status: 'failed', locked_until: null } : { locked_until: null })
      .where('id', '=', claimed.id)
      .where('status', '=', 'pending')
      .execute();
  }
}

/** Builds every pending export this instance can claim. */
export async function buildPendingExports(deps: ExportDeps): Promise<number> {
  let built = 0;
  for (let claimed = await claimPending(deps.db, deps.now()); claimed; claimed = await claimPending(deps.db, deps.now())) {
    await buildExport(deps, claimed);
    built += 1;
  }
  return built;
}

/** Exports past their 7 days: marked expired and their zips deleted (through a delete intent, so a crash finishes later). */
export async function expireExports(deps: ExportDeps): Promise<number> {
  const expired = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('data_exports')
      .select(['id', 'storage_key'])
      .where('status', '=', 'ready')
      .where('expires_at', '<', deps.now())
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of rows) {
      await trx.updateTable('data_exports').set({ status: 'expired', storage_key: null, expires_at: null }).where('id', '=', row.id).execute();
      if (row.storage_key) await trx.insertInto('storage_intents').values({ object_key: row.storage_key, action: 'delete' }).execute();
    }
    return rows;
  });
  for (const row of expired) {
    if (!row.storage_key) continue;
    await deps.storage.delete(row.storage_key);
    await deps.db.deleteFrom('storage_intents').where('object_key', '=', row.storage_key).where('action', '=', 'delete').execute();
  }
  return expired.length;
}

/** The person's own ready export, streamed; the download is recorded. Another person's, or an expired one: 404 or 409. */
export async function openExport(deps: Pick<ExportDeps, 'db' | 'storage' | 'now'>, personId: string, exportId: string, ip: string | null): Promise<{ body: Readable; size: number; name: string }> {
  const row = await deps.db.selectFrom('data_exports').select(['id', 'status', 'storage_key', 'expires_at', 'created_at']).where('id', '=', exportId).where('person_id', '=', personId).executeTakeFirst();
  if (!row) throw notFound(text.exportNotFound);
  if (row.status !== 'ready' || !row.storage_key || !row.expires_at || row.expires_at < deps.now()) throw conflict(row.status === 'pending' ? text.exportNotReady : text.exportExpired, 'EXPORT_NOT_AVAILABLE');
  const file = await deps.storage.get(row.storage_key);
  if (!file) throw notFound(text.exportNotFound);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('data_exports').set({ downloaded_at: deps.now() }).where('id', '=', exportId).execute();
    await writeAudit(trx, { actorId: personId, companyId: null, action: 'privacy_export_downloaded', entityType: 'data_export', entityId: exportId, ip });
  });
  return { ...file, name: `workcred-data-${row.created_at.toISOString().slice(0, 10)}.zip` };
}
