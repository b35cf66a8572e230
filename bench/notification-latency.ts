/**
 * npm run bench:latency: live delivery latency with 500 connected WebSocket clients (BENCH_CLIENTS).
 *
 * The app runs in a child process (PGlite in a temporary directory; DATABASE_URL, a database this
 * fills with bench users: use a throwaway one; or BENCH_DB=postgres, a throwaway cluster from the
 * installed PostgreSQL binaries); this process holds the clients, real
 * sockets over TCP to /api/live, each signed in. Sessions are reused cleverly: BENCH_USERS real
 * accounts (default 50, half employers, half candidates, created and signed in through the real
 * endpoints) each hold BENCH_CLIENTS / BENCH_USERS sockets, as one person's tabs would; the
 * server fans out per socket either way. Send and receipt are timed on this process's clock.
 *
 *   chat-like    an event on one person's topic (user:<id>), as a support-chat message is
 *                published: sent to the server, NOTIFY, fanned out; latency at that person's sockets
 *   broadcast    an event on `everyone`: latency at all 500 sockets
 *   notification an admin's POST /api/admin/notifications to all users (rows, audit, commit,
 *                NOTIFY): latency of the event at all 500 sockets. The event carries the send's
 *                text, so that is when the toast or banner shows. Then, as the web client does,
 *                each client fetches GET /api/notifications/unread at a random moment within 4 s
 *                (to get the rows' ids): the response time of those requests under that load
 *                (and, for comparison, of all 500 asked at once, as a client without the text would)
 *   reconnect    every socket dropped and reconnecting at once (a restart): time to a "ready" that
 *                carries the person's pending notifications (read in batches by the server), which
 *                the page would otherwise fetch with GET /unread
 *
 * BENCH_ROUNDS (default 20) rounds of each; prints p50/p90/p99/max per kind; asserts nothing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CHAT_ROUNDS = ROUNDS * 3;
/** As the web client spreads its follow-up fetch (RECONCILE_SPREAD_MS in use-notification-delivery.ts). */
const SPREAD_MS = 4000;

interface BenchUser {
  id: string;
  role: 'employer' | 'candidate';
  cookie: string;
}
type ToParent = { type: 'ready'; port: number; adminCookies: string[]; users: BenchUser[]; database: string } | { type: 'published'; seq: number };
type ToChild = { type: 'publish'; topic: string; seq: number } | { type: 'stop' };

// ---------------------------------------------------------------- the server (child process)

async function runServer() {
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/database.ts');
  const { createFactories } = await import('../server/dev/factories.ts');
  const { publish } = await import('../server/realtime/events.ts');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-latency-'));
  // DATABASE_URL, or BENCH_DB=postgres for a throwaway cluster from the installed binaries, or PGlite.
  let cluster: { url: string; destroy(): void } | undefined;
  if (!process.env.DATABASE_URL && process.env.BENCH_DB === 'postgres') {
    const { startThrowawayCluster } = await import('../tests/support/throwaway-postgres.ts');
    const started = startThrowawayCluster();
    if ('error' in started) throw new Error(started.error);
    cluster = started;
  }
  const url = process.env.DATABASE_URL ?? cluster?.url;
  const database = url ? await openDatabase({ kind: 'postgres', url }) : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  // TRUST_PROXY: each bench client gives its own X-Forwarded-For, as 500 people would come from
  // 500 addresses; otherwise the per-IP limit (600 a minute) would answer for the whole bench.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', TRUST_PROXY: 'true' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const factories = createFactories(app.auth, database);

  let ip = 0;
  const signIn = async (email: string, password: string) => {
    ip += 1;
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: `10.77.${ip >> 8}.${ip & 255}` });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  };
  // Sends per admin are limited to 10 a minute: enough admins for every round.
  const adminCookies: string[] = [];
  for (let i = 0; i < Math.ceil((2 * ROUNDS) / 9); i += 1) {
    const admin = await factories.user({ role: 'admin' });
    adminCookies.push(await signIn(admin.email, admin.password));
  }
  const users: BenchUser[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const role = i % 2 === 0 ? 'employer' : 'candidate';
    const user = await factories.user({ role });
    users.push({ id: user.id, role, cookie: await signIn(user.email, user.password) });
  }

  process.on('message', (message: ToChild) => {
    if (message.type === 'publish') {
      void publish(database.db, { topic: message.topic, type: 'bench', id: String(message.seq) }).then(() => send({ type: 'published', seq: message.seq }));
    } else {
      void (async () => {
        await app.close();
        await database.close();
        cluster?.destroy();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      })();
    }
  });
  send({ type: 'ready', port, adminCookies, users, database: cluster ? 'PostgreSQL (throwaway cluster)' : url ? 'PostgreSQL (DATABASE_URL)' : 'PGlite' });
}

function send(message: ToParent) {
  process.send?.(message);
}

// ---------------------------------------------------------------- the clients (this process)

interface Client {
  socket: WebSocket;
  user: BenchUser;
  ip: string;
}

const now = () => performance.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summary(name: string, samples: number[], expected: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(8);
  const lost = expected - samples.length;
  return `  ${name.padEnd(52)} n=${String(samples.length).padStart(6)}${lost ? ` (${lost} missing)` : ''}  p50 ${f(percentile(sorted, 50))} ms  p90 ${f(percentile(sorted, 90))} ms  p99 ${f(percentile(sorted, 99))} ms  max ${f(sorted.at(-1) ?? Number.NaN)} ms`;
}

async function connect(port: number, user: BenchUser, index: number, onReady?: (message: { pending?: unknown }) => void): Promise<Client> {
  const ip = `10.88.${index >> 8}.${index & 255}`;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live`, { headers: { cookie: user.cookie, 'x-forwarded-for': ip } });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready message within 30 s')), 30_000);
    socket.once('message', (data) => {
      clearTimeout(timer);
      const message = JSON.parse(String(data)) as { type?: string; pending?: unknown };
      if (message.type === 'ready') {
        onReady?.(message);
        resolve();
      } else reject(new Error(`unexpected first message ${String(data)}`));
    });
    socket.once('close', (code) => reject(new Error(`closed with ${code}`)));
    socket.once('error', reject);
  });
  return { socket, user, ip };
}

async function runClients() {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['server'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const messages: ((message: ToParent) => void)[] = [];
  child.on('message', (message: ToParent) => {
    for (const listener of messages) listener(message);
  });
  const next = <T extends ToParent['type']>(type: T, match: (m: Extract<ToParent, { type: T }>) => boolean = () => true) =>
    new Promise<Extract<ToParent, { type: T }>>((resolve) => {
      const listener = (message: ToParent) => {
        if (message.type === type && match(message as Extract<ToParent, { type: T }>)) {
          messages.splice(messages.indexOf(listener), 1);
          resolve(message as Extract<ToParent, { type: T }>);
        }
      };
      messages.push(listener);
    });

  const setupStarted = now();
  const ready = await next('ready');
  console.log(`Server on ${ready.database}: ${ready.users.length} users and ${ready.adminCookies.length} admins signed in (${Math.round(now() - setupStarted)} ms)`);

  const clients: Client[] = [];
  const connectStarted = now();
  for (let i = 0; i < CLIENTS; i += 50) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => connect(ready.port, ready.users[(i + j) % ready.users.length]!, i + j)))));
  }
  console.log(`${clients.length} WebSocket clients connected and ready (${Math.round(now() - connectStarted)} ms)`);

  // Every message any client receives, keyed by the event id it carries.
  const arrivals = new Map<string, { t0: number; latencies: number[]; expected: number; done: () => void }>();
  for (const client of clients) {
    client.socket.on('message', (data) => {
      const at = now();
      const event = JSON.parse(String(data)) as { id?: string };
      const round = event.id === undefined ? undefined : arrivals.get(event.id);
      if (!round) return;
      round.latencies.push(at - round.t0);
      if (round.latencies.length === round.expected) round.done();
    });
  }
  const timeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  /** Publishes `topic` from the server and waits until the `expected` sockets have it (or 10 s). */
  async function viaServer(topic: string, seq: number, expected: number): Promise<number[]> {
    const latencies: number[] = [];
    const received = new Promise<void>((done) => arrivals.set(String(seq), { t0: now(), latencies, expected, done }));
    child.send({ type: 'publish', topic, seq } satisfies ToChild);
    await Promise.race([received, timeout(10_000)]);
    arrivals.delete(String(seq));
    return latencies;
  }

  let seq = 0;
  const chat: number[] = [];
  for (let round = 0; round < CHAT_ROUNDS; round += 1) {
    const user = ready.users[round % ready.users.length]!;
    const sockets = clients.filter((c) => c.user.id === user.id).length;
    chat.push(...(await viaServer(`user:${user.id}`, (seq += 1), sockets)));
    await timeout(20);
  }
  const chatExpected = Array.from({ length: CHAT_ROUNDS }, (_, r) => clients.filter((c) => c.user.id === ready.users[r % ready.users.length]!.id).length).reduce((a, b) => a + b, 0);

  const broadcast: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    broadcast.push(...(await viaServer('everyone', (seq += 1), clients.length)));
    await timeout(100);
  }

  // An admin's notification to all, through the real route; then each client fetches its rows.
  async function notificationRounds(spreadMs: number) {
    const event: number[] = [];
    const withText: number[] = [];
    const fetchMs: number[] = [];
    const sendMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const cookie = ready.adminCookies[(roundsSent += 1) % ready.adminCookies.length]!;
      const t0 = now();
      const fetched: Promise<void>[] = [];
      const onMessage = (client: Client) => (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { type?: string; notification?: unknown };
        if (message.type !== 'notification') return;
        event.push(now() - t0);
        if (message.notification) withText.push(now() - t0);
        fetched.push(
          timeout(Math.random() * spreadMs).then(async () => {
            const started = now();
            const response = await fetch(`http://127.0.0.1:${ready.port}/api/notifications/unread`, { headers: { cookie: client.user.cookie, 'x-forwarded-for': client.ip } });
            await response.arrayBuffer();
            if (response.ok) fetchMs.push(now() - started);
          }),
        );
      };
      const handlers = clients.map((client) => {
        const handler = onMessage(client);
        client.socket.on('message', handler);
        return handler;
      });
      const response = await fetch(`http://127.0.0.1:${ready.port}/api/admin/notifications`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': `10.99.${roundsSent >> 8}.${roundsSent & 255}` },
        body: JSON.stringify({ title: `Bench ${round}`, message: 'Latency round', recipient_group: 'all', type: 'toast' }),
      });
      sendMs.push(now() - t0);
      if (response.status !== 201) throw new Error(`send failed: ${response.status} ${await response.text()}`);
      const deadline = now() + 20_000;
      while (fetched.length < clients.length && now() < deadline) await timeout(5);
      await Promise.all(fetched);
      clients.forEach((client, i) => client.socket.off('message', handlers[i]!));
      await timeout(300);
    }
    return { event, withText, fetchMs, sendMs };
  }
  let roundsSent = 0;
  const spread = await notificationRounds(SPREAD_MS);
  const herd = await notificationRounds(0);

  console.log(`\nDelivery latency with ${clients.length} connected clients (${ready.users.length} accounts), ${ready.database}, ${os.cpus().length} CPUs:`);
  console.log(summary(`chat-like: one person's topic (${CHAT_ROUNDS} events)`, chat, chatExpected));
  console.log(summary(`broadcast event to everyone (${ROUNDS} events)`, broadcast, ROUNDS * clients.length));
  console.log(summary(`notification POST → event with its text at each socket`, spread.withText, ROUNDS * clients.length));
  console.log(summary(`  (event at each socket, whether or not with text)`, spread.event, ROUNDS * clients.length));
  console.log(summary(`  GET /unread response, ${clients.length} spread over ${SPREAD_MS / 1000} s`, spread.fetchMs, ROUNDS * clients.length));
  console.log(summary(`  GET /unread response, ${clients.length} at once (no spread)`, herd.fetchMs, ROUNDS * clients.length));
  console.log(summary(`notification POST answered (admin's view)`, [...spread.sendMs, ...herd.sendMs], 2 * ROUNDS));

  // A restart: every socket drops and all reconnect at once. "ready" carries each person's pending
  // notifications (read in batches), so nobody fetches GET /unread: time from the reconnect to a
  // "ready" with them, against the GET /unread herd above.
  for (const client of clients) client.socket.terminate();
  await timeout(500);
  const reconnectMs: number[] = [];
  let withPending = 0;
  const reconnectStarted = now();
  const again = await Promise.all(
    clients.map((client, i) =>
      connect(ready.port, client.user, i, (message) => {
        reconnectMs.push(now() - reconnectStarted);
        if (message.pending !== undefined) withPending += 1;
      }),
    ),
  );
  console.log(summary(`all ${clients.length} reconnect at once → "ready" with pending (${withPending} carried them)`, reconnectMs, clients.length));
  for (const client of again) client.socket.terminate();
  child.send({ type: 'stop' } satisfies ToChild);
  await new Promise((resolve) => child.once('exit', resolve));
}

if (process.argv[2] === 'server') await runServer();
else await runClients();
