import { messages } from '../../../../shared/messages.ts';
import {
  dayFromDate,
  daysBetween,
  dayText,
  daysInMonth,
  lastDayOfMonth,
  monthIndex,
  monthIndexOf,
  monthText,
  moreThanMonthsAfter,
  parseDay,
  type Day,
} from './calendar.ts';
import type { EmployerAlias } from './employer-aliases.ts';
import type { ClaimMatch, EmploymentClaim, EpfoMemberFacts, HistoryAssessment, HistoryFlag } from './history-types.ts';
import { matchClaim } from './match-claims.ts';
import { matchEmployer } from './match-employer.ts';

/**
 * What the EPFO history says about the candidate's claims: each claim matched (match-claims.ts)
 * and the flags, each with its evidence. Pure: `now` is passed in, nothing is read.
 *
 * - claimed_employer_not_in_epfo: no establishment matches a claim, even weakly.
 * - dates_differ: a matched claim's joining or exit is more than one calendar month from EPFO's.
 * - dual_employment: two different establishments both paid PF for at least one full month. A
 *   month counts for a record when it was employed the whole month (joined on the 1st or before,
 *   left on its last day or after, or contributing through it), so a switch mid-month, where both
 *   file part of one month, is not an overlap. Two records at the same establishment (a transfer
 *   between member IDs) are not dual employment.
 * - gap (information only): more than three calendar months between leaving one employer and
 *   joining the next (exit 15 Jan, joining 15 Apr is not flagged; 16 Apr is). Without an exit
 *   date the end of the last contribution month stands for it.
 * - filings_stopped: a current employer (no exit date, and either claimed as current or the most
 *   recently joined) whose last contribution is more than three months before `now`'s month.
 *   Contributions for a month are filed by the 15th of the next, so at the end of November the
 *   last may be October; three months leaves room for a late filing.
 */

const GAP_MONTHS = 3;
const FILINGS_STOPPED_MONTHS = 3;

export function assessHistory(
  members: EpfoMemberFacts[],
  claims: EmploymentClaim[],
  now: Date,
  aliases?: readonly EmployerAlias[],
): HistoryAssessment {
  const matches = claims.map((claim) => matchClaim(claim, members, aliases));
  const flags: HistoryFlag[] = [
    ...claimFlags(matches, members),
    ...dualEmploymentFlags(members, aliases),
    ...gapFlags(members),
    ...filingsStoppedFlags(members, matches, now),
  ];
  return { members: members.length, claims: matches, flags };
}

function claimFlags(matches: ClaimMatch[], members: EpfoMemberFacts[]): HistoryFlag[] {
  const flags: HistoryFlag[] = [];
  for (const match of matches) {
    const { claim } = match;
    if (match.establishment === null) {
      flags.push({
        code: 'claimed_employer_not_in_epfo',
        severity: 'blocking',
        detail: `EPFO shows no establishment matching "${claim.employer}"`,
        evidence: { claimedEmployer: claim.employer, source: claim.source, from: claim.from, to: claim.to, establishments: members.map((member) => member.establishment) },
      });
      continue;
    }
    for (const [field, comparison] of [['joining', match.joining], ['exit', match.exit]] as const) {
      if (comparison.agrees !== false || comparison.basis === null) continue;
      const claimed = comparison.claimed ?? 'still employed';
      const epfo = comparison.basis === 'date_of_exit' && comparison.claimed === null ? `left on ${comparison.epfo}` : (comparison.epfo ?? 'none');
      flags.push({
        code: 'dates_differ',
        severity: 'blocking',
        detail:
          claim.month && comparison.claimed === claim.month
            ? `Employed at "${claim.employer}" in ${claim.month} (${messages.epfo.claimSourcesOthers[claim.source] ?? claim.source}): EPFO shows ${field === 'joining' ? `joining on ${comparison.epfo}` : comparison.basis === 'date_of_exit' ? `exit on ${comparison.epfo}` : `the last PF contribution in ${comparison.epfo}`}`
            : `${field === 'joining' ? 'Joining' : 'Exit'} at "${claim.employer}": claimed ${claimed}, EPFO ${epfo}${comparison.basis === 'last_contribution' ? ' (last PF contribution)' : ''}`,
        evidence: {
          claimedEmployer: claim.employer,
          source: claim.source,
          establishment: match.establishment,
          field,
          claimed: comparison.claimed,
          epfo: comparison.epfo,
          basis: comparison.basis,
          days: comparison.days,
        },
      });
    }
  }
  return flags;
}

/** The months a record paid PF for in full, as month indexes [first, last], or null. */
function fullMonths(member: EpfoMemberFacts): [number, number] | null {
  const joined = parseDay(member.joined);
  if (!joined) return null;
  const first = monthIndex(joined) + (joined.day === 1 ? 0 : 1);
  const exited = parseDay(member.exited);
  const lastByExit = exited ? monthIndex(exited) - (exited.day === daysInMonth(exited.year, exited.month) ? 0 : 1) : null;
  const lastByContribution = monthIndexOf(member.lastContribution);
  const candidates = [lastByExit, lastByContribution].filter((value): value is number => value !== null);
  if (candidates.length === 0) return null;
  const last = Math.min(...candidates);
  return first <= last ? [first, last] : null;
}

function dualEmploymentFlags(members: EpfoMemberFacts[], aliases?: readonly EmployerAlias[]): HistoryFlag[] {
  const flags: HistoryFlag[] = [];
  const spans = members.map(fullMonths);
  for (let i = 0; i < members.length; i += 1) {
    for (let j = i + 1; j < members.length; j += 1) {
      const a = spans[i];
      const b = spans[j];
      const ma = members[i];
      const mb = members[j];
      if (!a || !b || !ma || !mb) continue;
      const from = Math.max(a[0], b[0]);
      const to = Math.min(a[1], b[1]);
      if (from > to) continue;
      if (matchEmployer(ma.establishment, mb.establishment, aliases).verdict === 'strong') continue;
      const months = to - from + 1;
      flags.push({
        code: 'dual_employment',
        severity: 'blocking',
        detail: `"${ma.establishment}" and "${mb.establishment}" both paid PF for ${months} month${months === 1 ? '' : 's'} (${monthText(from)} to ${monthText(to)})`,
        evidence: { establishments: [ma.establishment, mb.establishment], fromMonth: monthText(from), toMonth: monthText(to), months },
      });
    }
  }
  return flags;
}

function gapFlags(members: EpfoMemberFacts[]): HistoryFlag[] {
  const spans = members
    .map((member) => {
      const joined = parseDay(member.joined);
      const contributed = monthIndexOf(member.lastContribution);
      // Without an exit or a contribution the end is unknown: taken as still running, so no gap is claimed.
      const end: Day | null = parseDay(member.exited) ?? (contributed === null ? null : lastDayOfMonth(contributed));
      return joined ? { establishment: member.establishment, joined, end } : null;
    })
    .filter((span) => span !== null)
    .sort((a, b) => daysBetween(b.joined, a.joined));

  const flags: HistoryFlag[] = [];
  let covered: { end: Day | null; establishment: string } | null = null;
  for (const span of spans) {
    if (covered?.end && moreThanMonthsAfter(covered.end, span.joined, GAP_MONTHS)) {
      const days = daysBetween(covered.end, span.joined);
      flags.push({
        code: 'gap',
        severity: 'info',
        detail: `${days} days between "${covered.establishment}" (to ${dayText(covered.end)}) and "${span.establishment}" (from ${dayText(span.joined)})`,
        evidence: { after: covered.establishment, before: span.establishment, from: dayText(covered.end), to: dayText(span.joined), days },
      });
    }
    if (!covered || (covered.end && (span.end === null || daysBetween(covered.end, span.end) > 0))) {
      covered = { end: span.end, establishment: span.establishment };
    }
  }
  return flags;
}

function filingsStoppedFlags(members: EpfoMemberFacts[], matches: ClaimMatch[], now: Date): HistoryFlag[] {
  const nowMonth = monthIndex(dayFromDate(now));
  const claimedCurrent = new Set(matches.filter((match) => match.claim.to === null && match.memberIndex !== null).map((match) => match.memberIndex));
  const flags: HistoryFlag[] = [];
  for (const [index, member] of members.entries()) {
    const last = monthIndexOf(member.lastContribution);
    if (member.exited || last === null || !member.lastContribution) continue;
    const joined = monthIndexOf(member.joined);
    const latest = joined === null ? members.length === 1 : !members.some((other) => (monthIndexOf(other.joined) ?? -1) > joined);
    if (!claimedCurrent.has(index) && !latest) continue;
    const monthsSince = nowMonth - last;
    if (monthsSince <= FILINGS_STOPPED_MONTHS) continue;
    flags.push({
      code: 'filings_stopped',
      severity: 'blocking',
      detail: `"${member.establishment}" shows no exit, but its last PF contribution was for ${member.lastContribution} (${monthsSince} months ago)`,
      evidence: { establishment: member.establishment, lastContribution: member.lastContribution, monthsSince },
    });
  }
  return flags;
}
