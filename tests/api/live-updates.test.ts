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

  it("greets each socket with its own person's pending notifications, read together for a crowd connecting at once", async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => t.factories.user()));
    // Each has a banner, a toast never shown, a toast already shown and a read banner: two pending, three unread.
    for (const [i, person] of people.entries()) {
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes));
      await t.database.db
        .insertInto('notifications')
        .values([
          { recipient_id: person.id, type: 'banner', title: `Banner for ${i}`, message: 'Read me', created_at: at(1) },
          { recipient_id: person.id, type: 'toast', title: `Toast for ${i}`, message: 'Pop', created_at: at(2) },
          { recipient_id: person.id, type: 'toast', title: 'Shown', message: 'Already popped', delivered_at: at(4), created_at: at(3) },
          { recipient_id: person.id, type: 'banner', title: 'Read', message: 'Done', read_at: at(5), created_at: at(4) },
        ])
        .execute();
    }
    const jars = await Promise.all(people.map((person, i) => signIn(t.app, person.email, person.password, `10.30.1.${i + 1}`)));
    const sockets = await Promise.all(jars.map((jar) => t.app.injectWS('/api/live', { headers: { cookie: jar.header } })));
    const received = sockets.map(collect);
    await waitFor(() => received.every((messages) => messages.length > 0), { what: 'every ready message' });
    for (const [i, messages] of received.entries()) {
      const ready = messages[0] as { type: string; pending: { banners: { title: string }[]; toasts: { title: string }[]; unread_count: number } };
      expect(ready.type).toBe('ready');
      expect(ready.pending.banners.map((n) => n.title)).toEqual([`Banner for ${i}`]);
      expect(ready.pending.toasts.map((n) => n.title)).toEqual([`Toast for ${i}`]);
      expect(ready.pending.unread_count).toBe(3);
    }
    // The same as the page would have fetched.
    const fetched = await t.app.inject({ url: '/api/notifications/unread', headers: { cookie: jars[0]!.header } });
    expect((received[0]![0] as { pending: unknown }).pending).toEqual(fetched.json());
    for (const socket of sockets) socket.terminate();
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
