import { Kysely, PostgresDialect, sql } from 'kysely';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationBatch, type NotificationsPage, type PendingNotifications } from '../../shared/schemas/notifications.ts';
import type { DB } from '../../server/db/schema.ts';
import { sendNotification } from '../../server/features/notifications/send-notification.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const text = messages.notificationsCenter;

interface Person {
  id: string;
  jar: CookieJar;
}

type Received = { type?: string; topic?: string; id?: string; notification?: unknown };

function collect(socket: WebSocket): Received[] {
  const received: Received[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  return received;
}

describe.skipIf(laneUnavailable)('notifications: admins send to a group, each person reads only their own', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.66.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  let admin: Person;
  let validationAdmin: Person;
  let employer: Person;
  let employer2: Person;
  let candidate: Person;
  let candidate2: Person;
  let suspendedEmployerId: string;
  let suspendedCandidateId: string;

  async function person(role: 'admin' | 'employer' | 'candidate'): Promise<Person> {
    const user = await t.factories.user({ role });
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const send = (who: Person | null, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/notifications', payload, headers: who ? { cookie: who.jar.header } : {}, remoteAddress: nextIp() });
  const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.jar.header } : {}, remoteAddress: nextIp() });
  const post = (who: Person | null, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: who ? { cookie: who.jar.header } : {}, remoteAddress: nextIp() });
  const rowsOf = (batchId: string) => t.database.db.selectFrom('notifications').select(['recipient_id', 'type', 'title', 'message']).where('batch_id', '=', batchId).execute();
  const sendOk = async (payload: { title: string; message: string; recipient_group: string; type: string }, sender: Person = admin) => {
    const response = await send(sender, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<NotificationBatch>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await person('admin');
    validationAdmin = await person('admin');
    employer = await person('employer');
    employer2 = await person('employer');
    candidate = await person('candidate');
    candidate2 = await person('candidate');
    suspendedEmployerId = (await t.factories.user({ role: 'employer' })).id;
    suspendedCandidateId = (await t.factories.user({ role: 'candidate' })).id;
    await t.database.db.updateTable('user_profiles').set({ suspended_at: new Date() }).where('id', 'in', [suspendedEmployerId, suspendedCandidateId]).execute();
  });
  afterAll(async () => t?.close());

  it('writes one row per member of the group, never to suspended accounts, with the batch count and an audit entry', async () => {
    const everyoneActive = [admin, validationAdmin, employer, employer2, candidate, candidate2].map((p) => p.id).sort();

    const toAll = await sendOk({ title: '  Maintenance tonight  ', message: ' Down 2–3 AM IST. ', recipient_group: 'all', type: 'banner' });
    expect(toAll).toMatchObject({ title: 'Maintenance tonight', message: 'Down 2–3 AM IST.', recipient_group: 'all', type: 'banner', recipients: 6 });
    const allRows = await rowsOf(toAll.id);
    expect(allRows.map((r) => r.recipient_id).sort()).toEqual(everyoneActive);
    expect(allRows.every((r) => r.type === 'banner' && r.title === 'Maintenance tonight' && r.message === 'Down 2–3 AM IST.')).toBe(true);

    const toEmployers = await sendOk({ title: 'New verification flow', message: 'For employers only', recipient_group: 'employers', type: 'toast' });
    expect(toEmployers.recipients).toBe(2);
    expect((await rowsOf(toEmployers.id)).map((r) => r.recipient_id).sort()).toEqual([employer.id, employer2.id].sort());

    const toCandidates = await sendOk({ title: 'Upload your documents', message: 'For candidates only', recipient_group: 'candidates', type: 'toast' });
    expect(toCandidates.recipients).toBe(2);
    expect((await rowsOf(toCandidates.id)).map((r) => r.recipient_id).sort()).toEqual([candidate.id, candidate2.id].sort());

    const suspendedRows = await t.database.db.selectFrom('notifications').select('id').where('recipient_id', 'in', [suspendedEmployerId, suspendedCandidateId]).execute();
    expect(suspendedRows).toEqual([]);

    const batch = await t.database.db.selectFrom('notification_batches').selectAll().where('id', '=', toEmployers.id).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ sender_id: admin.id, recipient_group: 'employers', type: 'toast', recipients: 2 });
    const audit = await t.database.db.selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', toEmployers.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.id, action: 'notification_sent', entity_type: 'notification_batch' });
    expect(audit[0]!.details).toMatchObject({ recipient_group: 'employers', type: 'toast', recipients: 2 });
    expect(audit[0]!.ip_address).toBeTruthy();

    // The admin's history lists the sends, newest first, with the sender's name.
    const history = await get(admin, '/api/admin/notifications');
    expect(history.statusCode).toBe(200);
    const page = history.json<{ items: NotificationBatch[]; total: number; page: number }>();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.slice(0, 3).map((b) => b.id)).toEqual([toCandidates.id, toEmployers.id, toAll.id]);
    expect(page.items[0]!.sender_name).toBeTruthy();
    expect((await get(admin, '/api/admin/notifications?page=0')).statusCode).toBe(400);
  });

  it('writes the rows in one statement whatever the group size, inside one transaction', async () => {
    const statements: string[] = [];
    // The test database's own pool, with a logger; not destroyed here (the app owns the pool).
    const logged = new Kysely<DB>({ dialect: new PostgresDialect({ pool: t.database.pool }), log: (event) => void statements.push(event.query.sql) });
    const sender = { userId: admin.id, fullName: 'Admin', ip: '10.0.0.9' };
    await sendNotification(logged, sender, { title: 'Small', message: 'Two employers', recipient_group: 'employers', type: 'toast' });
    const forTwo = statements.splice(0);
    await sendNotification(logged, sender, { title: 'Large', message: 'Six people', recipient_group: 'all', type: 'toast' });
    const forSix = statements.splice(0);
    expect(forSix.length).toBe(forTwo.length);
    expect(forSix.filter((s) => /insert into notifications\b/i.test(s))).toHaveLength(1);
  });

  it('leaves nothing behind when a step after the rows fails (no partial send)', async () => {
    const before = await t.database.db.selectFrom('notifications').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const batchesBefore = await t.database.db.selectFrom('notification_batches').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    // The audit entry is written after the notification rows: make it fail.
    await sql`ALTER TABLE admin_audit_logs ADD CONSTRAINT test_refuse_notification_audit CHECK (action <> 'notification_sent') NOT VALID`.execute(t.database.db);
    try {
      const response = await send(admin, { title: 'Doomed', message: 'Never stored', recipient_group: 'all', type: 'banner' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await sql`ALTER TABLE admin_audit_logs DROP CONSTRAINT test_refuse_notification_audit`.execute(t.database.db);
    }
    const after = await t.database.db.selectFrom('notifications').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const batchesAfter = await t.database.db.selectFrom('notification_batches').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(batchesAfter.n).toBe(batchesBefore.n);
    expect(await t.database.db.selectFrom('notifications').select('id').where('title', '=', 'Doomed').execute()).toEqual([]);
  });

  it('lets only admins send or list sends: 401 anonymous, 403 employers and candidates', async () => {
    const payload = { title: 'Hi', message: 'There', recipient_group: 'all', type: 'toast' };
    expect((await send(null, payload)).statusCode).toBe(401);
    for (const who of [employer, candidate]) {
      const response = await send(who, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.auth.adminRequired);
      expect((await get(who, '/api/admin/notifications')).statusCode).toBe(403);
    }
    expect((await get(null, '/api/admin/notifications')).statusCode).toBe(401);
    for (const url of ['/api/notifications', '/api/notifications/unread']) expect((await get(null, url)).statusCode).toBe(401);
    expect((await post(null, '/api/notifications/read', { all: true })).statusCode).toBe(401);
    expect((await post(null, '/api/notifications/delivered', { ids: [crypto.randomUUID()] })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('notifications').select('id').where('title', '=', 'Hi').execute()).toEqual([]);
  });

  it('refuses bad bodies with 400 and a clear message, and stores nothing', async () => {
    const good = { title: 'Title', message: 'Message', recipient_group: 'all', type: 'toast' };
    const cases: [object, string][] = [
      [{ ...good, title: '   ' }, text.titleRequired],
      [{ ...good, title: undefined }, text.titleRequired],
      [{ ...good, message: '\n\t ' }, text.messageRequired],
      [{ ...good, title: 'x'.repeat(201) }, text.titleTooLong.replace('{max}', '200')],
      [{ ...good, message: 'x'.repeat(2001) }, text.messageTooLong.replace('{max}', '2000')],
      [{ ...good, title: 'Bad\u0000title' }, text.invalidCharacters],
      [{ ...good, recipient_group: 'admins' }, text.invalidGroup],
      [{ ...good, type: 'email' }, text.invalidType],
    ];
    for (const [payload, message] of cases) {
      const response = await send(validationAdmin, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json().message).toContain(message);
    }
    // Unknown fields (a recipient list, a sender) are refused, not ignored.
    const extra = await send(validationAdmin, { ...good, recipient_ids: [candidate.id] });
    expect(extra.statusCode).toBe(400);
    // The longest allowed texts go through (the limits are the database's).
    const longest = await send(validationAdmin, { ...good, title: 'T'.repeat(200), message: 'M'.repeat(2000), recipient_group: 'candidates' });
    expect(longest.statusCode).toBe(201);
    const stored = await t.database.db.selectFrom('notification_batches').select('id').where('sender_id', '=', validationAdmin.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('shows each person only their own notifications; a candidate never gets an employers-only one', async () => {
    const employersOnly = await sendOk({ title: 'Employers: new dashboard', message: 'Only for you', recipient_group: 'employers', type: 'banner' });
    const candidateList = (await get(candidate, '/api/notifications')).json<NotificationsPage>();
    expect(candidateList.items.some((n) => n.title === 'Employers: new dashboard')).toBe(false);
    const candidatePending = (await get(candidate, '/api/notifications/unread')).json<PendingNotifications>();
    expect([...candidatePending.banners, ...candidatePending.toasts].some((n) => n.title === 'Employers: new dashboard')).toBe(false);

    const employerList = (await get(employer, '/api/notifications')).json<NotificationsPage>();
    const mine = employerList.items.find((n) => n.title === 'Employers: new dashboard');
    expect(mine).toMatchObject({ type: 'banner', read_at: null });
    // Every row the candidate can list is theirs.
    const candidateRows = await t.database.db.selectFrom('notifications').select('id').where('recipient_id', '=', candidate.id).execute();
    expect(candidateRows.length).toBeLessThanOrEqual(NOTIFICATIONS_PAGE_SIZE);
    expect(candidateList.items.map((n) => n.id).sort()).toEqual(candidateRows.map((r) => r.id).sort());
    expect(candidateList.unread_count).toBe(candidateRows.length);

    // Marking someone else's notification read changes nothing and reveals nothing.
    const attempt = await post(candidate, '/api/notifications/read', { ids: [mine!.id] });
    expect(attempt.statusCode).toBe(200);
    expect(attempt.json()).toMatchObject({ updated: 0 });
    const delivered = await post(candidate, '/api/notifications/delivered', { ids: [mine!.id] });
    expect(delivered.json()).toMatchObject({ updated: 0 });
    const row = await t.database.db.selectFrom('notifications').select(['read_at', 'delivered_at']).where('id', '=', mine!.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ read_at: null, delivered_at: null });
    // "all: true" is the caller's all.
    await post(candidate, '/api/notifications/read', { all: true });
    expect(await t.database.db.selectFrom('notifications').select('read_at').where('id', '=', mine!.id).executeTakeFirstOrThrow()).toEqual({ read_at: null });
    expect((await get(candidate, '/api/notifications')).json<NotificationsPage>().unread_count).toBe(0);
    expect(employersOnly.recipients).toBe(2);
  });

  it('pops a toast up once, keeps a banner until it is read, and counts both in the bell until read', async () => {
    const me = await person('candidate');
    // Another admin: the first one's sends per minute are limited.
    const sender = await person('admin');
    const toast = await sendOk({ title: 'Toast for candidates', message: 'Pops once', recipient_group: 'candidates', type: 'toast' }, sender);
    const banner = await sendOk({ title: 'Banner for candidates', message: 'Stays', recipient_group: 'candidates', type: 'banner' }, sender);
    const pending = (await get(me, '/api/notifications/unread')).json<PendingNotifications>();
    expect(pending.toasts.map((n) => n.title)).toEqual(['Toast for candidates']);
    expect(pending.banners.map((n) => n.title)).toEqual(['Banner for candidates']);
    expect(pending.unread_count).toBe(2);
    const toastId = pending.toasts[0]!.id;
    const bannerId = pending.banners[0]!.id;

    // The toast popped up: not again at the next visit, but still unread in the bell.
    const shown = await post(me, '/api/notifications/delivered', { ids: [toastId] });
    expect(shown.json()).toEqual({ updated: 1, unread_count: 2 });
    const next = (await get(me, '/api/notifications/unread')).json<PendingNotifications>();
    expect(next.toasts).toEqual([]);
    expect(next.banners.map((n) => n.id)).toEqual([bannerId]);

    // Dismissing the banner reads it.
    const dismissed = await post(me, '/api/notifications/read', { ids: [bannerId] });
    expect(dismissed.json()).toEqual({ updated: 1, unread_count: 1 });
    expect((await get(me, '/api/notifications/unread')).json<PendingNotifications>()).toEqual({ banners: [], toasts: [], unread_count: 1 });

    // Opening the bell reads the rest.
    const opened = await post(me, '/api/notifications/read', { all: true });
    expect(opened.json()).toEqual({ updated: 1, unread_count: 0 });
    const list = (await get(me, '/api/notifications')).json<NotificationsPage>();
    expect(list.items.map((n: Notification) => [n.title, n.read_at !== null])).toEqual([
      ['Banner for candidates', true],
      ['Toast for candidates', true],
    ]);
    expect([toast.recipients, banner.recipients]).toEqual([3, 3]);

    for (const body of [{}, { ids: [] }, { ids: ['not-a-uuid'] }, { all: false }, { ids: [toastId], all: true }, { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }]) {
      expect({ body, status: (await post(me, '/api/notifications/read', body)).statusCode }).toEqual({ body, status: 400 });
    }
  });

  it('pages the bell list 20 at a time, newest first, rows of one send included', async () => {
    const me = await person('employer');
    // 25 rows for this employer, written directly: several share one created_at, as rows of one send do.
    await sql`
      INSERT INTO notifications (recipient_id, type, title, message, created_at)
      SELECT ${me.id}, 'toast', 'Note ' || g, 'Body', now() - (g / 3) * interval '1 second'
      FROM generate_series(1, 25) AS g`.execute(t.database.db);
    const first = (await get(me, '/api/notifications')).json<NotificationsPage>();
    expect(first.items).toHaveLength(20);
    expect(first.next_cursor).toBeTruthy();
    const second = (await get(me, `/api/notifications?cursor=${first.next_cursor}`)).json<NotificationsPage>();
    const all = [...first.items, ...second.items];
    expect(second.next_cursor).toBeNull();
    expect(all).toHaveLength(25);
    expect(new Set(all.map((n) => n.id)).size).toBe(25);
    const times = all.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get(me, '/api/notifications?cursor=garbage!')).statusCode).toBe(400);
  });

  it('sends one live event per group: an employer socket hears an employers-only send, a candidate socket does not', async () => {
    const employerSocket = await t.app.injectWS('/api/live', { headers: { cookie: employer.jar.header } });
    const candidateSocket = await t.app.injectWS('/api/live', { headers: { cookie: candidate.jar.header } });
    const employerGot = collect(employerSocket);
    const candidateGot = collect(candidateSocket);
    await waitFor(() => employerGot.length > 0 && candidateGot.length > 0, { what: 'ready messages' });

    const sender = await person('admin');
    const forEmployers = await sendOk({ title: 'Live for employers', message: 'Now', recipient_group: 'employers', type: 'banner' }, sender);
    await waitFor(() => employerGot.find((m) => m.id === forEmployers.id), { what: 'the employers event' });
    // One event, carrying the send's text (the same for every recipient) so clients show it at once.
    expect(employerGot.filter((m) => m.id === forEmployers.id)).toEqual([
      { topic: 'role:employer', type: 'notification', id: forEmployers.id, notification: { type: 'banner', title: 'Live for employers', message: 'Now', created_at: forEmployers.created_at } },
    ]);

    // The candidate's socket is alive (it hears a send to everyone) and never heard the employers one.
    const forAll = await sendOk({ title: 'Live for all', message: 'Now', recipient_group: 'all', type: 'toast' }, sender);
    await waitFor(() => candidateGot.find((m) => m.id === forAll.id), { what: 'the everyone event' });
    expect(candidateGot.find((m) => m.id === forEmployers.id)).toBeUndefined();
    expect(candidateGot.filter((m) => m.id === forAll.id)).toMatchObject([{ topic: 'everyone', type: 'notification', id: forAll.id }]);
    employerSocket.terminate();
    candidateSocket.terminate();
  });

  it('limits each admin to 10 sends a minute', async () => {
    const busy = await person('admin');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await send(busy, { title: `Burst ${i}`, message: 'x', recipient_group: 'candidates', type: 'toast' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another admin is not held back.
    expect((await send(admin, { title: 'Unaffected', message: 'x', recipient_group: 'candidates', type: 'toast' })).statusCode).toBe(201);
  });
});
