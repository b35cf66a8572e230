import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  EpfoNotFound,
  EpfoOtpRejected,
  EpfoUnavailable,
  assertConsent,
  assertUan,
  type EpfoHistory,
  type EpfoHistoryProvider,
  type EpfoMember,
  type EpfoMonth,
  type EpfoPassbook,
  type EpfoPassbookFlow,
} from './provider.ts';

/**
 * The development provider: fixed answers for a documented set of UANs, so `npm start`, the demo
 * and the tests show every outcome with no keys. Refused in production (create-provider.ts and the
 * factory below both check), because its answers are invented.
 *
 * Months that must stay recent (a current employer's last filing) are counted back from the clock
 * passed in, so the demo reads the same whatever day it runs and tests can move time.
 */

export type DevelopmentEpfoScenario = 'confirmed' | 'overlap' | 'gap' | 'stopped-filing' | 'not-found' | 'outage';

export interface DevelopmentEpfoEntry {
  uan: string;
  scenario: DevelopmentEpfoScenario;
  /** One line for the README's table. */
  description: string;
  /** The members EPFO "holds" on the given day; null for the not-found and outage UANs. */
  members: ((now: Date) => EpfoMember[]) | null;
}

/** The month `back` months before `now`'s month, as YYYY-MM (UTC). */
export function monthsBefore(now: Date, back: number): EpfoMonth {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return date.toISOString().slice(0, 7);
}

const member = (name: string, guardianName: string, establishment: string, memberId: string, joined: string, exited: string | null, lastContribution: EpfoMonth): EpfoMember => ({
  name,
  guardianName,
  establishment,
  memberId,
  joined,
  exited,
  lastContribution,
});

export const developmentEpfoTable: readonly DevelopmentEpfoEntry[] = [
  {
    uan: '100000000001',
    scenario: 'confirmed',
    description: 'Priya Sharma: TCS 2016–2019, then Infosys since April 2019, PF filed last month. Everything confirms.',
    members: (now) => [
      member('PRIYA SHARMA', 'RAJESH KUMAR SHARMA', 'TATA CONSULTANCY SERVICES LIMITED', 'MHBAN00482730000215634', '2016-07-11', '2019-03-29', '2019-03'),
      member('PRIYA SHARMA', 'RAJESH KUMAR SHARMA', 'INFOSYS LIMITED', 'KNBNG00218740000398127', '2019-04-15', null, monthsBefore(now, 1)),
    ],
  },
  {
    uan: '100000000002',
    scenario: 'overlap',
    description: 'Arjun Nair: Wipro until June 2022 and HCL Technologies from November 2021; both paid PF for eight months (dual employment).',
    members: (now) => [
      member('ARJUN NAIR', 'GOPALAKRISHNAN NAIR', 'WIPRO LIMITED', 'KNBNG00030100000741266', '2018-01-08', '2022-06-30', '2022-06'),
      member('ARJUN NAIR', 'GOPALAKRISHNAN NAIR', 'HCL TECHNOLOGIES LIMITED', 'UPNOI00375920000118405', '2021-11-01', null, monthsBefore(now, 1)),
    ],
  },
  {
    uan: '100000000003',
    scenario: 'gap',
    description: 'Meenakshi Iyer: Tech Mahindra until August 2018, then Accenture from March 2019: a six-month gap.',
    members: (now) => [
      member('MEENAKSHI IYER', 'SUBRAMANIAN IYER', 'TECH MAHINDRA LIMITED', 'PYBOM00174260000052981', '2015-06-01', '2018-08-31', '2018-08'),
      member('MEENAKSHI IYER', 'SUBRAMANIAN IYER', 'ACCENTURE SOLUTIONS PRIVATE LIMITED', 'TNMAS00698310000224570', '2019-03-04', null, monthsBefore(now, 1)),
    ],
  },
  {
    uan: '100000000004',
    scenario: 'stopped-filing',
    description: 'Mohammed Irfan Khan: still employed at Kaveri Logistics, whose PF filings stopped five months ago.',
    members: (now) => [
      member('MOHAMMED IRFAN KHAN', 'MOHAMMED ASLAM KHAN', 'HDFC BANK LIMITED', 'MHBAN00513480000087712', '2013-02-18', '2017-08-31', '2017-08'),
      member('MOHAMMED IRFAN KHAN', 'MOHAMMED ASLAM KHAN', 'KAVERI LOGISTICS PRIVATE LIMITED', 'KNBNG01562090000003318', '2017-09-01', null, monthsBefore(now, 5)),
    ],
  },
  { uan: '100000000009', scenario: 'not-found', description: 'No EPFO record: the check concludes that the UAN is unknown.', members: null },
  { uan: '100000000008', scenario: 'outage', description: 'The provider is down: the check stays pending and is retried.', members: null },
];

/**
 * The demo's candidates (server/dev/demo-cast.ts), so `npm run seed:demo` shows each outcome on a
 * real profile: Meera's history confirms her claims, Arjun's shows two employers paying PF for the
 * same months, and Farhan's does not show the employer he lists.
 */
export const demoEpfoTable: readonly DevelopmentEpfoEntry[] = [
  {
    uan: '100456789123',
    scenario: 'confirmed',
    description: 'Meera Pillai (demo): Infosys 2016–2019, then Tata Consultancy Services, PF filed last month.',
    members: (now) => [
      member('MEERA PILLAI', 'RAGHAVAN PILLAI', 'INFOSYS LIMITED', 'KRKCH00218740000118240', '2016-06-13', '2019-01-31', '2019-01'),
      member('MEERA PILLAI', 'RAGHAVAN PILLAI', 'TATA CONSULTANCY SERVICES LIMITED', 'KRKCH00482730000330981', '2019-02-11', null, monthsBefore(now, 1)),
    ],
  },
  {
    uan: '100234567891',
    scenario: 'overlap',
    description: 'Arjun Nair (demo): Wipro until June 2023 and Infosys from January 2023; both paid PF for five months.',
    members: (now) => [
      member('ARJUN NAIR', 'GOPALAKRISHNAN NAIR', 'WIPRO LIMITED', 'KNBNG00030100000992417', '2018-07-02', '2023-06-30', '2023-06'),
      member('ARJUN NAIR', 'GOPALAKRISHNAN NAIR', 'INFOSYS LIMITED', 'KNBNG00218740000775301', '2023-01-02', null, monthsBefore(now, 1)),
    ],
  },
  {
    uan: '100678912345',
    scenario: 'confirmed',
    description: 'Farhan Qureshi (demo): Tech Mahindra since 2020; the HCLTech he lists is not in EPFO records.',
    members: (now) => [member('FARHAN QURESHI', 'IMRAN QURESHI', 'TECH MAHINDRA LIMITED', 'UPNOI00174260000443190', '2020-08-03', null, monthsBefore(now, 1))],
  },
];

/**
 * The entry a UAN answers with: one of the table's UANs, or any UAN that starts with 10000 and
 * ends in the same digit as one of them (a UAN belongs to one person, so the demo and tests need
 * many UANs per scenario: 100000017001 answers as 100000000001). Anything else is not found.
 */
export function developmentEntryFor(uan: string): DevelopmentEpfoEntry | undefined {
  const exact = developmentEpfoTable.find((candidate) => candidate.uan === uan) ?? demoEpfoTable.find((candidate) => candidate.uan === uan);
  if (exact || !uan.startsWith('10000')) return exact;
  return developmentEpfoTable.find((candidate) => candidate.uan.endsWith(uan.slice(-1)));
}

/** A UAN of the scenario that no one else uses: `n` tells them apart (tests give each person their own). */
export const developmentUanFor = (scenario: DevelopmentEpfoScenario, n: number): string => {
  const base = developmentEpfoUans[scenario];
  return `10000${String(n).padStart(6, '0')}${base.slice(-1)}`;
};

/** The table's UANs by scenario, for tests and the demo seed. */
export const developmentEpfoUans = Object.fromEntries(developmentEpfoTable.map((entry) => [entry.scenario, entry.uan])) as Record<DevelopmentEpfoScenario, string>;

export interface DevelopmentEpfoOptions {
  nodeEnv: string;
  /** The app's clock (tests move it). */
  now?: () => Date;
  /**
   * When it returns false every call fails as an outage, so a test can take the provider down and
   * bring it back to prove pending checks complete when it returns.
   */
  available?: () => boolean;
  /**
   * The OTP passbook flow: the code "EPFO" texts goes out through `sendCode` (the app sends it as
   * an SMS to the phone of the candidate holding the UAN, through the outbox), which answers the
   * masked number or null when there is none. The code is derived from the session id under
   * `secret`, so any instance can check it: nothing is held in memory. Without this, the
   * development provider offers no OTP flow.
   */
  otp?: { secret: string; sendCode: (uan: string, code: string) => Promise<string | null> };
}

/** Surepass's codes last about ten minutes; the development codes as long. */
const DEVELOPMENT_OTP_MS = 10 * 60 * 1000;

function developmentPassbookFlow(options: DevelopmentEpfoOptions & { otp: NonNullable<DevelopmentEpfoOptions['otp']> }, now: () => Date): EpfoPassbookFlow {
  const { secret, sendCode } = options.otp;
  const codeOf = (sessionId: string) => String(createHmac('sha256', `workcred-dev-epfo-otp:${secret}`).update(sessionId).digest().readUInt32BE(0) % 1_000_000).padStart(6, '0');
  const sessionOf = (sessionId: string) => {
    const match = /^dev-otp\.(\d{12})\.(\d+)\.[0-9a-f]{16}$/.exec(sessionId);
    if (!match) throw new EpfoOtpRejected('development', 'development: unknown OTP session');
    return { uan: match[1]!, issued: Number(match[2]) };
  };
  const entryOrThrow = (uan: string) => {
    if (options.available && !options.available()) throw new EpfoUnavailable('development', 'development: simulated outage', 60);
    const entry = developmentEntryFor(uan);
    if (entry?.scenario === 'outage') throw new EpfoUnavailable('development', 'development: simulated outage', 60);
    if (!entry?.members) throw new EpfoNotFound('development', 'EPFO has no employment under this UAN');
    return { ...entry, members: entry.members };
  };
  return {
    async startOtp(uan, startOptions) {
      assertConsent(startOptions);
      assertUan('development', uan);
      entryOrThrow(uan);
      const sessionId = `dev-otp.${uan}.${now().getTime()}.${randomBytes(8).toString('hex')}`;
      const maskedMobile = await sendCode(uan, codeOf(sessionId));
      if (maskedMobile === null) throw new EpfoUnavailable('development', 'development: no mobile number for this UAN');
      return { sessionId, maskedMobile };
    },
    async submitOtp(sessionId, otp) {
      const session = sessionOf(sessionId);
      const expected = Buffer.from(codeOf(sessionId));
      const given = Buffer.from(otp);
      if (now().getTime() - session.issued > DEVELOPMENT_OTP_MS) throw new EpfoOtpRejected('development', 'development: the code expired');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new EpfoOtpRejected('development', 'development: wrong code');
    },
    async passbook(sessionId) {
      const session = sessionOf(sessionId);
      const today = now();
      const members = entryOrThrow(session.uan).members(today);
      return { reference: `development-passbook-${today.toISOString()}`, name: members[0]?.name ?? null, accounts: members.map(accountOf) } satisfies EpfoPassbook;
    },
  };
}

/** A member record's passbook: a contribution for every month from joining to exit (or the last filing). */
function accountOf(member: EpfoMember): EpfoPassbook['accounts'][number] {
  const first = member.joined?.slice(0, 7);
  const last = member.exited?.slice(0, 7) ?? member.lastContribution;
  const contributions = [];
  if (first && last) {
    const [year, month] = first.split('-').map(Number) as [number, number];
    for (let index = 0; ; index += 1) {
      const current = new Date(Date.UTC(year, month - 1 + index, 1)).toISOString().slice(0, 7);
      if (current > last) break;
      contributions.push({ month: current, employeeShare: 1800, employerShare: 550, pensionShare: 1250 });
    }
  }
  return { memberId: member.memberId ?? '', establishment: member.establishment, contributions };
}

export function createDevelopmentEpfoProvider(options: DevelopmentEpfoOptions): EpfoHistoryProvider {
  if (options.nodeEnv === 'production') throw new Error('UAN_PROVIDER=development answers from a fixed table and is refused in production: set surepass or hyperverge');
  const now = options.now ?? (() => new Date());
  const otp = options.otp;
  return {
    ...(otp ? { passbookFlow: developmentPassbookFlow({ ...options, otp }, now) } : {}),
    name: 'development',
    label: 'the development provider',
    async history(uan, historyOptions) {
      assertConsent(historyOptions);
      assertUan('development', uan);
      if (options.available && !options.available()) throw new EpfoUnavailable('development', 'development: simulated outage', 60);
      const entry = developmentEntryFor(uan);
      if (entry?.scenario === 'outage') throw new EpfoUnavailable('development', 'development: simulated outage', 60);
      if (!entry?.members) throw new EpfoNotFound('development', 'EPFO has no employment under this UAN');
      const today = now();
      return { reference: `development-${entry.scenario}-${today.toISOString()}`, members: entry.members(today) } satisfies EpfoHistory;
    },
  };
}
