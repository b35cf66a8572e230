import { daysBetween, moreThanMonthsAfter, monthIndexOf, parseDay } from './calendar.ts';
import type { EmployerAlias } from './employer-aliases.ts';
import type { ClaimMatch, DateComparison, EmploymentClaim, EpfoMemberFacts } from './history-types.ts';
import { matchEmployer, type EmployerMatch } from './match-employer.ts';

/**
 * Each claimed employment matched to an EPFO member record, with its joining and exit dates
 * compared. Pure: no I/O.
 *
 * Dates agree when they are at most one calendar month apart: 15 Jan and 15 Feb agree (exactly
 * one month), 15 Jan and 16 Feb (32 days) do not; the day is kept within the month, so 31 Jan and
 * 28 Feb agree. When either side is only a month ('YYYY-MM'), the months may differ by one.
 * When EPFO has no exit date, the last PF contribution stands for it: PF is filed for every month
 * worked, and employers often never mark the exit.
 */

const DATE_TOLERANCE_MONTHS = 1;

export function compareDates(claimed: string | null, epfo: string | null, basis: DateComparison['basis']): DateComparison {
  if (!claimed || !epfo) return { claimed, epfo, basis, agrees: null, days: null };
  const a = parseDay(claimed);
  const b = parseDay(epfo);
  if (a && b) {
    const [earlier, later] = daysBetween(a, b) >= 0 ? [a, b] : [b, a];
    return { claimed, epfo, basis, agrees: !moreThanMonthsAfter(earlier, later, DATE_TOLERANCE_MONTHS), days: Math.abs(daysBetween(a, b)) };
  }
  const ma = monthIndexOf(claimed);
  const mb = monthIndexOf(epfo);
  if (ma === null || mb === null) return { claimed, epfo, basis, agrees: null, days: null };
  return { claimed, epfo, basis, agrees: Math.abs(ma - mb) <= DATE_TOLERANCE_MONTHS, days: null };
}

/**
 * A month the person was employed according to a document, against the member record: EPFO's end
 * (the exit, else the last contribution) is not more than a month before it. No end: still there.
 */
function compareEmployedIn(month: string, member: EpfoMemberFacts): DateComparison {
  const end = member.exited ?? member.lastContribution;
  const basis = member.exited ? 'date_of_exit' : 'last_contribution';
  const endIndex = monthIndexOf(end);
  const monthIdx = monthIndexOf(month);
  if (endIndex === null || monthIdx === null) return { claimed: month, epfo: end, basis: end ? basis : 'still_employed', agrees: end ? null : true, days: null };
  return { claimed: month, epfo: end, basis, agrees: endIndex >= monthIdx - DATE_TOLERANCE_MONTHS, days: null };
}

/** …and EPFO's joining is not more than a month after it. */
function compareJoinedBy(month: string, member: EpfoMemberFacts): DateComparison {
  const joined = monthIndexOf(member.joined);
  const monthIdx = monthIndexOf(month);
  if (joined === null || monthIdx === null) return { claimed: month, epfo: member.joined, basis: member.joined ? 'date_of_joining' : null, agrees: null, days: null };
  return { claimed: month, epfo: member.joined, basis: 'date_of_joining', agrees: joined <= monthIdx + DATE_TOLERANCE_MONTHS, days: null };
}

export function compareExit(claim: EmploymentClaim, member: EpfoMemberFacts): DateComparison {
  if (claim.to === null && claim.month) return compareEmployedIn(claim.month, member);
  if (claim.to === null) {
    // Claimed still employed: EPFO agrees unless it shows an exit.
    return member.exited
      ? { claimed: null, epfo: member.exited, basis: 'date_of_exit', agrees: false, days: null }
      : { claimed: null, epfo: member.lastContribution, basis: 'still_employed', agrees: true, days: null };
  }
  if (member.exited) return compareDates(claim.to, member.exited, 'date_of_exit');
  return compareDates(claim.to, member.lastContribution, member.lastContribution ? 'last_contribution' : null);
}

const VERDICT_RANK = { strong: 2, weak: 1, none: 0 } as const;

/** How far the claimed joining is from the member's, for choosing among records of one employer. */
function joiningDistance(claim: EmploymentClaim, member: EpfoMemberFacts): number {
  const a = monthIndexOf(claim.from);
  const b = monthIndexOf(member.joined);
  return a === null || b === null ? Number.MAX_SAFE_INTEGER : Math.abs(a - b);
}

/**
 * The member record a claim is about: the best employer match (strong before weak), and among
 * records of the same employer (a re-joining, a transfer) the one whose joining is nearest.
 */
export function matchClaim(claim: EmploymentClaim, members: EpfoMemberFacts[], aliases?: readonly EmployerAlias[]): ClaimMatch {
  let best: { index: number; match: EmployerMatch } | null = null;
  let closestMiss: EmployerMatch | null = null;
  for (const [index, member] of members.entries()) {
    const match = matchEmployer(claim.employer, member.establishment, aliases);
    if (match.verdict === 'none') {
      if (!closestMiss || match.score > closestMiss.score) closestMiss = match;
      continue;
    }
    const current = best ? members[best.index] : undefined;
    const better =
      !best ||
      !current ||
      VERDICT_RANK[match.verdict] > VERDICT_RANK[best.match.verdict] ||
      (match.verdict === best.match.verdict && joiningDistance(claim, member) < joiningDistance(claim, current));
    if (better) best = { index, match };
  }
  const member = best ? members[best.index] : undefined;
  if (!best || !member) {
    const nothing: DateComparison = { claimed: null, epfo: null, basis: null, agrees: null, days: null };
    return {
      claim,
      memberIndex: null,
      establishment: null,
      employer: closestMiss ?? { verdict: 'none', score: 0, reasons: ['EPFO returned no establishments'] },
      joining: { ...nothing, claimed: claim.from },
      exit: { ...nothing, claimed: claim.to },
    };
  }
  return {
    claim,
    memberIndex: best.index,
    establishment: member.establishment,
    employer: best.match,
    joining: claim.from === null && claim.month ? compareJoinedBy(claim.month, member) : compareDates(claim.from, member.joined, member.joined ? 'date_of_joining' : null),
    exit: compareExit(claim, member),
  };
}
