import { buffer } from 'node:stream/consumers';
import { readPdfFacts, type PdfFacts } from '../../../pdf/pdf-objects.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { extractPdfText } from '../pdf-text.ts';

export interface DocumentReading {
  text: string;
  /** What MuPDF read for the forensics; null when it could not (a password, a file it cannot open, a time-out). */
  facts: PdfFacts | null;
  factsError?: string;
}

/**
 * A document's text (pdfjs) and forensic facts (MuPDF), each in a worker thread of its own with
 * time and memory limits, side by side: never on the request path (run-check.ts runs after the
 * upload or consent has answered). Rejects only when the text cannot be read.
 */
export async function readDocument(bytes: Uint8Array): Promise<DocumentReading> {
  const [text, facts] = await Promise.allSettled([extractPdfText(bytes), readPdfFacts(bytes)]);
  if (text.status === 'rejected') throw text.reason;
  if (facts.status === 'rejected') return { text: text.value, facts: null, factsError: String(facts.reason) };
  return { text: text.value, facts: facts.value.locked ? null : facts.value, ...(facts.value.locked ? { factsError: 'needs a password' } : {}) };
}

/** A stored document's bytes. */
export async function readStoredFile(storage: FileStorage, filePath: string): Promise<Uint8Array> {
  const file = await storage.get(filePath);
  if (!file) throw new Error(`document file missing: ${filePath}`);
  const bytes = await buffer(file.body);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
