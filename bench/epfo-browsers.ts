/**
 * The EPFO bench's browsers' process (started by startBrowsers in epfo-candidates.ts): the fake
 * Surepass answering after argv's delay, and the candidates' pages. Each page, as the verification
 * card does, holds the live socket and refetches GET /api/verification/checks on each
 * 'verification_check' event.
 */
import WebSocket from 'ws';
import type { CandidateCheck } from '../shared/schemas/verification.ts';
import { startFakeSurepass } from '../tests/support/fake-surepass.ts';
import type { BenchCandidate, Decision, FromBrowsers, ToBrowsers } from './epfo-candidates.ts';

interface Page {
  candidate: BenchCandidate;
  socket: WebSocket;
  /** The socket's id from "ready": sent with the consent (X-Live-Socket), as the page's requests do. */
  socketId: string;
}

const DECIDED_WITHIN_MS = 60_000;

async function openPage(base: string, candidate: BenchCandidate): Promise<Page> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live`, { headers: { cookie: candidate.cookie, 'x-forwarded-for': candidate.ip } });
  const socketId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready message within 30 s')), 30_000);
    socket.once('message', (data) => {
      clearTimeout(timer);
      const message = JSON.parse(String(data)) as { type?: string; socket?: string };
      if (message.type === 'ready' && message.socket) resolve(message.socket);
      else reject(new Error(`unexpected first message ${String(data)}`));
    });
    socket.once('close', (code) => reject(new Error(`live socket closed with ${code}`)));
    socket.once('error', reject);
  });
  return { candidate, socket, socketId };
}

/**
 * Consents to the UAN check, then refetches the checks on each live event but the consent's own
 * (marked `own`: the consent's answer holds it), one fetch at a time (an event during one
 * refetches once after it, as an invalidated query does), until the UAN check's lookup shows
 * decided. Null when it is not decided within 60 s or the consent failed.
 */
async function consentUntilDecided(base: string, { candidate, socket, socketId }: Page): Promise<Decision> {
  const headers = { cookie: candidate.cookie, 'x-forwarded-for': candidate.ip };
  const started = performance.now();
  let settle: (decision: Decision) => void = () => undefined;
  const done = new Promise<Decision>((resolve) => (settle = resolve));
  const timer = setTimeout(() => settle(null), DECIDED_WITHIN_MS);
  const decidedIn = (checks: CandidateCheck[]) => {
    const uan = checks.find((check) => check.subject === 'uan');
    if (uan?.epfo?.state === 'decided' && uan.status !== 'pending') settle({ ms: performance.now() - started, status: uan.status });
  };
  let fetching = false;
  let again = false;
  const refetch = async (): Promise<void> => {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      const response = await fetch(`${base}/api/verification/checks`, { headers });
      if (!response.ok) return;
      decidedIn((await response.json()) as CandidateCheck[]);
    } catch {
      // Not counted; the next event refetches.
    } finally {
      fetching = false;
      if (again) {
        again = false;
        void refetch();
      }
    }
  };
  const onMessage = (data: WebSocket.RawData) => {
    const event = JSON.parse(String(data)) as { type?: string; own?: boolean; data?: unknown };
    if (event.type !== 'verification_check' || event.own) return;
    // The decision's event carries the list (takeChecksFromEvent): the page takes it, no fetch.
    if (Array.isArray(event.data)) decidedIn(event.data as CandidateCheck[]);
    else void refetch();
  };
  socket.on('message', onMessage);
  try {
    const consent = await fetch(`${base}/api/verification/checks/uan/consent`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'x-live-socket': socketId }, body: '{}' });
    if (!consent.ok) return null;
    // The answer is the checks after the consent: decided already if the lookup was that quick.
    decidedIn((await consent.json()) as CandidateCheck[]);
    return await done;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    socket.off('message', onMessage);
  }
}

const send = (message: FromBrowsers) => process.send?.(message);
const fake = await startFakeSurepass();
fake.setDelay(Number(process.argv[2] ?? 1000));
let base = '';
let pages: Page[] = [];

process.on('message', (message: ToBrowsers) => {
  void (async () => {
    if (message.type === 'open') {
      base = message.base;
      for (const candidate of message.candidates) fake.histories.set(candidate.uan, candidate.history);
      pages = await Promise.all(message.candidates.map((candidate) => openPage(base, candidate)));
      send({ type: 'opened' });
    } else if (message.type === 'consent') {
      const decisions: Decision[] = new Array<Decision>(pages.length).fill(null);
      let next = 0;
      await Promise.all(
        Array.from({ length: message.concurrency }, async () => {
          while (next < pages.length) {
            const index = next++;
            decisions[index] = await consentUntilDecided(base, pages[index]!);
          }
        }),
      );
      for (const page of pages) page.socket.terminate();
      pages = [];
      send({ type: 'decided', decisions });
    } else {
      await fake.close();
      process.exit(0);
    }
  })();
});
send({ type: 'ready', fakeUrl: fake.url });
