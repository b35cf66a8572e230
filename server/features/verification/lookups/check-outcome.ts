import type { EpfoFindings } from '../../../../shared/schemas/epfo.ts';
import type { VerificationFlag } from '../../../db/schema.ts';

const day = (date: string | null) => date ?? '?';

/**
 * The UAN check's row from an EPFO lookup's findings: verified or in review, the flags every
 * screen of checks already shows (one per finding, in the rules' words), and the profile fields
 * the record confirms (the UAN and name always when verified; the current employer when an
 * establishment confirms it).
 */
export function checkOutcomeOf(findings: EpfoFindings): { status: 'verified' | 'in_review'; flags: VerificationFlag[]; verifiedFields: string[] } {
  const employers = findings.employers.map((employer) => `${employer.establishment} (${day(employer.joined)} – ${employer.exited ?? 'present'})`).join('; ');
  const flags: VerificationFlag[] = [
    findings.found
      ? { rule: 'uan_provider', outcome: findings.name_match === 'strong' ? 'match' : 'mismatch', found: employers, ...(findings.name_on_record ? { evidence: findings.name_on_record } : {}) }
      : { rule: 'uan_provider', outcome: 'missing', found: findings.reasons[0] ?? '' },
    ...findings.flags.map((flag): VerificationFlag => ({ rule: `epfo_${flag.code}`, outcome: flag.severity === 'info' ? 'not_checked' : 'mismatch', found: flag.detail })),
  ];
  if (findings.decision !== 'verified') return { status: 'in_review', flags, verifiedFields: [] };
  const confirmsCurrent = findings.employers.some((employer) => employer.confirms.some((claim) => claim.source === 'current_employer'));
  return { status: 'verified', flags, verifiedFields: ['uan', 'full_name', ...(confirmsCurrent ? ['current_employer'] : [])] };
}
