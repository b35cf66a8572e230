import { describe, expect, it } from 'vitest';
import { documentEmploymentClaim, parseDocumentDate } from '../../server/features/verification/decision/document-claims.ts';
import { assessHistory } from '../../server/features/verification/decision/history-flags.ts';
import type { EmploymentClaim, EpfoMemberFacts } from '../../server/features/verification/decision/history-types.ts';

/** Issue 34 §2: the employment an experience letter or a salary slip states, as Indian employers write them. */
describe('the employment a document states', () => {
  it('reads the dates as Indian letters write them', () => {
    expect(['1 June 2019', '1st June, 2019', 'June 1, 2019', '01/06/2019', '01-06-2019', '01.06.2019', '1-Jun-2019'].map(parseDocumentDate)).toEqual(Array(7).fill('2019-06-01'));
    expect(parseDocumentDate('June 2019')).toBe('2019-06');
    expect(parseDocumentDate("Sept' 2019")).toBe('2019-09');
    // Day first: 02/03 is 2 March, and there is no 31 April.
    expect(parseDocumentDate('02/03/2020')).toBe('2020-03-02');
    expect(parseDocumentDate('31/04/2020')).toBeNull();
    expect(parseDocumentDate('Infosys')).toBeNull();
  });

  it.each([
    [
      'a relieving letter with joining and last working day',
      'Date: 5th April 2024\nRELIEVING LETTER\nDear Ananya,\nYou were employed with Tata Consultancy Services Ltd. as Analyst. Your date of joining was 15-Jul-2018 and your last working day is 31st March, 2024.',
      { employer: 'Tata Consultancy Services Ltd.', from: '2018-07-15', to: '2024-03-31' },
    ],
    [
      'an experience certificate on a letterhead in capitals, "worked with us from … to …"',
      'WIPRO LIMITED\nDoddakannelli, Sarjapur Road, Bengaluru\nEXPERIENCE CERTIFICATE\nThis is to certify that Mr. Rohan Desai worked with us from 01/06/2019 to 31/03/2024 as Project Engineer.',
      { employer: 'WIPRO LIMITED', from: '2019-06-01', to: '2024-03-31' },
    ],
    [
      'a letter of someone still employed, dated: employed then, nothing said of later',
      'Infosys Limited\n12 March 2026\nTO WHOM IT MAY CONCERN\nThis is to certify that Meera Krishnan has been working with Infosys Limited\nas Senior Software Engineer since 1 June 2021.',
      { employer: 'Infosys Limited', from: '2021-06-01', to: null, month: '2026-03' },
    ],
    ['"from June 2017 till date"', 'HCL Technologies\nThis is to certify that Priya worked at HCL Technologies from June 2017 till date.', { employer: 'HCL Technologies', from: '2017-06', to: null }],
    ['"associated with M/s."', 'This is to certify that Kiran Rao was associated with M/s. Kaveri Logistics Private Limited from 3 January 2015 to 30 June 2017.', { employer: 'Kaveri Logistics Private Limited', from: '2015-01-03', to: '2017-06-30' }],
  ])('an experience letter: %s', (_, text, claim) => {
    expect(documentEmploymentClaim('experience_letter', text)).toEqual(claim);
  });

  it.each([
    ['INFOSYS LIMITED\nPayslip for the month of March 2026\nEmployee Name: Meera Krishnan', { employer: 'INFOSYS LIMITED', from: null, to: null, month: '2026-03' }],
    ['Zoho Corporation Pvt. Ltd.\nSalary Slip - Oct 2026\nEmployee: Kavya', { employer: 'Zoho Corporation Pvt. Ltd.', from: null, to: null, month: '2026-10' }],
    ['Payslip\nAcme Technologies Private Limited\nPay Period: 10/2026', { employer: 'Acme Technologies Private Limited', from: null, to: null, month: '2026-10' }],
  ])('a salary slip: %#', (text, claim) => {
    expect(documentEmploymentClaim('salary_slip', text)).toEqual(claim);
  });

  it('states nothing for a document that names no employer, or for other documents', () => {
    expect(documentEmploymentClaim('experience_letter', 'To whom it may concern\nShe was a pleasure to work with.')).toBeNull();
    expect(documentEmploymentClaim('resume', 'INFOSYS LIMITED\nworked with Infosys Limited from 1 June 2019 to 2 June 2020')).toBeNull();
  });
});

describe('a document’s month against the EPFO record', () => {
  const tcs: EpfoMemberFacts = { establishment: 'TATA CONSULTANCY SERVICES LIMITED', joined: '2016-07-11', exited: '2019-03-29', lastContribution: '2019-03' };
  const infosys: EpfoMemberFacts = { establishment: 'INFOSYS LIMITED', joined: '2019-04-15', exited: null, lastContribution: '2026-10' };
  const now = new Date('2026-11-27T06:00:00Z');
  const slip = (employer: string, month: string): EmploymentClaim => ({ employer, from: null, to: null, source: 'salary_slip', month });
  const flags = (claim: EmploymentClaim) => assessHistory([tcs, infosys], [claim], now).flags.filter((flag) => flag.code === 'dates_differ');

  it('agrees with a slip for a month worked there, and a letter dated while there that says nothing of leaving', () => {
    expect(flags(slip('Tata Consultancy Services', '2018-11'))).toEqual([]);
    expect(flags(slip('Infosys', '2026-10'))).toEqual([]);
    // A month's leeway each way, as for dates: a slip for April 2019 at TCS (exit 29 March) agrees.
    expect(flags(slip('Tata Consultancy Services', '2019-04'))).toEqual([]);
    expect(flags({ employer: 'TCS', from: '2016-07-11', to: null, source: 'experience_letter', month: '2018-02' })).toEqual([]);
  });

  it('flags a slip for a month after the exit, and one before the joining, naming the document', () => {
    expect(flags(slip('Tata Consultancy Services', '2021-03'))).toEqual([
      expect.objectContaining({ detail: 'Employed at "Tata Consultancy Services" in 2021-03 (the salary slip): EPFO shows exit on 2019-03-29', evidence: expect.objectContaining({ field: 'exit', basis: 'date_of_exit' }) }),
    ]);
    expect(flags(slip('Infosys', '2018-12'))).toEqual([
      expect.objectContaining({ detail: 'Employed at "Infosys" in 2018-12 (the salary slip): EPFO shows joining on 2019-04-15', evidence: expect.objectContaining({ field: 'joining' }) }),
    ]);
  });

  it('flags a slip after the last PF contribution of a record with no exit', () => {
    const stopped: EpfoMemberFacts = { ...infosys, lastContribution: '2025-06' };
    expect(assessHistory([stopped], [slip('Infosys', '2026-02')], now).flags).toContainEqual(
      expect.objectContaining({ code: 'dates_differ', detail: 'Employed at "Infosys" in 2026-02 (the salary slip): EPFO shows the last PF contribution in 2025-06' }),
    );
  });
});
