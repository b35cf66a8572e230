import type { PdfFacts, PdfRect } from '../../../../pdf/pdf-objects.ts';
import type { DocumentSubject } from '../../document-rules.ts';

export type ForensicSignal = 'producer' | 'revisions' | 'edits' | 'fonts' | 'text_layer' | 'arithmetic';
/** How much one finding weighs towards the document's risk level (risk.ts). */
export type ForensicWeight = 'low' | 'medium' | 'high';

/**
 * One finding: a reason for a person to look, never an accusation. `rule` names the finding
 * (shared/messages/verification.ts has its text for the team), `found` says what was seen,
 * `page` and `rect` where (rect in points from the page's top-left corner, when known).
 */
export interface ForensicFlag {
  signal: ForensicSignal;
  rule: string;
  weight: ForensicWeight;
  found: string;
  expected?: string;
  evidence?: string;
  page?: number;
  rect?: PdfRect;
}

/** A line of the document's text as laid out: its page and box when known. */
export interface TextLine {
  text: string;
  page: number | null;
  rect: PdfRect | null;
}

/** What the OCR recognised on one page, and how sure it was (0–100). */
export interface RecognisedPage {
  number: number;
  text: string;
  confidence: number;
}

export interface ForensicInput {
  subject: DocumentSubject;
  /** null when MuPDF could not read the file (the signals that need it are skipped). */
  facts: PdfFacts | null;
  lines: TextLine[];
  /** What the OCR recognised on each page it read (a scan, or a scan with a text layer over it). */
  recognised?: RecognisedPage[];
}
