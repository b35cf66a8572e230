import { statementArithmetic } from './arithmetic-statement.ts';
import { payslipArithmetic } from './arithmetic-payslip.ts';
import { editsSignal } from './edits.ts';
import { fieldsSignal } from './fields.ts';
import { fontsSignal } from './fonts.ts';
import { producerSignal } from './producer.ts';
import { OCR_MIN_CONFIDENCE } from '../ocr/read-scan.ts';
import { revisionsSignal } from './revisions.ts';
import { riskOf, type ForensicRisk } from './risk.ts';
import { textLayerSignal } from './text-layer.ts';
import type { ForensicFlag, ForensicInput } from './types.ts';

export interface ForensicReport {
  flags: ForensicFlag[];
  risk: ForensicRisk | null;
}

/**
 * Every forensic signal on one document (issue 35 §2, items 1–6): pure, from what MuPDF read
 * of the file and the text's lines. The signals that need the file's structure are skipped when it
 * could not be read; the text ones still run.
 */
export function runForensics({ subject, facts, lines, recognised }: ForensicInput): ForensicReport {
  const flags: ForensicFlag[] = [];
  if (facts) flags.push(...producerSignal(subject, facts.metadata), ...revisionsSignal(facts), ...editsSignal(facts), ...fontsSignal(facts));
  if (facts && recognised) flags.push(...textLayerSignal(facts, recognised, OCR_MIN_CONFIDENCE));
  if (subject === 'salary_slip') flags.push(...fieldsSignal(lines), ...payslipArithmetic(lines));
  if (subject === 'bank_statement') flags.push(...statementArithmetic(lines));
  return { flags, risk: riskOf(flags) };
}
