import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { candidateDocumentSchema, type CandidateDocument, type DocumentType } from '@shared/schemas/candidate.ts';
import { putPdf } from '@web/lib/put-pdf.ts';
import { registrationQueryKey } from './get-registration.ts';

/** PUT /api/candidate/documents/:type with the PDF itself as the body, replacing any earlier file of that type. */
export function uploadDocument(type: DocumentType, file: File, onProgress?: (fraction: number) => void): Promise<CandidateDocument> {
  return putPdf(`/api/candidate/documents/${encodeURIComponent(type)}`, file, candidateDocumentSchema, onProgress);
}

/** One document type's upload: the mutation and how far the current upload has got (0 to 1). */
export function useUploadDocument(type: DocumentType) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadDocument(type, file, setProgress);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationQueryKey }),
  });
  return { ...mutation, progress };
}
