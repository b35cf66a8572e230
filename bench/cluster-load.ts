import WebSocket from 'ws';
import type { Seeded, SeededPerson } from './cluster-seed.ts';

/** One request's outcome: its status, or `network` / `hang` (no answer within the client timeout). */
interface Outcome {
  kind: string;
  write: boolean;
  startedAt: number;
  endedAt: number;
  status: number | 'network' | 'hang';
  retryAfter: string | null;
  marker?: string;
}

export interface LoadResult {
  sent: number;
  outcomes: Outcome[];
  /** The markers of writes answered 2xx. */
  acknowledged: Set<string>;
  sockets: { opened: number; closedByCode: Map<number, number>; openAtEnd: number; failedConnects: number; readyMessages: number };
}

export interface Load {
  stop(): Promise<LoadResult>;
}

const TIMEOUT_MS = 15_000;

/**
 * A steady open-model load through HAProxy: `rate` requests a second (started on schedule whether
 * or not earlier ones have answered), a mix of anonymous reads (the board, job pages), signed-in
 * reads (GET /api/me, a company's GET /api/jobs) and writes (an employer saves a draft job whose
 * title is a unique marker, checked in the database afterwards); and one live socket per seeded
 * person, each reconnecting (with a jittered wait) whenever it is closed, as a page does.
 */
export function startLoad(url: string, seeded: Seeded, options: { rate: number; prefix: string }): Load {
  const outcomes: Outcome[] = [];
  const acknowledged = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let writes = 0;
  const started = performance.now();
  const now = () => performance.now() - started;
  const pick = <T>(items: T[], n: number) => items[n % items.length]!;

  const request = (kind: string, path: string, person?: SeededPerson, body?: object, marker?: string) => {
    const outcome: Outcome = { kind, write: body !== undefined, startedAt: now(), endedAt: 0, status: 'hang', retryAfter: null, ...(marker ? { marker } : {}) };
    sent += 1;
    const headers: Record<string, string> = { origin: url, 'x-forwarded-for': `10.78.${sent % 200}.${sent % 250}` };
    if (person?.cookie) headers.cookie = person.cookie;
    if (body) headers['content-type'] = 'application/json';
    const promise = fetch(`${url}${path}`, { method: body ? 'POST' : 'GET', headers, ...(body ? { body: JSON.stringify(body) } : {}), signal: AbortSignal.timeout(TIMEOUT_MS) })
      .then(async (response) => {
        await response.arrayBuffer();
        outcome.status = response.status;
        outcome.retryAfter = response.headers.get('retry-after');
        if (marker && response.status >= 200 && response.status < 300) acknowledged.add(marker);
      })
      .catch((error: unknown) => {
        outcome.status = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'hang' : 'network';
      })
      .finally(() => {
        outcome.endedAt = now();
        outcomes.push(outcome);
        inFlight.delete(promise);
      });
    inFlight.add(promise);
  };

  const next = (n: number) => {
    const slot = n % 20;
    if (slot < 7) return request('board', `/api/public/jobs?page=${1 + (n % 2)}`);
    if (slot < 11) return request('job page', `/api/public/jobs/${pick(seeded.jobIds, n)}`);
    if (slot < 14) return request('me', '/api/me', pick([...seeded.employers, ...seeded.candidates], n));
    if (slot < 16) return request('company jobs', '/api/jobs', pick(seeded.employers, n));
    writes += 1;
    const marker = `${options.prefix}-${writes}`;
    return request('write', '/api/jobs', pick(seeded.employers, n), { title: marker, description: 'A draft saved by the cluster bench.', draft: true }, marker);
  };

  let launched = 0;
  const ticker = setInterval(() => {
    const due = Math.floor((now() * options.rate) / 1000);
    while (launched < due) next(launched++);
  }, 10);

  // Live sockets: one per person, reconnecting as a page does.
  const sockets = { opened: 0, closedByCode: new Map<number, number>(), openAtEnd: 0, failedConnects: 0, readyMessages: 0 };
  let stopping = false;
  const live = new Set<WebSocket>();
  const connect = (person: SeededPerson) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`, { headers: { cookie: person.cookie ?? '' } });
    live.add(socket);
    let opened = false;
    socket.on('open', () => {
      opened = true;
      sockets.opened += 1;
    });
    socket.on('message', (data) => {
      if (String(data).includes('"type":"ready"')) sockets.readyMessages += 1;
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      live.delete(socket);
      if (stopping) return;
      if (opened) sockets.closedByCode.set(code, (sockets.closedByCode.get(code) ?? 0) + 1);
      else sockets.failedConnects += 1;
      setTimeout(() => connect(person), 200 + Math.random() * 800);
    });
  };
  for (const person of [...seeded.employers, ...seeded.candidates]) connect(person);

  return {
    async stop() {
      clearInterval(ticker);
      await Promise.all([...inFlight]);
      stopping = true;
      sockets.openAtEnd = [...live].filter((socket) => socket.readyState === WebSocket.OPEN).length;
      for (const socket of live) socket.close(1000);
      return { sent, outcomes, acknowledged, sockets };
    },
  };
}

/** Prints the figures of a run: requests sent, failed by status, acknowledged writes lost, sockets. */
export function report(result: LoadResult, found: Set<string>, seconds: number): { failed: number; lost: number } {
  const failedBy = new Map<string, number>();
  for (const outcome of result.outcomes) {
    if (typeof outcome.status === 'number' && outcome.status >= 200 && outcome.status < 300) continue;
    const key = `${outcome.status}${outcome.status === 503 ? (outcome.retryAfter ? ' (Retry-After)' : ' (no Retry-After)') : ''} ${outcome.write ? 'write' : 'read'}`;
    failedBy.set(key, (failedBy.get(key) ?? 0) + 1);
  }
  const failed = [...failedBy.values()].reduce((sum, n) => sum + n, 0);
  const lost = [...result.acknowledged].filter((marker) => !found.has(marker)).length;
  const writes = result.outcomes.filter((outcome) => outcome.write).length;
  const latencies = result.outcomes.map((outcome) => outcome.endedAt - outcome.startedAt).sort((a, b) => a - b);
  const p = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  console.log(`\nrequests sent        ${result.sent} in ${seconds.toFixed(0)} s (${(result.sent / seconds).toFixed(0)}/s), ${writes} of them writes; latency p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms`);
  console.log(`failed               ${failed}${failed ? ` (${[...failedBy].map(([key, n]) => `${key}: ${n}`).join(', ')})` : ''}`);
  console.log(`acknowledged writes  ${result.acknowledged.size}; lost ${lost}`);
  const closes = [...result.sockets.closedByCode].map(([code, n]) => `${code}: ${n}`).join(', ') || 'none';
  console.log(`live sockets         ${result.sockets.opened} connections opened, closed by the server (code: count) ${closes}; failed connects ${result.sockets.failedConnects}; open at the end ${result.sockets.openAtEnd}`);
  return { failed, lost };
}
