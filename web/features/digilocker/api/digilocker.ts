import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importResultSchema, issuedFileListSchema, myIssuedDocumentsSchema, startAuthorizationSchema } from '@shared/schemas/digilocker.ts';
import { api } from '@web/lib/api-client.ts';

const mineKey = ['digilocker', 'mine'] as const;
const issuedKey = ['digilocker', 'issued'] as const;

/** GET /api/digilocker/documents: whether DigiLocker is offered, and the documents the candidate brought. */
export function useMyIssuedDocuments() {
  return useQuery({ queryKey: mineKey, queryFn: ({ signal }) => api('/api/digilocker/documents', { schema: myIssuedDocumentsSchema, signal }) });
}

/** GET /api/digilocker/issued: what the connected DigiLocker holds (only after coming back from its consent). */
export function useIssuedFiles(enabled: boolean) {
  return useQuery({ queryKey: issuedKey, enabled, retry: false, queryFn: ({ signal }) => api('/api/digilocker/issued', { schema: issuedFileListSchema, signal }) });
}

/** POST /api/digilocker/authorizations, then the browser goes to DigiLocker's consent. */
export function useStartDigilocker() {
  return useMutation({
    mutationFn: () => api('/api/digilocker/authorizations', { method: 'POST', schema: startAuthorizationSchema }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /api/digilocker/import: brings the chosen documents. */
export function useImportDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uris: string[]) => api('/api/digilocker/import', { method: 'POST', body: { uris }, schema: importResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mineKey }),
  });
}

/** DELETE /api/digilocker/documents/:id */
export function useRemoveIssuedDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/digilocker/documents/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mineKey }),
  });
}
