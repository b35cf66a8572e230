import { messages } from '../../../../shared/messages.ts';
import type { PdfFacts } from '../../../pdf/pdf-objects.ts';
import { loadFacts, type CheckDeps, type Outcome } from '../check-store.ts';
import { findNetPay, unreadableFlag, type DocumentSubject } from '../document-rules.ts';
import { extractPdfText } from '../pdf-text.ts';
import { documentEmploymentClaim } from '../decision/document-claims.ts';
import type { RecognisedPage } from './forensics/text-layer.ts';
import { judgeText, readsByOcr } from './judge-text.ts';
import { readDocument, readStoredFile, type DocumentReading } from './read-document.ts';

const m = messages.verification;

/** The candidate's salary slip's net pay, for the bank statement's salary rule; null when there is none to read. */
async function salarySlipNetPay(deps: CheckDeps, candidateId: string): Promise<number | null> {
  const slip = await deps.db.selectFrom('candidate_documents').select('file_path').where('candidate_id', '=', candidateId).where('document_type', '=', 'salary_slip').executeTakeFirst();
  if (!slip) return null;
  try {
    return findNetPay(await extractPdfText(await readStoredFile(deps.storage, slip.file_path)))?.amount ?? null;
  } catch {
    return null;
  }
}

/**
 * A document's text judged: the subject's rules against the candidate's profile, then the forensic
 * signals on the file's structure (issue 35). Verified only when the rules match and no signal
 * stands. The text is the PDF's text layer or, for a scan, what the OCR recognised.
 */
export async function documentOutcome(
  deps: CheckDeps,
  candidateId: string,
  subject: DocumentSubject,
  documentId: string,
  text: string,
  structure: PdfFacts | null,
  recognised?: RecognisedPage[],
): Promise<Outcome | null> {
  const facts = await loadFacts(deps.db, candidateId);
  if (!facts) return null;
  const verdict = judgeText(
    subject,
    text,
    structure,
    {
      fullName: facts.full_name,
      uan: facts.uan,
      currentEmployer: facts.current_employer,
      currentPayLakh: facts.current_pay_lakh === null ? null : Number(facts.current_pay_lakh),
    },
    subject === 'bank_statement' ? { salarySlipNetPay: await salarySlipNetPay(deps, candidateId) } : {},
    recognised,
  );
  return {
    status: verdict.status,
    decidedBy: verdict.status === 'verified' ? 'algorithm' : null,
    flags: verdict.flags,
    verifiedFields: verdict.verifiedFields,
    documentId,
    // The employment a letter or slip states joins the claims the EPFO history is compared with
    // (issue 34 §2), stored with the outcome; null when it names no employer.
    ...(subject === 'experience_letter' || subject === 'salary_slip' ? { employmentClaim: documentEmploymentClaim(subject, text) } : {}),
  };
}

/**
 * The automatic pass on the candidate's current document of a subject: its text layer and
 * structure read (each in a worker thread), then judged; a file with no text layer to speak of (a
 * scan, a phone photo saved as PDF), or a scan with a text layer laid over it, is read by OCR in
 * the background instead (readByOcr).
 */
export async function currentDocumentOutcome(deps: CheckDeps, candidateId: string, subject: DocumentSubject): Promise<Outcome | null> {
  const document = await deps.db.selectFrom('candidate_documents').select(['id', 'file_path']).where('candidate_id', '=', candidateId).where('document_type', '=', subject).executeTakeFirst();
  if (!document) return null;
  let reading: DocumentReading;
  try {
    reading = await readDocument(await readStoredFile(deps.storage, document.file_path));
  } catch (error) {
    deps.log.info({ err: error, candidateId, subject, documentId: document.id }, 'verification: document unreadable');
    return { status: 'in_review', decidedBy: null, flags: [unreadableFlag(m.unreadable)], verifiedFields: [], documentId: document.id };
  }
  if (reading.factsError) deps.log.info({ candidateId, subject, documentId: document.id, reason: reading.factsError }, 'verification: document forensics read the text only');
  // A scan, or a scan with a text layer over it (what it shows is read, to compare with what the layer says).
  if (readsByOcr(reading)) return { status: 'pending', decidedBy: null, flags: [], verifiedFields: [], documentId: document.id, readByOcr: true };
  return documentOutcome(deps, candidateId, subject, document.id, reading.text, reading.facts);
}
