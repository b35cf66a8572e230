import { describe, expect, it } from 'vitest';
import { assessHistory } from '../../server/features/verification/decision/history-flags.ts';
import type { ClaimSource, EmploymentClaim, EpfoMemberFacts, HistoryFlag } from '../../server/features/verification/decision/history-types.ts';

const NOW = new Date('2026-11-28T10:00:00Z');

const member = (establishment: string, joined: string | null, exited: string | null, lastContribution: string | null): EpfoMemberFacts => ({
  establishment,
  joined,
  exited,
  lastContribution,
});
const claim = (employer: string, from: string | null, to: string | null, source: ClaimSource = 'experience_letter'): EmploymentClaim => ({ employer, from, to, source });

const INFOSYS = member('INFOSYS LIMITED', '2018-07-02', '2021-03-31', '2021-03');
const TCS = member('TATA CONSULTANCY SERVICES LTD - CHENNAI', '2021-04-01', null, '2026-10');

const codes = (flags: HistoryFlag[]) => flags.map((flag) => flag.code);
const flagsFor = (members: EpfoMemberFacts[], claims: EmploymentClaim[] = []) => assessHistory(members, claims, NOW).flags;

describe('EPFO history: claims matched with their dates', () => {
  it('matches every claim of a consistent history and raises nothing', () => {
    const result = assessHistory([INFOSYS, TCS], [claim('Infosys Ltd', '2018-07-02', '2021-03-31'), claim('TCS', '2021-04-01', null, 'current_employer')], NOW);
    expect(result.flags).toEqual([]);
    expect(result.members).toBe(2);
    expect(result.claims.map((match) => [match.memberIndex, match.employer.verdict, match.joining.agrees, match.exit.agrees, match.exit.basis])).toEqual([
      [0, 'strong', true, true, 'date_of_exit'],
      [1, 'strong', true, true, 'still_employed'],
    ]);
  });

  it('picks, among two records at one establishment, the one whose joining is nearest the claim', () => {
    const first = member('WIPRO LIMITED', '2015-01-05', '2016-12-31', '2016-12');
    const rejoined = member('WIPRO LIMITED', '2019-06-03', '2020-12-31', '2020-12');
    const result = assessHistory([first, rejoined], [claim('Wipro Ltd', '2019-06-03', '2020-12-31')], NOW);
    expect(result.claims[0]?.memberIndex).toBe(1);
    expect(codes(result.flags)).not.toContain('dates_differ');
  });
});

describe('EPFO history flag: claimed_employer_not_in_epfo', () => {
  it('flags a claimed employer that no establishment matches, with what EPFO does show', () => {
    const flags = flagsFor([INFOSYS, TCS], [claim('Wipro Technologies', '2016-01-04', '2018-06-30', 'salary_slip')]);
    expect(flags).toEqual([
      {
        code: 'claimed_employer_not_in_epfo',
        severity: 'blocking',
        detail: 'EPFO shows no establishment matching "Wipro Technologies"',
        evidence: {
          claimedEmployer: 'Wipro Technologies',
          source: 'salary_slip',
          from: '2016-01-04',
          to: '2018-06-30',
          establishments: ['INFOSYS LIMITED', 'TATA CONSULTANCY SERVICES LTD - CHENNAI'],
        },
      },
    ]);
  });

  it('does not flag an employer matched only weakly (the decision sends that to review instead)', () => {
    const result = assessHistory([member('FRESHWORKS TECHNOLOGIES PVT LTD', '2022-01-03', null, '2026-10')], [claim('Freshworks', '2022-01-03', null, 'workcred_record')], NOW);
    expect(result.flags).toEqual([]);
    expect(result.claims[0]?.employer.verdict).toBe('weak');
  });
});

describe('EPFO history flag: dates_differ (more than one calendar month)', () => {
  const joinedJan15 = member('INFOSYS LIMITED', '2019-01-15', '2021-03-31', '2021-03');

  it('accepts a joining exactly one month later or earlier', () => {
    expect(flagsFor([joinedJan15], [claim('Infosys', '2019-02-15', '2021-03-31')])).toEqual([]);
    expect(flagsFor([member('INFOSYS LIMITED', '2019-02-15', '2021-03-31', '2021-03')], [claim('Infosys', '2019-01-15', '2021-03-31')])).toEqual([]);
  });

  it('flags a joining 32 days away, with both dates', () => {
    const flags = flagsFor([joinedJan15], [claim('Infosys', '2019-02-16', '2021-03-31', 'workcred_record')]);
    expect(flags).toEqual([
      {
        code: 'dates_differ',
        severity: 'blocking',
        detail: 'Joining at "Infosys": claimed 2019-02-16, EPFO 2019-01-15',
        evidence: {
          claimedEmployer: 'Infosys',
          source: 'workcred_record',
          establishment: 'INFOSYS LIMITED',
          field: 'joining',
          claimed: '2019-02-16',
          epfo: '2019-01-15',
          basis: 'date_of_joining',
          days: 32,
        },
      },
    ]);
  });

  it('compares the exit the same way, keeping the day within the month (31 Mar + 1 month = 30 Apr)', () => {
    expect(flagsFor([joinedJan15], [claim('Infosys', '2019-01-15', '2021-04-30')])).toEqual([]);
    const flags = flagsFor([joinedJan15], [claim('Infosys', '2019-01-15', '2021-05-01')]);
    expect(flags.map((flag) => flag.code === 'dates_differ' && [flag.evidence.field, flag.evidence.days])).toEqual([['exit', 31]]);
  });

  it('compares a month-only claim by months', () => {
    expect(flagsFor([joinedJan15], [claim('Infosys', '2019-02', '2021-03')])).toEqual([]);
    expect(codes(flagsFor([joinedJan15], [claim('Infosys', '2019-03', '2021-03')]))).toEqual(['dates_differ']);
  });

  it('uses the last contribution when the employer never marked the exit', () => {
    const noExit = member('INFOSYS LIMITED', '2018-07-02', null, '2021-03');
    const later = member('WIPRO LIMITED', '2021-04-05', null, '2026-10');
    expect(flagsFor([noExit, later], [claim('Infosys', '2018-07-02', '2021-04-15')])).toEqual([]);
    const flags = flagsFor([noExit, later], [claim('Infosys', '2018-07-02', '2021-06-30')]);
    expect(flags.map((flag) => flag.code === 'dates_differ' && [flag.evidence.basis, flag.evidence.epfo])).toEqual([['last_contribution', '2021-03']]);
  });

  it('flags a claimed current employer that EPFO shows as left', () => {
    const flags = flagsFor([INFOSYS], [claim('Infosys', '2018-07-02', null, 'current_employer')]);
    expect(flags).toHaveLength(1);
    expect(flags[0]?.detail).toBe('Exit at "Infosys": claimed still employed, EPFO left on 2021-03-31');
  });

  it('says nothing when EPFO has no joining date to compare', () => {
    expect(flagsFor([member('INFOSYS LIMITED', null, '2021-03-31', '2021-03')], [claim('Infosys', '2010-01-01', '2021-03-31')])).toEqual([]);
  });
});

describe('EPFO history flag: dual_employment (one full month of PF from two establishments)', () => {
  it('flags two establishments that both paid PF for all of June', () => {
    const flags = flagsFor([member('INFOSYS LIMITED', '2020-01-01', '2020-06-30', '2020-06'), member('WIPRO LIMITED', '2020-06-01', '2022-03-31', '2022-03')]);
    expect(flags).toEqual([
      {
        code: 'dual_employment',
        severity: 'blocking',
        detail: '"INFOSYS LIMITED" and "WIPRO LIMITED" both paid PF for 1 month (2020-06 to 2020-06)',
        evidence: { establishments: ['INFOSYS LIMITED', 'WIPRO LIMITED'], fromMonth: '2020-06', toMonth: '2020-06', months: 1 },
      },
    ]);
  });

  it('does not flag a month that is not full for one of them', () => {
    expect(flagsFor([member('INFOSYS LIMITED', '2020-01-01', '2020-06-29', '2020-06'), member('WIPRO LIMITED', '2020-06-01', '2022-03-31', '2022-03')])).toEqual([]);
    expect(flagsFor([member('INFOSYS LIMITED', '2020-01-01', '2020-06-30', '2020-06'), member('WIPRO LIMITED', '2020-06-02', '2022-03-31', '2022-03')])).toEqual([]);
  });

  it('does not flag a switch in the middle of a month', () => {
    expect(flagsFor([member('INFOSYS LIMITED', '2018-07-02', '2020-06-15', '2020-06'), member('WIPRO LIMITED', '2020-06-16', '2022-03-31', '2022-03')])).toEqual([]);
  });

  it('counts the months of an employer that never marked the exit through its last contribution', () => {
    const flags = flagsFor([member('INFOSYS LIMITED', '2018-07-02', null, '2020-12'), member('WIPRO LIMITED', '2020-03-01', null, '2026-10')]);
    expect(flags.map((flag) => flag.code === 'dual_employment' && flag.evidence.months)).toEqual([10]);
  });

  it('does not flag two member IDs at the same establishment (a transfer)', () => {
    expect(flagsFor([member('INFOSYS LIMITED - PUNE', '2018-07-02', '2020-12-31', '2020-12'), member('INFOSYS LTD (BANGALORE)', '2020-12-01', null, '2026-10')])).toEqual([]);
  });
});

describe('EPFO history flag: gap (information only, more than three months)', () => {
  it('does not flag exactly three months between exit and joining', () => {
    expect(flagsFor([member('INFOSYS LIMITED', '2018-07-02', '2023-01-15', '2023-01'), member('WIPRO LIMITED', '2023-04-15', null, '2026-10')])).toEqual([]);
  });

  it('flags three months and a day, as information', () => {
    const flags = flagsFor([member('WIPRO LIMITED', '2023-04-16', null, '2026-10'), member('INFOSYS LIMITED', '2018-07-02', '2023-01-15', '2023-01')]);
    expect(flags).toEqual([
      {
        code: 'gap',
        severity: 'info',
        detail: '91 days between "INFOSYS LIMITED" (to 2023-01-15) and "WIPRO LIMITED" (from 2023-04-16)',
        evidence: { after: 'INFOSYS LIMITED', before: 'WIPRO LIMITED', from: '2023-01-15', to: '2023-04-16', days: 91 },
      },
    ]);
  });

  it('takes the end of the last contribution month when there is no exit date', () => {
    const noExit = member('INFOSYS LIMITED', '2018-07-02', null, '2022-12');
    expect(flagsFor([noExit, member('WIPRO LIMITED', '2023-03-31', null, '2026-10')])).toEqual([]);
    expect(codes(flagsFor([noExit, member('WIPRO LIMITED', '2023-04-01', null, '2026-10')]))).toEqual(['gap']);
  });

  it('measures from the latest exit of overlapping employments', () => {
    const long = member('INFOSYS LIMITED', '2015-01-01', '2022-06-30', '2022-06');
    const short = member('WIPRO LIMITED', '2016-01-01', '2016-06-30', '2016-06');
    expect(codes(flagsFor([long, short, member('TCS LIMITED', '2022-08-01', null, '2026-10')]))).toEqual(['dual_employment']);
  });
});

describe('EPFO history flag: filings_stopped (no exit, last contribution over three months ago)', () => {
  it('accepts a current employer whose last contribution is three months before now', () => {
    expect(flagsFor([member('TCS LIMITED', '2021-04-01', null, '2026-08')])).toEqual([]);
  });

  it('flags one whose last contribution is four months before now', () => {
    expect(flagsFor([member('TCS LIMITED', '2021-04-01', null, '2026-07')])).toEqual([
      {
        code: 'filings_stopped',
        severity: 'blocking',
        detail: '"TCS LIMITED" shows no exit, but its last PF contribution was for 2026-07 (4 months ago)',
        evidence: { establishment: 'TCS LIMITED', lastContribution: '2026-07', monthsSince: 4 },
      },
    ]);
  });

  it('does not flag an earlier employer that never marked the exit, unless it is claimed as current', () => {
    const old = member('INFOSYS LIMITED', '2018-07-02', null, '2021-03');
    const current = member('WIPRO LIMITED', '2021-04-05', null, '2026-10');
    expect(flagsFor([old, current])).toEqual([]);
    expect(codes(flagsFor([old, current], [claim('Infosys', '2018-07-02', null, 'current_employer')]))).toEqual(['filings_stopped']);
  });

  it('never flags an employment with an exit date', () => {
    expect(flagsFor([member('TCS LIMITED', '2021-04-01', '2022-03-31', '2022-03')])).toEqual([]);
  });
});
