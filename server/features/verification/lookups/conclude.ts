import type { EpfoClaim, EpfoFindings, EpfoFlag } from '../../../../shared/schemas/epfo.ts';
import { decide } from '../decision/decide.ts';
import { assessHistory } from '../decision/history-flags.ts';
import type { EmploymentClaim } from '../decision/history-types.ts';
import { matchPersonName, type PersonNameMatch } from '../decision/match-person-name.ts';
import type { EpfoMember } from '../sources/epfo/provider.ts';

const RANK = { strong: 2, weak: 1, none: 0 } as const;

/**
 * The name on the record against the candidate's. Every member record carries the name its
 * employer registered; the weakest of them decides, so one employer's record under another
 * person's name cannot pass behind a matching one.
 */
function nameMatchOf(members: EpfoMember[], candidateName: string): { name: string; match: PersonNameMatch } | null {
  let worst: { name: string; match: PersonNameMatch } | null = null;
  for (const name of new Set(members.map((member) => member.name.trim()).filter(Boolean))) {
    const match = matchPersonName(name, candidateName);
    if (!worst || RANK[match.verdict] < RANK[worst.match.verdict]) worst = { name, match };
  }
  return worst;
}

/**
 * What one EPFO history concludes about a candidate, as stored and shown (pure: the clock is
 * passed in). The decision rules live in ../decision; this only shapes their answer into the
 * findings, keeping the facts the check needs and nothing of the provider's answer besides.
 */
export function concludeEpfoHistory(members: EpfoMember[], candidateName: string, claims: EmploymentClaim[], now: Date): EpfoFindings {
  const facts = members.map((member) => ({ establishment: member.establishment, joined: member.joined, exited: member.exited, lastContribution: member.lastContribution }));
  const history = assessHistory(facts, claims, now);
  const name = nameMatchOf(members, candidateName);
  const decision = decide(name?.match ?? { verdict: 'none', score: 0, reasons: [] }, history);

  const confirmed = new Set<number>();
  const employers = facts.map((fact) => ({ establishment: fact.establishment, joined: fact.joined, exited: fact.exited, last_contribution: fact.lastContribution, confirms: [] as EpfoClaim[] }));
  for (const [index, match] of history.claims.entries()) {
    const employer = match.memberIndex === null ? undefined : employers[match.memberIndex];
    if (employer && match.employer.verdict === 'strong' && match.joining.agrees !== false && match.exit.agrees !== false) {
      employer.confirms.push({ employer: match.claim.employer, source: match.claim.source });
      confirmed.add(index);
    }
  }
  return {
    found: members.length > 0,
    name_on_record: name?.name ?? null,
    name_match: name?.match.verdict ?? null,
    employers,
    unconfirmed_claims: history.claims.filter((_, index) => !confirmed.has(index)).map((match) => ({ employer: match.claim.employer, source: match.claim.source })),
    flags: history.flags.map((flag): EpfoFlag => ({ code: flag.code, severity: flag.severity, detail: flag.detail, evidence: flag.evidence })),
    decision: decision.status,
    reasons: decision.reasons,
  };
}

/** EPFO has nothing under the UAN: decided, and the team looks. */
export function notFoundFindings(reason: string): EpfoFindings {
  return { found: false, name_on_record: null, name_match: null, employers: [], unconfirmed_claims: [], flags: [], decision: 'in_review', reasons: [reason] };
}
