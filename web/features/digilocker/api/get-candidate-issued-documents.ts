import { useQuery } from '@tanstack/react-query';
import { issuedDocumentListSchema } from '@shared/schemas/digilocker.ts';
import { api } from '@web/lib/api-client.ts';

export const candidateIssuedDocumentsKey = (candidateId: string) => ['digilocker', 'candidate', candidateId] as const;

/** GET /api/candidates/:candidateId/issued-documents: what an employer the candidate applied to sees (the facts, no file). */
export function useCandidateIssuedDocuments(candidateId: string) {
  return useQuery({
    queryKey: candidateIssuedDocumentsKey(candidateId),
    queryFn: ({ signal }) => api(`/api/candidates/${encodeURIComponent(candidateId)}/issued-documents`, { schema: issuedDocumentListSchema, signal }),
  });
}
