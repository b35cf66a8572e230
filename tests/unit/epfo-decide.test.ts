import { describe, expect, it } from 'vitest';
import { decide } from '../../server/features/verification/decision/decide.ts';
import { assessHistory } from '../../server/features/verification/decision/history-flags.ts';
import type { EmploymentClaim, EpfoMemberFacts } from '../../server/features/verification/decision/history-types.ts';
import { matchPersonName } from '../../server/features/verification/decision/match-person-name.ts';

const NOW = new Date('2026-11-28T10:00:00Z');

const INFOSYS: EpfoMemberFacts = { establishment: 'INFOSYS LIMITED', joined: '2018-07-02', exited: '2021-03-31', lastContribution: '2021-03' };
const TCS: EpfoMemberFacts = { establishment: 'TATA CONSULTANCY SERVICES LTD', joined: '2021-04-01', exited: null, lastContribution: '2026-10' };
const CLAIMS: EmploymentClaim[] = [
  { employer: 'Infosys Ltd', from: '2018-07-02', to: '2021-03-31', source: 'experience_letter' },
  { employer: 'TCS', from: '2021-04-01', to: null, source: 'current_employer' },
];

const strongName = matchPersonName('K. RAMESH', 'Kumar Ramesh');

describe('EPFO check decision', () => {
  it('verifies a strong name match with every claim confirmed and no flag', () => {
    expect(decide(strongName, assessHistory([INFOSYS, TCS], CLAIMS, NOW))).toEqual({ status: 'verified', reasons: [], blocking: [], info: [] });
  });

  it('sends a weak name match to review', () => {
    const decision = decide(matchPersonName('RAMESH KUMAR YADAV', 'Ramesh Yadav'), assessHistory([INFOSYS, TCS], CLAIMS, NOW));
    expect(decision.status).toBe('in_review');
    expect(decision.reasons).toEqual(["The name on the EPFO record is only a weak match for the candidate's name"]);
  });

  it('sends a name that does not match to review', () => {
    const decision = decide(matchPersonName('PRIYA SHARMA', 'Priya Verma'), assessHistory([INFOSYS, TCS], CLAIMS, NOW));
    expect(decision).toMatchObject({ status: 'in_review', reasons: ["The name on the EPFO record is not a match for the candidate's name"] });
  });

  it('sends a blocking flag to review, with its detail', () => {
    const decision = decide(strongName, assessHistory([INFOSYS, TCS], [...CLAIMS, { employer: 'Wipro', from: '2016-01-04', to: '2018-06-30', source: 'salary_slip' }], NOW));
    expect(decision.status).toBe('in_review');
    expect(decision.reasons).toEqual(['EPFO shows no establishment matching "Wipro"']);
    expect(decision.blocking.map((flag) => flag.code)).toEqual(['claimed_employer_not_in_epfo']);
  });

  it('verifies despite a gap, which is information only', () => {
    const later: EpfoMemberFacts = { ...TCS, joined: '2021-09-01' };
    const decision = decide(strongName, assessHistory([INFOSYS, later], [CLAIMS[0] as EmploymentClaim, { ...(CLAIMS[1] as EmploymentClaim), from: '2021-09-01' }], NOW));
    expect(decision.status).toBe('verified');
    expect(decision.info.map((flag) => flag.code)).toEqual(['gap']);
  });

  it('sends a claim matched only weakly to review', () => {
    const decision = decide(strongName, assessHistory([INFOSYS, TCS], [{ employer: 'Infosys', from: '2018-07-02', to: '2021-03-31', source: 'experience_letter' }, { ...(CLAIMS[1] as EmploymentClaim), employer: 'Tata' }], NOW));
    expect(decision.status).toBe('in_review');
    expect(decision.reasons).toEqual(['"Tata" matches "TATA CONSULTANCY SERVICES LTD" only weakly']);
  });

  it('sends a UAN with no employment on EPFO to review', () => {
    const decision = decide(strongName, assessHistory([], [], NOW));
    expect(decision).toMatchObject({ status: 'in_review', reasons: ['EPFO shows no employment for this UAN'] });
  });
});
