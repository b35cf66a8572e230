import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { COMPANY_DOCUMENTS_PAGE, type CompanyDocumentsPage, type CompanyDocumentsQuery, type DocumentDownload, type DocumentStatus } from '../../../shared/schemas/company-documents.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, ilike } from '../../db/like-pattern.ts';
import { badRequest } from '../../http/errors.ts';
import { decodeJobCursor, encodeJobCursor } from '../jobs/job-cursor.ts';

const text = messages.companyDocuments;

/**
 * The documents of candidates who applied to the company's jobs (the rule that lets its members
 * open them, document-access.ts), newest upload first, 50 at a time, with each one's verification
 * status: filtered by type, status and the candidate's name.
 */
export async function listCompanyDocuments(db: Kysely<DB>, companyId: string, query: CompanyDocumentsQuery): Promise<CompanyDocumentsPage> {
  // The jobs list's cursor (created_at to the microsecond, then id): a millisecond would skip
  // documents uploaded within the same millisecond as the last one on a page.
  const after = query.cursor ? decodeJobCursor(query.cursor) : null;
  if (query.cursor && !after) throw badRequest(text.invalidCursor, 'INVALID_CURSOR');
  const rows = await db
    .selectFrom('candidate_documents as cd')
    .innerJoin('user_profiles as up', 'up.id', 'cd.candidate_id')
    .leftJoin('verification_checks as vc', (join) => join.onRef('vc.candidate_id', '=', 'cd.candidate_id').onRef('vc.subject', '=', 'cd.document_type'))
    .select(['cd.id', 'cd.candidate_id', 'up.full_name', 'up.email', 'cd.document_type', 'cd.original_name', 'cd.size_bytes', 'cd.created_at', 'vc.status'])
    .select(sql<string>`to_char(cd.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'))
    .where('cd.candidate_id', 'in', (eb) => eb.selectFrom('job_applications').select('candidate_id').where('company_id', '=', companyId))
    .$if(query.type !== undefined, (qb) => qb.where('cd.document_type', '=', query.type!))
    .$if(query.status === 'unchecked', (qb) => qb.where('vc.id', 'is', null))
    .$if(query.status !== undefined && query.status !== 'unchecked', (qb) => qb.where('vc.status', '=', query.status as Exclude<DocumentStatus, 'unchecked'>))
    .$if(Boolean(query.q), (qb) => qb.where(ilike('up.full_name', containsPattern(query.q!))))
    .$if(after !== null, (qb) => qb.where(sql<boolean>`(cd.created_at, cd.id) < (${after!.createdAt}::timestamptz, ${after!.id}::uuid)`))
    .orderBy('cd.created_at', 'desc')
    .orderBy('cd.id', 'desc')
    .limit(COMPANY_DOCUMENTS_PAGE + 1)
    .execute();
  const page = rows.slice(0, COMPANY_DOCUMENTS_PAGE);
  const last = page.at(-1);
  return {
    documents: page.map((row) => ({
      id: row.id,
      candidate_id: row.candidate_id,
      candidate_name: row.full_name || row.email,
      document_type: row.document_type,
      original_name: row.original_name,
      size_bytes: Number(row.size_bytes),
      uploaded_at: new Date(row.created_at).toISOString(),
      status: row.status ?? 'unchecked',
      url: `/api/documents/${row.id}`,
    })),
    next_cursor: rows.length > COMPANY_DOCUMENTS_PAGE && last ? encodeJobCursor({ createdAt: last.cursor_at, id: last.id }) : null,
  };
}

/** Who downloaded the candidate's documents, newest first: the company, or the verification team. */
export async function listDocumentDownloads(db: Kysely<DB>, candidateId: string): Promise<DocumentDownload[]> {
  const rows = await db
    .selectFrom('document_downloads as dd')
    .leftJoin('companies as c', 'c.id', 'dd.company_id')
    .select(['dd.id', 'dd.document_type', 'dd.company_id', 'c.name as company_name', 'dd.downloaded_at'])
    .where('dd.candidate_id', '=', candidateId)
    .orderBy('dd.downloaded_at', 'desc')
    .orderBy('dd.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({ id: row.id, document_type: row.document_type, company_name: row.company_name, downloaded_at: new Date(row.downloaded_at).toISOString() }));
}
