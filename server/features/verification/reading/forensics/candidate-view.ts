import type { VerificationFlag } from '../../../../db/schema.ts';

const isForensic = (flag: VerificationFlag) => flag.rule.startsWith('forensic_') || flag.rule === 'document_risk';
const FIGURES = new Set(['forensic_earnings_sum', 'forensic_net_pay_sum', 'forensic_pf_rate', 'forensic_running_balance']);

/**
 * The flags as the candidate sees them: the forensic findings (what was found, where, the risk)
 * are for the verification team; the candidate reads one plain reason in their place ("This
 * document seems to have been changed after it was created", or that its figures do not add up),
 * and that they can upload the original. Signals are reasons to look, not accusations, and naming
 * them would teach a forger what to hide.
 */
export function candidateFlags(flags: VerificationFlag[]): VerificationFlag[] {
  const forensic = flags.filter(isForensic);
  if (forensic.length === 0) return flags;
  const changed = forensic.some((flag) => flag.rule.startsWith('forensic_') && !FIGURES.has(flag.rule));
  return [...flags.filter((flag) => !isForensic(flag)), { rule: changed ? 'document_changed' : 'document_figures', outcome: 'not_checked' }];
}
