import { messages } from '../../../../../shared/messages.ts';
import type { VerificationFlag } from '../../../../db/schema.ts';
import type { DocumentSubject, DocumentVerdict } from '../../document-rules.ts';
import type { PdfFacts } from '../../../../pdf/pdf-objects.ts';
import { linesFromFacts, linesFromText } from './text-lines.ts';
import { runForensics } from './run-forensics.ts';
import type { RecognisedPage } from './text-layer.ts';
import type { ForensicFlag } from './types.ts';

const m = messages.verification;

const toFlag = (flag: ForensicFlag): VerificationFlag => ({
  rule: flag.rule,
  outcome: 'mismatch',
  found: flag.found,
  ...(flag.expected ? { expected: flag.expected } : {}),
  ...(flag.evidence ? { evidence: flag.evidence } : {}),
  ...(flag.page !== undefined ? { page: flag.page } : {}),
  ...(flag.rect ? { rect: flag.rect } : {}),
});

/**
 * The rules' verdict with the forensic signals added: verified only when the rules match and no
 * signal stands. Each finding becomes a flag (page and place kept for the team's viewer), and a
 * last flag states the risk level and the signals that made it.
 */
export function judgeDocument(
  subject: DocumentSubject,
  verdict: DocumentVerdict,
  text: string,
  facts: PdfFacts | null,
  recognised?: RecognisedPage[],
): DocumentVerdict {
  // The lines the page draws (with their places); a scan draws none, so its recognised text is used.
  const drawn = facts ? linesFromFacts(facts) : [];
  const report = runForensics({ subject, facts, lines: drawn.length > 0 ? drawn : linesFromText(text), ...(recognised ? { recognised } : {}) });
  if (!report.risk) return verdict;
  const riskFlag: VerificationFlag = {
    rule: 'document_risk',
    outcome: 'mismatch',
    risk: report.risk.level,
    found: `${m.riskLevels[report.risk.level]}: ${report.risk.signals.map((signal) => m.forensicSignals[signal]).join(', ')}`,
  };
  return { ...verdict, status: 'in_review', verifiedFields: [], flags: [...verdict.flags, ...report.flags.map(toFlag), riskFlag] };
}
