import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { LETTER_CODE_PATTERN, LETTER_LIMITS, type CompanyLetter, type MyLetter, type PublicLetter } from '../../../shared/schemas/letters.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { CompanyActor } from './letter-templates.ts';

const text = messages.letters;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
/** The company's list holds every letter it issued; a company issues a few a day, so it is capped, not paged. */
export const COMPANY_LETTERS_CAP = 500;

function companyLetters(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('letters as l')
    .leftJoin('user_profiles as issuer', 'issuer.id', 'l.issued_by')
    .select([
      'l.id',
      'l.kind',
      'l.code',
      'l.recipient_id',
      'l.recipient_name',
      'l.title',
      'l.joining_date',
      'l.last_working_day',
      'l.issued_at',
      'l.revoked_at',
      'l.revoke_reason',
      'l.application_id',
      'l.employment_id',
      'issuer.full_name as issued_by_name',
    ])
    .where('l.company_id', '=', companyId);
}

type CompanyLetterRow = Awaited<ReturnType<ReturnType<typeof companyLetters>['executeTakeFirstOrThrow']>>;
const toCompanyLetter = (row: CompanyLetterRow): CompanyLetter => ({ ...row, issued_at: iso(row.issued_at)!, revoked_at: iso(row.revoked_at) });

export async function companyLetter(db: Kysely<DB>, companyId: string, letterId: string): Promise<CompanyLetter> {
  const row = await companyLetters(db, companyId).where('l.id', '=', letterId).executeTakeFirst();
  if (!row) throw notFound(text.letterNotFound);
  return toCompanyLetter(row);
}

/** Documents → Letters issued: newest first. */
export async function listCompanyLetters(db: Kysely<DB>, companyId: string): Promise<CompanyLetter[]> {
  const rows = await companyLetters(db, companyId).orderBy('l.issued_at', 'desc').orderBy('l.id', 'desc').limit(COMPANY_LETTERS_CAP).execute();
  return rows.map(toCompanyLetter);
}

/** The candidate's dashboard: letters issued to them, revoked ones marked. */
export async function myLetters(db: Kysely<DB>, userId: string): Promise<MyLetter[]> {
  const rows = await db
    .selectFrom('letters')
    .select(['id', 'kind', 'code', 'recipient_name', 'company_name', 'title', 'joining_date', 'last_working_day', 'issued_at', 'revoked_at'])
    .where('recipient_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, issued_at: iso(row.issued_at)!, revoked_at: iso(row.revoked_at) }));
}

/** Revokes a letter of the company with a reason; audited; the verification page says "revoked" from then on. Twice is 409. */
export async function revokeLetter(db: Kysely<DB>, actor: CompanyActor, letterId: string, reason: string): Promise<CompanyLetter> {
  await db.transaction().execute(async (trx) => {
    const letter = await trx.selectFrom('letters').select(['id', 'revoked_at', 'recipient_id', 'code', 'kind']).where('id', '=', letterId).where('company_id', '=', actor.companyId).forUpdate().executeTakeFirst();
    if (!letter) throw notFound(text.letterNotFound);
    if (letter.revoked_at) throw conflict(text.alreadyRevoked, 'LETTER_REVOKED');
    await trx.updateTable('letters').set({ revoked_at: new Date(), revoked_by: actor.userId, revoke_reason: reason }).where('id', '=', letterId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'letter_revoked', entityType: 'letter', entityId: letterId, details: { kind: letter.kind, code: letter.code, reason }, ip: actor.ip });
    await publish(trx, { topic: `user:${letter.recipient_id}`, type: 'letter', id: letterId });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'letter', id: letterId });
  });
  return companyLetter(db, actor.companyId, letterId);
}

/**
 * The stored PDF, for the person it was issued to or a member of the issuing company (the route
 * table has already refused members whose role may not issue letters). Anyone else: 404.
 */
export async function openLetterPdf(deps: { db: Kysely<DB>; storage: FileStorage }, viewer: { userId: string; companyId: string | null }, letterId: string) {
  const letter = await deps.db.selectFrom('letters').select(['storage_key', 'kind', 'code', 'recipient_id', 'company_id']).where('id', '=', letterId).executeTakeFirst();
  if (!letter || (letter.recipient_id !== viewer.userId && letter.company_id !== viewer.companyId)) throw notFound(text.letterNotFound);
  const file = await deps.storage.get(letter.storage_key);
  if (!file) throw notFound(text.letterNotFound);
  return { ...file, filename: `${text.kinds[letter.kind].replace(/\s+/g, '-')}-${letter.code}.pdf` };
}

async function letterByCode(db: Kysely<DB>, code: string) {
  const normalised = code.trim().toUpperCase();
  const row = LETTER_CODE_PATTERN.test(normalised)
    ? await db
        .selectFrom('letters')
        .select(['code', 'kind', 'company_name', 'recipient_name', 'title', 'joining_date', 'last_working_day', 'issued_at', 'revoked_at', 'sha256'])
        .where('code', '=', normalised)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(404, 'LETTER_NOT_FOUND', text.notFound);
  return row;
}

/** /verify/<code>: what the letter states, for anyone; never the pay. Unknown or malformed code: 404 "No letter found for this code". */
export async function publicLetter(db: Kysely<DB>, code: string): Promise<PublicLetter> {
  const { sha256: _sha256, ...row } = await letterByCode(db, code);
  return { ...row, issued_at: iso(row.issued_at)!, revoked_at: iso(row.revoked_at) };
}

/** Compares an uploaded copy with the letter as issued, byte for byte (SHA-256), reading the upload as a stream; nothing is stored. */
export async function compareLetter(db: Kysely<DB>, code: string, body: Readable | Buffer): Promise<{ matches: boolean }> {
  const letter = await letterByCode(db, code);
  const hash = createHash('sha256');
  let size = 0;
  const chunks: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(body) ? [body] : (body as AsyncIterable<Buffer>);
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > LETTER_LIMITS.compareBytes) throw new AppError(413, 'FILE_TOO_LARGE', text.fileTooLarge);
    hash.update(chunk);
  }
  return { matches: hash.digest('hex') === letter.sha256 };
}
