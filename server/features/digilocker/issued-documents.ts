import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { IssuedDocument } from '../../../shared/schemas/digilocker.ts';
import type { SessionContext } from '../../auth/session.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB, IssuedDocumentsTable } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { assertMayReadCandidate } from '../candidate-documents/document-access.ts';
import { confirmsEducation } from './education-match.ts';

const text = messages.digilocker;

export function requireCandidate(session: SessionContext): string {
  if (session.profile.role !== 'candidate') throw forbidden(text.candidatesOnly, 'CANDIDATES_ONLY');
  return session.userId;
}

type Row = Pick<Selectable<IssuedDocumentsTable>, (typeof ISSUED_COLUMNS)[number]>;
export const ISSUED_COLUMNS = ['id', 'issuer', 'doctype', 'name', 'size_bytes', 'issued_on', 'fetched_at', 'course', 'institution', 'passing_year', 'name_match'] as const;

/** A row as the API shows it; the education is the candidate's profile's, read now, so a later edit is judged afresh. */
export function toIssuedDocument(row: Row, education: string | null, ownerView: boolean): IssuedDocument {
  // Someone else's certificate (another person's DigiLocker) is kept but vouches for nothing.
  const verified = row.name_match === 'strong' || row.name_match === 'weak';
  return {
    id: row.id,
    issuer: row.issuer,
    doctype: row.doctype,
    name: row.name,
    size_bytes: Number(row.size_bytes),
    issued_on: row.issued_on,
    fetched_at: new Date(row.fetched_at).toISOString(),
    course: row.course,
    institution: row.institution,
    passing_year: row.passing_year,
    verified,
    confirms_education: verified && confirmsEducation(education, row),
    url: ownerView ? `/api/digilocker/documents/${row.id}/file` : null,
  };
}

async function educationOf(db: Kysely<DB>, candidateId: string): Promise<string | null> {
  const profile = await db.selectFrom('candidate_profiles').select('education').where('user_id', '=', candidateId).executeTakeFirst();
  return profile?.education ?? null;
}

async function rowsOf(db: Kysely<DB>, candidateId: string, ownerView: boolean): Promise<IssuedDocument[]> {
  const [rows, education] = await Promise.all([
    db.selectFrom('issued_documents').select(ISSUED_COLUMNS).where('candidate_id', '=', candidateId).orderBy('fetched_at', 'desc').orderBy('id').execute(),
    educationOf(db, candidateId),
  ]);
  return rows.map((row) => toIssuedDocument(row, education, ownerView));
}

export async function listMyIssuedDocuments(db: Kysely<DB>, session: SessionContext): Promise<{ documents: IssuedDocument[]; education: string | null }> {
  const candidateId = requireCandidate(session);
  const [documents, education] = await Promise.all([rowsOf(db, candidateId, true), educationOf(db, candidateId)]);
  return { documents, education };
}

/** For whoever may read the candidate's documents (document-access.ts): the candidate, admins, employers they applied to. 404 to others. */
export async function listIssuedDocumentsForViewer(db: Kysely<DB>, viewer: SessionContext, candidateId: string): Promise<IssuedDocument[]> {
  await assertMayReadCandidate(db, viewer, candidateId, text.notFound);
  return rowsOf(db, candidateId, viewer.userId === candidateId);
}

/** The candidate's own copy. Employers see the facts, not the file: its downloads would need the data-access log (issue 17). */
export async function openIssuedFile(deps: { db: Kysely<DB>; storage: FileStorage; log: FastifyBaseLogger }, session: SessionContext, documentId: string): Promise<{ body: Readable; size: number; fileName: string }> {
  const candidateId = requireCandidate(session);
  const row = await deps.db.selectFrom('issued_documents').select(['file_path', 'name']).where('id', '=', documentId).where('candidate_id', '=', candidateId).executeTakeFirst();
  if (!row) throw notFound(text.notFound);
  const file = await deps.storage.get(row.file_path);
  if (!file) {
    deps.log.error({ documentId, key: row.file_path }, 'issued document row points to a missing file');
    throw notFound(text.notFound);
  }
  return { ...file, fileName: `${row.name.replace(/[^A-Za-z0-9 ._-]/g, '').trim() || 'document'}.pdf` };
}

/** Removes a document the candidate brought: the row and a delete intent in one transaction, then the file. */
export async function deleteIssuedDocument(deps: { db: Kysely<DB>; storage: FileStorage; log: FastifyBaseLogger }, session: SessionContext, documentId: string, ip: string | null): Promise<void> {
  const candidateId = requireCandidate(session);
  const key = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('issued_documents').where('id', '=', documentId).where('candidate_id', '=', candidateId).returning(['file_path', 'issuer', 'doctype']).executeTakeFirst();
    if (!row) throw notFound(text.notFound);
    await trx.insertInto('storage_intents').values({ object_key: row.file_path, action: 'delete' }).onConflict((oc) => oc.column('object_key').doUpdateSet({ action: 'delete' })).execute();
    await writeAudit(trx, { actorId: candidateId, companyId: null, action: 'digilocker_document_removed', entityType: 'issued_document', entityId: documentId, details: { issuer: row.issuer, doctype: row.doctype }, ip });
    return row.file_path;
  });
  try {
    await deps.storage.delete(key);
    await deps.db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'delete').execute();
  } catch (error) {
    deps.log.warn({ err: error, key }, 'could not delete a removed issued document now; the storage sweeper will');
  }
}
