import type { Generated } from 'kysely';
import type { DocumentType } from '../../shared/schemas/candidate.ts';

/** Downloads of candidates' documents by others (migration 0037), merged into DB. */
export interface DocumentDownloadsTable {
  id: Generated<string>;
  document_id: string | null;
  candidate_id: string;
  document_type: DocumentType;
  reader_id: string | null;
  company_id: string | null;
  ip_address: string | null;
  downloaded_at: Generated<Date>;
}

declare module './schema.ts' {
  interface DB {
    document_downloads: DocumentDownloadsTable;
  }
}
