import type { Kysely } from 'kysely';
import type { CandidateDocument } from '../../../shared/schemas/candidate.ts';
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
    .map((row) => ({
      id: row.id,
      document_type: row.document_type,
      original_name: row.original_name,
      size_bytes: Number(row.size_bytes),
      created_at: new Date(row.created_at).toISOString(),
      url: `/api/documents/${row.id}`,
    }));
}
