import { messages } from '../../../../shared/messages.ts';
import type { PdfFacts } from '../../../pdf/pdf-objects.ts';
import { evaluateDocument, MIN_TEXT_CHARS, type DocumentContext, type DocumentSubject, type DocumentVerdict, type ProfileFacts } from '../document-rules.ts';
import { judgeDocument } from './forensics/judge-document.ts';
import { pagesWithLayerOverScan, type RecognisedPage } from './forensics/text-layer.ts';
import type { DocumentReading } from './read-document.ts';

/**
 * The automatic pass's decision on a document, shared by the stored check (document-outcome.ts)
 * and the labelled corpus's bench and test (judge-file.ts), so both run the same calls.
 */

/** The subject's rules on a document's text against the profile, then the forensic signals. */
export function judgeText(subject: DocumentSubject, text: string, facts: PdfFacts | null, profile: ProfileFacts, context: DocumentContext = {}, recognised?: RecognisedPage[]): DocumentVerdict {
  const rules = evaluateDocument(subject, text, profile, recognised ? { ...context, readByOcr: true } : context, messages.verification.unreadable);
  return judgeDocument(subject, rules, text, facts, recognised);
}

/** Whether the pass reads the file by OCR: no text layer to speak of (a scan), or a text layer over a scan (signal 5). */
export const readsByOcr = (reading: DocumentReading) => reading.text.replace(/\s+/g, '').length < MIN_TEXT_CHARS || pagesWithLayerOverScan(reading.facts).length > 0;
