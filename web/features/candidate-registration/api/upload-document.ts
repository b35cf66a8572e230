import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { candidateDocumentSchema, type CandidateDocument, type DocumentType } from '@shared/schemas/candidate.ts';
import { apiErrorFrom } from '@web/lib/api-client.ts';
import { registrationQueryKey } from './get-registration.ts';

/**
 * PUT /api/candidate/documents/:type with the PDF itself as the body (not a form), replacing any
 * earlier file of that type. XMLHttpRequest rather than fetch because only it reports upload
 * progress. Error answers become ApiError like every other call; a dropped connection a TypeError.
 */
export function uploadDocument(type: DocumentType, file: File, onProgress?: (fraction: number) => void): Promise<CandidateDocument> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `/api/candidate/documents/${encodeURIComponent(type)}`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', 'application/pdf');
    request.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = candidateDocumentSchema.safeParse(payload);
        if (parsed.success) resolve(parsed.data);
        else reject(parsed.error);
      } else {
        reject(apiErrorFrom(request.status, request.statusText, payload));
      }
    };
    request.onerror = () => reject(new TypeError('The upload was interrupted'));
    request.onabort = () => reject(new TypeError('The upload was cancelled'));
    request.send(file);
  });
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
