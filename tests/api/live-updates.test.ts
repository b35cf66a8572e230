import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../../server/realtime/events.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

function collect(socket: WebSocket): unknown[] {
  const received: unknown[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  return received;
}

describe.skipIf(laneUnavailable)('live updates over WebSocket fed by LISTEN/NOTIFY', () => {
  let t: TestApp;
  let alice: { id: string; jar: CookieJar };
  let bob: { id: string; jar: CookieJar };
  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.factories.user();
    const b = await t.factories.user();
    alice = { id: a.id, jar: await signIn(t.app, a.email, a.password, '10.30.0.1') };
    bob = { id: b.id, jar: await signIn(t.app, b.email, b.password, '10.30.0.2') };
  });
  afterAll(async () => t?.close());

  it('delivers an event to its topic only, after the transaction commits', async () => {
    const aliceSocket = await t.app.injectWS('/api/live', { headers: { cookie: alice.jar.header } });
    const bobSocket = await t.app.injectWS('/api/live', { headers: { cookie: bob.jar.header } });
    const aliceGot = collect(aliceSocket);
    const bobGot = collect(bobSocket);
    await waitFor(() => aliceGot.length > 0 && bobGot.length > 0, { what: 'ready messages' });

    await t.database.db.transaction().execute(async (trx) => {
      await publish(trx, { topic: `user:${alice.id}`, type: 'notification', id: 'n1' });
    });
    await waitFor(() => aliceGot.find((m) => (m as { id?: string }).id === 'n1'), { what: 'the event for alice' });
    // Bob's socket proves it is alive by receiving his own event; Alice's never reached it.
    await publish(t.database.db, { topic: `user:${bob.id}`, type: 'notification', id: 'n2' });
    await waitFor(() => bobGot.find((m) => (m as { id?: string }).id === 'n2'), { what: 'the event for bob' });
    expect(bobGot.find((m) => (m as { id?: string }).id === 'n1')).toBeUndefined();

    // A rolled-back transaction publishes nothing.
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await publish(trx, { topic: `user:${alice.id}`, type: 'notification', id: 'rolled-back' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await publish(t.database.db, { topic: `user:${alice.id}`, type: 'notification', id: 'after' });
    await waitFor(() => aliceGot.find((m) => (m as { id?: string }).id === 'after'), { what: 'the later event' });
    expect(aliceGot.find((m) => (m as { id?: string }).id === 'rolled-back')).toBeUndefined();
    aliceSocket.terminate();
    bobSocket.terminate();
  });

  it('refuses anonymous sockets and foreign origins', async () => {
    const anonymous = await t.app.injectWS('/api/live');
    const anonClose = await new Promise<number>((resolve) => anonymous.on('close', (code) => resolve(code)));
    expect(anonClose).toBe(4401);
    const foreign = await t.app.injectWS('/api/live', { headers: { cookie: alice.jar.header, origin: 'https://evil.example' } });
    const foreignClose = await new Promise<number>((resolve) => foreign.on('close', (code) => resolve(code)));
    expect(foreignClose).toBe(4403);
  });
});
