import { describe, expect, it } from 'vitest';
import { concludeEpfoHistory } from '../../server/features/verification/lookups/conclude.ts';
import { passbookHistory } from '../../server/features/verification/lookups/passbook-history.ts';
import { createEpfoProvider } from '../../server/features/verification/sources/epfo/create-provider.ts';
import type { EpfoPassbook } from '../../server/features/verification/sources/epfo/provider.ts';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../shared/fill.ts';

/** Months from `from` to `to` (YYYY-MM), each with the usual shares; `skip` lists months without a credit. */
function months(from: string, to: string, skip: string[] = []) {
  const lines = [];
  const [year, month] = from.split('-').map(Number) as [number, number];
  for (let index = 0; ; index += 1) {
    const current = new Date(Date.UTC(year, month - 1 + index, 1)).toISOString().slice(0, 7);
    if (current > to) break;
    const credited = !skip.includes(current);
    lines.push({ month: current, employeeShare: credited ? 1800 : 0, employerShare: credited ? 550 : 0, pensionShare: credited ? 1250 : 0 });
  }
  return lines;
}
const passbook = (...accounts: [string, string, string][]): EpfoPassbook => ({
  reference: 'ref',
  name: 'PRIYA SHARMA',
  accounts: accounts.map(([establishment, from, to], index) => ({ memberId: `MEMBER${index}`, establishment, contributions: months(from, to) })),
});
const now = new Date('2026-11-28T06:00:00Z');
const codes = (book: EpfoPassbook, employer = 'Infosys Ltd') => concludeEpfoHistory(passbookHistory(book), 'Priya Sharma', [{ employer, from: null, to: null, source: 'current_employer' }], now).flags.map((flag) => flag.code);

describe('an EPFO passbook as the employment history (the OTP flow)', () => {
  it('takes the first and last contribution months as joining and exit; the establishment contributing last has no exit', () => {
    expect(passbookHistory(passbook(['TATA CONSULTANCY SERVICES LIMITED', '2016-07', '2019-03'], ['INFOSYS LIMITED', '2019-04', '2026-10']))).toEqual([
      { name: 'PRIYA SHARMA', guardianName: null, establishment: 'TATA CONSULTANCY SERVICES LIMITED', memberId: 'MEMBER0', joined: '2016-07-15', exited: '2019-03-31', lastContribution: '2019-03' },
      { name: 'PRIYA SHARMA', guardianName: null, establishment: 'INFOSYS LIMITED', memberId: 'MEMBER1', joined: '2019-04-15', exited: null, lastContribution: '2026-10' },
    ]);
  });

  it('ignores lines with no credit (interest, transfers) and keeps an account without contributions, undated', () => {
    const book: EpfoPassbook = {
      reference: 'ref',
      name: null,
      accounts: [
        { memberId: 'A', establishment: 'WIPRO LIMITED', contributions: [...months('2020-01', '2020-06'), { month: '2021-03', employeeShare: 0, employerShare: 0, pensionShare: 0 }] },
        { memberId: 'B', establishment: 'EMPTY LIMITED', contributions: [] },
      ],
    };
    expect(passbookHistory(book).map((member) => [member.establishment, member.name, member.joined, member.exited, member.lastContribution])).toEqual([
      ['WIPRO LIMITED', '', '2020-01-15', null, '2020-06'],
      ['EMPTY LIMITED', '', null, null, null],
    ]);
  });

  it('is decided by the same rules: a confirmed history verifies', () => {
    const findings = concludeEpfoHistory(passbookHistory(passbook(['TCS LIMITED', '2016-07', '2019-03'], ['INFOSYS LIMITED', '2019-04', '2026-10'])), 'Priya Sharma', [{ employer: 'Infosys Ltd', from: null, to: null, source: 'current_employer' }], now);
    expect(findings).toMatchObject({ decision: 'verified', name_match: 'strong', flags: [] });
  });

  it('a switch in mid-month, where both employers credited that one month, is not dual employment', () => {
    expect(codes(passbook(['WIPRO LIMITED', '2018-01', '2022-06'], ['INFOSYS LIMITED', '2022-06', '2026-10']))).toEqual([]);
  });

  it('two employers crediting two or more of the same months is dual employment', () => {
    expect(codes(passbook(['WIPRO LIMITED', '2018-01', '2022-06'], ['INFOSYS LIMITED', '2021-11', '2026-10']))).toEqual(['dual_employment']);
  });

  it('a gap of more than three months between employers is flagged for information', () => {
    expect(codes(passbook(['TECH MAHINDRA LIMITED', '2015-06', '2018-08'], ['INFOSYS LIMITED', '2019-03', '2026-10']))).toEqual(['gap']);
  });

  it('a current employer whose contributions stopped more than three months ago is flagged; three months is a late filing, not a stop', () => {
    expect(codes(passbook(['HDFC BANK LIMITED', '2013-02', '2017-08'], ['INFOSYS LIMITED', '2017-09', '2026-06']))).toEqual(['filings_stopped']);
    expect(codes(passbook(['HDFC BANK LIMITED', '2013-02', '2017-08'], ['INFOSYS LIMITED', '2017-09', '2026-08']))).toEqual([]);
  });

  it('a claimed employer the passbook does not show is flagged', () => {
    expect(codes(passbook(['INFOSYS LIMITED', '2019-04', '2026-10']), 'Zoho Corporation')).toEqual(['claimed_employer_not_in_epfo']);
  });
});

describe('the OTP option’s consent text', () => {
  // Regression: the first text was over the 500 characters verification_consents.purpose allows,
  // so starting the flow failed with a 400 on every provider.
  it('fits the stored consent with every provider’s label', () => {
    for (const label of Object.values(messages.epfo.providerLabels)) expect(fill(messages.epfo.otpPurpose, { provider: label }).length).toBeLessThanOrEqual(500);
  });
});

describe('the development provider’s OTP flow', () => {
  const developmentOtp = { secret: 'a-development-secret-of-32-chars!', sendCode: async () => '+91•••••••210' };

  it('is refused in production like the rest of the development provider', () => {
    expect(() => createEpfoProvider({ provider: 'development', nodeEnv: 'production', developmentOtp })).toThrow(/refused in production/);
  });

  it('checks its codes on any instance (derived under the secret, nothing in memory) and expires them after 10 minutes', async () => {
    let clock = new Date('2026-11-28T06:00:00Z');
    const texted: string[] = [];
    const settings = { provider: 'development' as const, nodeEnv: 'test', now: () => clock, developmentOtp: { ...developmentOtp, sendCode: async (_uan: string, code: string) => (texted.push(code), '+91•••••••210') } };
    const one = createEpfoProvider(settings)?.passbookFlow;
    const other = createEpfoProvider(settings)?.passbookFlow;
    if (!one || !other) throw new Error('the development provider offers the OTP flow');
    const { sessionId, maskedMobile } = await one.startOtp('100000000001', { consent: true });
    expect(maskedMobile).toBe('+91•••••••210');
    expect(texted[0]).toMatch(/^\d{6}$/);
    await expect(other.submitOtp(sessionId, texted[0] === '000000' ? '111111' : '000000')).rejects.toThrow(/wrong code/);
    await other.submitOtp(sessionId, texted[0]!);
    const book = await other.passbook(sessionId);
    expect(book.accounts.map((account) => [account.establishment, account.contributions[0]?.month, account.contributions.at(-1)?.month])).toEqual([
      ['TATA CONSULTANCY SERVICES LIMITED', '2016-07', '2019-03'],
      ['INFOSYS LIMITED', '2019-04', '2026-10'],
    ]);
    clock = new Date(clock.getTime() + 10 * 60_000 + 1);
    await expect(other.submitOtp(sessionId, texted[0]!)).rejects.toThrow(/expired/);
    expect(fill(messages.epfo.otpDevelopmentSms, { code: texted[0]! })).toContain(texted[0]!);
  });
});
