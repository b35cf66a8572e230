import type { z } from 'zod';
import { apiErrorFrom } from '@web/lib/api-client.ts';

/**
 * PUT with the PDF itself as the body (not a form), its name in X-File-Name. XMLHttpRequest rather
 * than fetch because only it reports upload progress. Error answers become ApiError like every
 * other call; a dropped connection a TypeError.
 */
export function putPdf<T>(url: string, file: File, schema: z.ZodType<T>, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
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
        const parsed = schema.safeParse(payload);
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
