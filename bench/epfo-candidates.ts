/**
 * The candidates of the EPFO bench (bench/epfo.ts): each has a UAN the fake Surepass answers with
 * a confirmed history (their own name, their current employer still filing), so the UAN check
 * ends verified. Their browsers, and the fake, run in a child process (epfo-browsers.ts), so the
 * app's process does only the server's work: a crowd's clients would not run on the server.
 */
import os from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Factories } from '../server/dev/factories.ts';
import type { CandidateCheck } from '../shared/schemas/verification.ts';
import type { SurepassHistoryRow } from '../tests/support/fake-surepass.ts';

export interface BenchCandidate {
  id: string;
  cookie: string;
  ip: string;
  uan: string;
  history: SurepassHistoryRow[];
}

/** From the consent POST to the GET that shows the check decided; null when it never was (60 s). */
export type Decision = { ms: number; status: CandidateCheck['status'] } | null;

export type ToBrowsers = { type: 'open'; base: string; candidates: BenchCandidate[] } | { type: 'consent'; concurrency: number } | { type: 'stop' };
export type FromBrowsers = { type: 'ready'; fakeUrl: string } | { type: 'opened' } | { type: 'decided'; decisions: Decision[] };

const FIRST = ['Priya', 'Rahul', 'Ananya', 'Vikram', 'Sneha', 'Arjun', 'Kavya', 'Rohan', 'Meera', 'Aditya', 'Lakshmi', 'Siddharth', 'Pooja', 'Karthik', 'Divya', 'Manoj'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Patel', 'Gupta', 'Menon', 'Kulkarni', 'Chatterjee', 'Singh', 'Rao', 'Joshi', 'Das', 'Pillai', 'Verma', 'Banerjee'];
/** What the candidate wrote as their current employer; EPFO spells the establishment INFOSYS LIMITED. */
const CLAIMED_EMPLOYER = 'Infosys Ltd';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A confirmed history: the current employer filing for last month, and a past employer. */
function historyOf(fullName: string, index: number, now: Date): SurepassHistoryRow[] {
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const filed = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const name = fullName.toUpperCase();
  const memberId = (office: string) => `${office}${String(index).padStart(15, '0')}`;
  return [
    { name, guardian_name: 'RAM PRAKASH', establishment_name: 'INFOSYS LIMITED', member_id: memberId('KNBNG00'), date_of_joining: '2021-03-15', date_of_exit: null, last_pf_submitted: filed, wage_month: `${MONTHS[lastMonth.getUTCMonth()]}-${lastMonth.getUTCFullYear()}` },
    { name, guardian_name: 'RAM PRAKASH', establishment_name: 'TATA CONSULTANCY SERVICES LIMITED', member_id: memberId('MHBAN00'), date_of_joining: '2016-07-11', date_of_exit: '2021-02-26', last_pf_submitted: '2021-03-10', wage_month: 'Feb-2021' },
  ];
}

let made = 0;

/** Creates `count` signed-in candidates, 4 at a time (each sign-up and sign-in hashes a password). */
export async function createBenchCandidates(app: FastifyInstance, factories: Factories, count: number): Promise<BenchCandidate[]> {
  const candidates: BenchCandidate[] = [];
  let next = 0;
  const one = async () => {
    made += 1;
    const index = made;
    const fullName = `${FIRST[index % FIRST.length]} ${LAST[Math.floor(index / FIRST.length) % LAST.length]}`;
    const uan = `9${String(index).padStart(11, '0')}`;
    const user = await factories.user({ role: 'candidate', fullName });
    await factories.candidateProfile(user.id, { uan, current_employer: CLAIMED_EMPLOYER });
    const ip = `10.134.${index >> 8}.${index & 255}`;
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password }, remoteAddress: ip });
    if (response.statusCode !== 200) throw new Error(`bench sign-in failed: ${response.statusCode} ${response.body}`);
    candidates.push({ id: user.id, cookie: response.cookies.map((c) => `${c.name}=${c.value}`).join('; '), ip, uan, history: historyOf(fullName, index, new Date()) });
  };
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        next += 1;
        await one();
      }
    }),
  );
  return candidates;
}

/**
 * The candidates' phones and the provider's servers are not on the server's machine: on the
 * bench's two cores their stand-in (and the second instance, another machine in a deployment)
 * runs at the lowest priority, so it takes only the CPU the app and PostgreSQL leave
 * (BENCH_EPFO_SAME_PRIORITY=1 keeps it at theirs).
 */
export function awayFromTheServer(child: ChildProcess): void {
  if (process.env.BENCH_EPFO_SAME_PRIORITY === '1' || child.pid === undefined) return;
  try {
    os.setPriority(child.pid, 19);
  } catch {
    // Not allowed here: measured at the same priority.
  }
}

/** The browsers' process: the fake Surepass answering after `delayMs`, and the candidates' pages. */
export async function startBrowsers(delayMs: number) {
  const child: ChildProcess = fork(fileURLToPath(new URL('./epfo-browsers.ts', import.meta.url)), [String(delayMs)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  awayFromTheServer(child);
  const next = <T extends FromBrowsers['type']>(type: T) =>
    new Promise<Extract<FromBrowsers, { type: T }>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the browsers' process exited with ${code}`));
      child.once('exit', onExit);
      const onMessage = (message: FromBrowsers) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<FromBrowsers, { type: T }>);
      };
      child.on('message', onMessage);
    });
  const send = (message: ToBrowsers) => child.send(message);
  const { fakeUrl } = await next('ready');
  return {
    fakeUrl,
    /** Opens each candidate's dashboard (its live socket, greeted) and tells the fake their UANs. */
    async open(base: string, candidates: BenchCandidate[]): Promise<void> {
      const opened = next('opened');
      send({ type: 'open', base, candidates });
      await opened;
    },
    /** The opened candidates consent, `concurrency` at a time, each until their check shows decided; their pages close after. */
    async consent(concurrency: number): Promise<Decision[]> {
      const decided = next('decided');
      send({ type: 'consent', concurrency });
      return (await decided).decisions;
    },
    async stop(): Promise<void> {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      send({ type: 'stop' });
      await exited;
    },
  };
}
export type Browsers = Awaited<ReturnType<typeof startBrowsers>>;
