import type { Kysely } from 'kysely';
import type { CandidateDocument, DocumentType } from '../../../shared/schemas/candidate.ts';
import type { DB } from '../../db/schema.ts';

/** A candidate's current documents (one per type), in the spec's order of types. */
export async function listCandidateDocuments(db: Kysely<DB>, candidateId: string): Promise<CandidateDocument[]> {
  const rows = await db
    .selectFrom('candidate_documents')
    .select(['id', 'document_type', 'original_name', 'size_bytes', 'created_at'])
    .where('candidate_id', '=', candidateId)
    .execute();
  const order = ['resume', 'bank_statement', 'experience_letter', 'salary_slip'];
  return rows
    .sort((a, b) => order.indexOf(a.document_type) - order.indexOf(b.document_type))
    .map(toCandidateDocument);
}

/** A candidate_documents row as the API shows it, with the URL it is downloaded from. */
export function toCandidateDocument(row: { id: string; document_type: DocumentType; original_name: string | null; size_bytes: string | number; created_at: Date | string }): CandidateDocument {
  return {
    id: row.id,
    document_type: row.document_type,
    original_name: row.original_name,
    size_bytes: Number(row.size_bytes),
    created_at: new Date(row.created_at).toISOString(),
    url: `/api/documents/${row.id}`,
  };
}
