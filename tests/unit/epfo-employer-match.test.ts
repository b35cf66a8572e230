import { describe, expect, it } from 'vitest';
import { EMPLOYER_ALIASES } from '../../server/features/verification/decision/employer-aliases.ts';
import { employerWords, matchEmployer } from '../../server/features/verification/decision/match-employer.ts';

/** [claimed employer, EPFO establishment, expected verdict]. */
type Case = [string, string, 'strong' | 'weak' | 'none'];

describe('EPFO employer match: strong', () => {
  it.each<Case>([
    ['Infosys Ltd', 'INFOSYS LIMITED', 'strong'],
    ['Infosys Limited', 'INFOSYS LTD.', 'strong'],
    ['Acme Technologies Pvt. Ltd.', 'ACME TECHNOLOGIES PRIVATE LIMITED', 'strong'],
    ['Acme Tech Pvt Ltd', 'ACME TECHNOLOGIES PRIVATE LIMITED', 'strong'],
    ['Zoho Corp', 'ZOHO CORPORATION PRIVATE LIMITED', 'strong'],
    ['Larsen and Toubro', 'LARSEN & TOUBRO LIMITED', 'strong'],
    ['Mahindra & Mahindra', 'MAHINDRA AND MAHINDRA LTD', 'strong'],
    ['Grant Thornton Bharat LLP', 'GRANT THORNTON BHARAT LLP', 'strong'],
    ['Capgemini Technology Services India Ltd', 'CAPGEMINI TECHNOLOGY SERVICES (INDIA) LIMITED', 'strong'],
    ['Wipro Ltd', 'WIPRO LIMITED BANGALORE KNBNG0012345000', 'strong'],
    ['Mindtree', 'MINDTREE LIMITED, BANGALORE', 'strong'],
    ['Tech Mahindra', 'TECH MAHINDRA LIMITED - PUNE UNIT 2', 'strong'],
    ['Zoho', 'ZOHO CORPORATION PVT LTD (CHENNAI BRANCH)', 'strong'],
    ['Info Edge', 'INFOEDGE (INDIA) LIMITED', 'strong'],
    ['The Saraswat Co-op. Bank', 'SARASWAT CO-OPERATIVE BANK LTD', 'strong'],
    ['I.B.M. India Pvt Ltd', 'IBM INDIA PRIVATE LIMITED', 'strong'],
  ])('%s ↔ %s is %s', (claimed, establishment, verdict) => {
    const result = matchEmployer(claimed, establishment);
    expect(result.verdict, result.reasons.join('; ')).toBe(verdict);
    expect(result.score).toBe(1);
  });
});

describe('EPFO employer match: the alias table', () => {
  it('matches an abbreviation only through the table: TCS', () => {
    expect(matchEmployer('TCS', 'TATA CONSULTANCY SERVICES LTD').verdict).toBe('strong');
    const withoutTable = matchEmployer('TCS', 'TATA CONSULTANCY SERVICES LTD', []);
    expect(withoutTable.verdict).toBe('none');
    expect(withoutTable.reasons.at(-1)).toBe('Different names (an abbreviation matches only through the alias table)');
  });

  it('does not read an unlisted abbreviation as the company whose initials it shares', () => {
    expect(matchEmployer('ACS', 'ACME CONSULTING SERVICES LLP').verdict).toBe('none');
    expect(matchEmployer('TCS', 'TECHNO CAST SYSTEMS PVT LTD').verdict).toBe('none');
  });

  it('matches listed abbreviations and former names, with the reason', () => {
    expect(matchEmployer('L&T', 'LARSEN & TOUBRO LIMITED - MUMBAI').verdict).toBe('strong');
    expect(matchEmployer('IBM', 'INTERNATIONAL BUSINESS MACHINES (INDIA) PVT LTD').verdict).toBe('strong');
    expect(matchEmployer('HUL', 'HINDUSTAN UNILEVER LIMITED').verdict).toBe('strong');
    const renamed = matchEmployer('Infosys Technologies Ltd', 'INFOSYS LIMITED');
    expect(renamed.verdict).toBe('strong');
    expect(renamed.reasons).toContain('"Infosys Technologies Ltd" is listed as another name of "Infosys Limited"');
  });

  it('takes an extended table', () => {
    const table = [...EMPLOYER_ALIASES, { name: 'Hindustan Aeronautics Limited', aliases: ['HAL'] }];
    expect(matchEmployer('HAL', 'HINDUSTAN AERONAUTICS LTD').verdict).toBe('none');
    expect(matchEmployer('HAL', 'HINDUSTAN AERONAUTICS LTD', table).verdict).toBe('strong');
  });

  it('does not join two companies that are each in the table', () => {
    expect(matchEmployer('TCS', 'LARSEN & TOUBRO LIMITED').verdict).toBe('none');
  });
});

describe('EPFO employer match: weak (for the verification team)', () => {
  it.each<Case>([
    ['Freshworks', 'FRESHWORKS TECHNOLOGIES PVT LTD', 'weak'],
    ['Hexaware Technologies', 'HEXAWARE SOLUTIONS LIMITED', 'weak'],
    ['Cognisant Technology Solutions', 'COGNIZANT TECHNOLOGY SOLUTIONS INDIA PVT LTD', 'weak'],
    ['Infosys', 'INFOSYS BPM LIMITED', 'weak'],
    ['Reliance', 'RELIANCE RETAIL LIMITED', 'weak'],
    ['Tata', 'TATA CONSULTANCY SERVICES LTD', 'weak'],
  ])('%s ↔ %s is %s', (claimed, establishment, verdict) => {
    const result = matchEmployer(claimed, establishment);
    expect(result.verdict, result.reasons.join('; ')).toBe(verdict);
    expect(result.score).toBeGreaterThan(0);
    expect(result.score).toBeLessThan(1);
  });

  it('says what differs', () => {
    expect(matchEmployer('Freshworks', 'FRESHWORKS TECHNOLOGIES PVT LTD').reasons).toEqual(['The names differ only in descriptive words: "technologies"']);
    expect(matchEmployer('Infosys', 'INFOSYS BPM LIMITED').reasons).toEqual(['"bpm" only in the EPFO establishment: perhaps another company of the same group']);
  });
});

describe('EPFO employer match: none', () => {
  it.each<Case>([
    ['Tata Steel', 'TATA MOTORS LIMITED', 'none'],
    ['Tata Consultancy Services', 'TATA STEEL LIMITED', 'none'],
    ['Reliance Industries', 'RELIANCE RETAIL LIMITED', 'none'],
    ['Infosys', 'WIPRO LIMITED', 'none'],
    ['Acme Solutions', 'BETA SOLUTIONS PVT LTD', 'none'],
    ['Tech Solutions', 'TECH SERVICES PVT LTD', 'none'],
    ['', 'INFOSYS LIMITED', 'none'],
    ['Pvt Ltd', 'INFOSYS LIMITED', 'none'],
  ])('%s ↔ %s is %s', (claimed, establishment, verdict) => {
    expect(matchEmployer(claimed, establishment).verdict).toBe(verdict);
  });
});

describe('EPFO employer words', () => {
  it('reads branches, locations and codes as not part of the name, and says so', () => {
    expect(employerWords('WIPRO LIMITED BANGALORE KNBNG0012345000')).toEqual({
      words: [{ text: 'wipro', key: 'wipro', descriptor: false }],
      dropped: ['bangalore knbng0012345000'],
    });
    expect(employerWords('Zoho Corporation Pvt Ltd (Chennai)').dropped).toEqual(['Chennai']);
    expect(employerWords('Capgemini (India) Pvt Ltd').dropped).toEqual([]);
    expect(employerWords('Tech Mahindra Limited - Pune').dropped).toEqual(['Pune']);
  });

  it('reads dotted initials and & as one abbreviation', () => {
    expect(employerWords('I.B.M.').words.map((word) => word.text)).toEqual(['ibm']);
    expect(employerWords('L&T').words.map((word) => word.text)).toEqual(['lt']);
  });
});
