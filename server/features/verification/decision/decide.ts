import type { HistoryAssessment, HistoryFlag } from './history-types.ts';
import type { PersonNameMatch } from './match-person-name.ts';

/**
 * What an EPFO check concludes. Verified only when the name on the record matches the
 * candidate's strongly, EPFO returned at least one employment, every claim matched its
 * establishment strongly, and no blocking flag stands. Anything else goes to the verification
 * team with the reasons; a gap is information and never holds a check back.
 */
export interface EpfoDecision {
  status: 'verified' | 'in_review';
  /** Why it is not verified, one line each; empty when verified. */
  reasons: string[];
  blocking: HistoryFlag[];
  info: HistoryFlag[];
}

export function decide(name: PersonNameMatch, history: HistoryAssessment): EpfoDecision {
  const blocking = history.flags.filter((flag) => flag.severity === 'blocking');
  const info = history.flags.filter((flag) => flag.severity === 'info');
  const reasons: string[] = [];
  if (name.verdict !== 'strong') reasons.push(`The name on the EPFO record is ${name.verdict === 'weak' ? 'only a weak match' : 'not a match'} for the candidate's name`);
  if (history.members === 0) reasons.push('EPFO shows no employment for this UAN');
  for (const match of history.claims) {
    if (match.employer.verdict === 'weak' && match.establishment !== null) {
      reasons.push(`"${match.claim.employer}" matches "${match.establishment}" only weakly`);
    }
  }
  reasons.push(...blocking.map((flag) => flag.detail));
  return { status: reasons.length === 0 ? 'verified' : 'in_review', reasons, blocking, info };
}
