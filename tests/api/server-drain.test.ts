import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { serverEnvPerSuite, startServerProcess } from '../support/server-process.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * A rolling restart (issue 37 §3): on SIGTERM with SHUTDOWN_DRAIN_SECONDS, the real server
 * process leaves the load balancer's rotation first (/api/ready answers 503 "draining") while it
 * still serves what reaches it, then stops: its live sockets close with 1012 (Service Restart), so
 * pages reconnect to another instance and catch up, and the process exits cleanly.
 */
describe.skipIf(laneUnavailable)(`draining on SIGTERM (${testDbKind})`, { timeout: 120_000 }, () => {
  const { env } = serverEnvPerSuite({ SHUTDOWN_DRAIN_SECONDS: '3', ADMIN_EMAIL: 'drain.admin@workcred-test.in', ADMIN_PASSWORD: 'Drain-Admin-Passphrase-1' });

  it('answers 503 on /api/ready while still serving, then closes live sockets with 1012 and exits 0', async () => {
    const server = await startServerProcess(env);
    const base = `http://127.0.0.1:${env.PORT}`;
    try {
      await waitFor(() => server.output().includes('WorkCred is running'), { timeoutMs: 60_000, what: 'start-up' }).catch((error: unknown) => {
        throw new Error(`${String(error)}; the server said: ${server.output()}`);
      });
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }) });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, { headers: { cookie } });
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        socket.once('message', () => resolve());
        socket.once('error', reject);
      });
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);

      server.child.kill('SIGTERM');
      // Taken out of rotation, yet still answering: a signed-in read, and the socket stays open.
      await waitFor(async () => (await fetch(`${base}/api/ready`)).status === 503, { what: '/api/ready to answer 503 while draining' });
      const ready = await fetch(`${base}/api/ready`);
      expect(await ready.json()).toMatchObject({ status: 'draining' });
      const me = await fetch(`${base}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(socket.readyState).toBe(WebSocket.OPEN);

      expect(await closed).toBe(1012);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  });
});
