import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { expressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { CandidateDocument } from '../../../shared/schemas/candidate.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { applicationInScope, memberScope } from '../team/member-scope.ts';
import { listCandidateDocuments } from './list-documents.ts';

const m = messages.candidate.documents;

/**
 * Who may read a candidate's documents, in one place (spec: issue 5 point 6): the candidate,
 * admins, and employers of a company with a job the candidate applied to (the application
 * stays, even if the job was deleted later). Everyone else is told the document does not exist.
 */
export function mayReadCandidate(viewer: SessionContext, candidateId: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<DB, never>();
  if (viewer.profile.role === 'admin') return eb.lit(true);
  const own = eb(candidateId, '=', viewer.userId);
  const companyId = viewer.profile.company_id;
  if (viewer.profile.role !== 'employer' || !companyId) return own;
  return eb.or([
    own,
    eb.exists(
      eb
        .selectFrom('job_applications')
        .innerJoin('job_postings', 'job_postings.id', 'job_applications.job_id')
        .select('job_applications.id')
        .where('job_applications.candidate_id', '=', candidateId)
        .where('job_postings.company_id', '=', companyId)
        // An interviewer reads only the candidates they interview (issue 13).
        .where((inner) => applicationInScope(memberScope(viewer), inner.ref('job_applications.id'))),
    ),
  ]);
}

/** The document's bytes for a viewer allowed to read it; 404 otherwise, and 404 if the id is unknown. */
export async function openDocumentForViewer(
  deps: { db: Kysely<DB>; storage: FileStorage; log: FastifyBaseLogger; ip: string | null },
  viewer: SessionContext,
  documentId: string,
): Promise<{ body: Readable; size: number; fileName: string }> {
  const row = await deps.db
    .selectFrom('candidate_documents')
    .select(['candidate_id', 'document_type', 'file_path', 'original_name'])
    .where('id', '=', documentId)
    .where((eb) => mayReadCandidate(viewer, eb.ref('candidate_documents.candidate_id')))
    .executeTakeFirst();
  if (!row) {
    deps.log.info({ userId: viewer.userId, documentId }, 'document read refused or unknown');
    throw notFound(m.notFound);
  }
  const file = await deps.storage.get(row.file_path);
  if (!file) {
    // A row without its file breaks the storage_intents unit of work: say so loudly.
    deps.log.error({ documentId, key: row.file_path }, 'document row points to a missing file');
    throw notFound(m.notFound);
  }
  // Anyone but the candidate is logged, and the candidate sees the log (issue 17): the company the
  // reader acted for, or null for the platform's verification team.
  if (viewer.userId !== row.candidate_id) {
    await deps.db
      .insertInto('document_downloads')
      .values({
        document_id: documentId,
        candidate_id: row.candidate_id,
        document_type: row.document_type,
        reader_id: viewer.userId,
        company_id: viewer.profile.role === 'employer' ? viewer.profile.company_id : null,
        ip_address: deps.ip,
      })
      .execute();
  }
  return { ...file, fileName: row.original_name ?? `${row.document_type}.pdf` };
}

/** A candidate's documents for a viewer allowed to see them; 404 for unknown candidates and everyone else. */
export async function listDocumentsForViewer(db: Kysely<DB>, viewer: SessionContext, candidateId: string): Promise<CandidateDocument[]> {
  await assertMayReadCandidate(db, viewer, candidateId, m.notFound);
  return listCandidateDocuments(db, candidateId);
}

/** 404 (with `message`) unless the candidate exists and the viewer may read their documents: nothing is confirmed to anyone else. */
export async function assertMayReadCandidate(db: Kysely<DB>, viewer: SessionContext, candidateId: string, message: string): Promise<void> {
  const candidate = await db
    .selectFrom('user_profiles')
    .select('id')
    .where('id', '=', candidateId)
    .where('role', '=', 'candidate')
    .where((eb) => mayReadCandidate(viewer, eb.ref('user_profiles.id')))
    .executeTakeFirst();
  if (!candidate) throw notFound(message);
}
