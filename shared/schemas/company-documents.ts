import { z } from 'zod';
import { companyDocumentsMessages as text } from '../messages/company-documents.ts';
import { documentTypes } from '../options.ts';

/**
 * Documents of the company's applicants (issue 17) and the candidate's download log.
 *
 *   GET /api/company/documents?type&status&q&cursor  user (owner, admin, recruiter) → CompanyDocumentsPage
 *   GET /api/candidate/document-downloads            user (the candidate)            → DocumentDownload[]
 *   Downloading (GET /api/documents/:id) by anyone but the candidate writes the log.
 */
export const COMPANY_DOCUMENTS_PAGE = 50;
export const documentStatuses = ['verified', 'pending', 'in_review', 'rejected', 'unchecked'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

export const companyDocumentsQuerySchema = z.strictObject({
  type: z.enum(documentTypes, text.invalidType).optional(),
  status: z.enum(documentStatuses, text.invalidStatus).optional(),
  q: z.string().trim().max(100, text.searchTooLong).optional(),
  cursor: z
    .string(text.invalidCursor)
    .regex(/^[A-Za-z0-9_-]{1,200}$/, text.invalidCursor)
    .optional(),
});
export type CompanyDocumentsQuery = z.infer<typeof companyDocumentsQuerySchema>;

export const companyDocumentSchema = z.object({
  id: z.string(),
  candidate_id: z.string(),
  candidate_name: z.string(),
  document_type: z.enum(documentTypes),
  original_name: z.string().nullable(),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
  status: z.enum(documentStatuses),
  url: z.string(),
});
export type CompanyDocument = z.infer<typeof companyDocumentSchema>;

export const companyDocumentsPageSchema = z.object({ documents: z.array(companyDocumentSchema), next_cursor: z.string().nullable() });
export type CompanyDocumentsPage = z.infer<typeof companyDocumentsPageSchema>;

export const documentDownloadSchema = z.object({
  id: z.string(),
  document_type: z.enum(documentTypes),
  /** The company whose member downloaded it; null: the WorkCred verification team. */
  company_name: z.string().nullable(),
  downloaded_at: z.string(),
});
export type DocumentDownload = z.infer<typeof documentDownloadSchema>;
export const documentDownloadListSchema = z.array(documentDownloadSchema);
