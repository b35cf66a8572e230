import type { EpfoMember, EpfoMonth, EpfoPassbook } from '../sources/epfo/provider.ts';

const lastDayOf = (month: EpfoMonth): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
};

/**
 * A passbook's monthly contributions as the employment history the decision rules read (one
 * member record per member id), so the OTP flow is decided by the same rules as the lookup by
 * UAN. Pure. A month counts when any share was credited for it (interest and transfer lines carry
 * none).
 *
 * - joined: the first contribution month. The day is not in the passbook; it is taken as the
 *   15th, so the first month is a part month: a switch in mid-month files PF at both employers for
 *   that month, which is not dual employment.
 * - exited: the last day of the last contribution month, for an establishment whose contributions
 *   ended before another's last one (the member moved on). The establishment contributing last has
 *   no exit: the passbook cannot say the member left, so its last contribution stands for it, and
 *   a current employer whose contributions stopped more than three months ago is flagged as with
 *   the history by UAN.
 * - An account without contributions keeps its establishment, with no dates.
 */
export function passbookHistory(passbook: EpfoPassbook): EpfoMember[] {
  const spans = passbook.accounts.map((account) => {
    const months = account.contributions
      .filter((line) => line.employeeShare + line.employerShare + line.pensionShare > 0)
      .map((line) => line.month)
      .sort();
    return { account, first: months[0] ?? null, last: months.at(-1) ?? null };
  });
  const latest = spans.reduce<EpfoMonth | null>((max, span) => (span.last && (!max || span.last > max) ? span.last : max), null);
  return spans.map(({ account, first, last }) => ({
    name: passbook.name ?? '',
    guardianName: null,
    establishment: account.establishment,
    memberId: account.memberId,
    joined: first ? `${first}-15` : null,
    exited: last && last !== latest ? lastDayOf(last) : null,
    lastContribution: last,
  }));
}
