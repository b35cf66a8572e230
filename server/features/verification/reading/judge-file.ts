import { messages } from '../../../../shared/messages.ts';
import type { Outcome } from '../check-store.ts';
import type { DocumentContext, DocumentSubject, DocumentVerdict, ProfileFacts } from '../document-rules.ts';
import { judgeText, readsByOcr } from './judge-text.ts';
import type { OcrEngine } from './ocr/ocr-pool.ts';
import { withRecognition } from './ocr/process-read.ts';
import { readScannedPdf, type ScanReading } from './ocr/read-scan.ts';
import { readDocument } from './read-document.ts';

/**
 * The automatic pass on one file, without a database: what the labelled corpus's bench and test
 * (issue 35 §3) run, so the figures measure the same functions a candidate's upload meets. The
 * stored check (document-outcome.ts, process-read.ts) reads the profile and the salary slip from
 * the database, then makes the same calls (judge-text.ts).
 */

export interface FileJudgement {
  outcome: Outcome;
  /** The text the rules read: the text layer, or what the OCR recognised. */
  text: string;
  /** The OCR's reading, when the file was read by OCR. */
  scan: ScanReading | null;
}

/**
 * Reads a file as the automatic pass does (its text layer and facts; a scan by OCR on `ocr`) and
 * decides it. Rejects when the text cannot be read, or a scan comes without an OCR engine.
 */
export async function judgeFile(bytes: Uint8Array, subject: DocumentSubject, profile: ProfileFacts, { context = {}, ocr }: { context?: DocumentContext; ocr?: OcrEngine } = {}): Promise<FileJudgement> {
  const reading = await readDocument(bytes);
  const decided = (verdict: DocumentVerdict): Outcome => ({ status: verdict.status, decidedBy: verdict.status === 'verified' ? 'algorithm' : null, flags: verdict.flags, verifiedFields: verdict.verifiedFields, documentId: '' });
  if (!readsByOcr(reading)) return { outcome: decided(judgeText(subject, reading.text, reading.facts, profile, context)), text: reading.text, scan: null };
  if (!ocr) throw new Error('This file is read by OCR: pass an OCR engine');
  const scan = await readScannedPdf(bytes, ocr);
  const verdict = judgeText(subject, scan.text, reading.facts, profile, context, scan.pages);
  return { outcome: withRecognition(decided(verdict), scan), text: scan.text, scan };
}

/** The forensic signals a decision names (its document_risk flag lists them), by the team's labels. */
export function signalsOf(flags: Outcome['flags']): string[] {
  const risk = flags.find((flag) => flag.rule === 'document_risk');
  if (!risk?.found) return [];
  const bySignalLabel = new Map(Object.entries(messages.verification.forensicSignals).map(([signal, label]) => [label, signal]));
  return risk.found
    .slice(risk.found.indexOf(': ') + 2)
    .split(', ')
    .map((label) => bySignalLabel.get(label) ?? label);
}
