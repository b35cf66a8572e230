import { MAX_DOCUMENT_BYTES } from '@shared/schemas/candidate.ts';
import { messages } from '@shared/messages.ts';

const text = messages.candidate.documents;

/**
 * What the browser can tell before sending: the server checks the content (`%PDF-`) and the size
 * again while streaming, so this only saves a pointless upload. Returns the reason, or null.
 */
export function documentProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (file.size === 0) return text.empty;
  const looksLikePdf = file.type === 'application/pdf' || (file.type === '' && file.name.toLowerCase().endsWith('.pdf'));
  if (!looksLikePdf) return text.notPdf;
  if (file.size > MAX_DOCUMENT_BYTES) return text.tooLarge;
  return null;
}
