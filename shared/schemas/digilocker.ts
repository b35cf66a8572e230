import { z } from 'zod';
import { digilockerMessages } from '../messages/digilocker.ts';

const text = digilockerMessages.digilocker;

/**
 * Documents brought from DigiLocker (issue 34 §4).
 *
 *   GET    /api/digilocker/documents                    candidate → MyIssuedDocuments
 *   POST   /api/digilocker/authorizations               candidate → { url } (go there: DigiLocker's consent)
 *   GET    /api/digilocker/callback?code&state          the browser, back from DigiLocker → 303 to Documents, or a 4xx page
 *   GET    /api/digilocker/issued                       candidate, connected → IssuedFileList (what DigiLocker holds)
 *   POST   /api/digilocker/import  { uris }             candidate, connected → { documents } (201)
 *   DELETE /api/digilocker/documents/:documentId        candidate → 204
 *   GET    /api/digilocker/documents/:documentId/file   candidate → application/pdf
 *   GET    /api/candidates/:candidateId/issued-documents  whoever may read the candidate's documents → IssuedDocument[]
 *   GET    /api/digilocker/dev/authorize                the development provider's consent page (not in production)
 */

/** At most this many documents per import: each is fetched from DigiLocker (10 s at most) while the candidate waits. */
export const MAX_IMPORT_DOCUMENTS = 5;

export const issuedFileSchema = z.object({
  uri: z.string(),
  name: z.string(),
  doctype: z.string(),
  issuer: z.string(),
  /** YYYY-MM-DD, when DigiLocker gives it. */
  date: z.string().nullable(),
  /** Already brought: choosing it again changes nothing. */
  brought: z.boolean(),
});
export type IssuedFile = z.infer<typeof issuedFileSchema>;

export const issuedFileListSchema = z.object({ documents: z.array(issuedFileSchema) });
export type IssuedFileList = z.infer<typeof issuedFileListSchema>;

export const issuedDocumentSchema = z.object({
  id: z.string(),
  issuer: z.string(),
  doctype: z.string(),
  name: z.string(),
  size_bytes: z.number(),
  /** YYYY-MM-DD */
  issued_on: z.string().nullable(),
  fetched_at: z.string(),
  course: z.string().nullable(),
  institution: z.string().nullable(),
  passing_year: z.number().nullable(),
  /** Issued by its issuer to a name that matches the candidate's: counts as verified. */
  verified: z.boolean(),
  /** The course on the certificate matches the education on the candidate's profile. */
  confirms_education: z.boolean(),
  /** Where the candidate downloads it; null for others. */
  url: z.string().nullable(),
});
export type IssuedDocument = z.infer<typeof issuedDocumentSchema>;
export const issuedDocumentListSchema = z.array(issuedDocumentSchema);

export const myIssuedDocumentsSchema = z.object({
  /** Whether this server offers DigiLocker (DIGILOCKER_PROVIDER is not none). */
  enabled: z.boolean(),
  documents: z.array(issuedDocumentSchema),
  /** The education on the candidate's profile, which a certificate may confirm. */
  education: z.string().nullable(),
});
export type MyIssuedDocuments = z.infer<typeof myIssuedDocumentsSchema>;

export const startAuthorizationSchema = z.object({ url: z.string() });

export const importRequestSchema = z
  .object({
    uris: z
      .array(z.string().trim().min(1).max(255))
      .min(1, text.chooseOne)
      .max(MAX_IMPORT_DOCUMENTS, text.tooMany)
      .refine((uris) => new Set(uris).size === uris.length, text.duplicateUri),
  })
  .strict();
export type ImportRequest = z.infer<typeof importRequestSchema>;
export const importResultSchema = z.object({ documents: z.array(issuedDocumentSchema) });

export const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(100).optional(),
  error_description: z.string().max(500).optional(),
});

export const devAuthorizeQuerySchema = z.object({
  response_type: z.literal('code'),
  client_id: z.string().max(100),
  redirect_uri: z.url().max(500),
  state: z.string().min(1).max(256),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
});
