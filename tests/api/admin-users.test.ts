import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { ADMIN_USERS_PAGE_SIZE, type AdminUser, type AdminUsersPage } from '../../shared/schemas/admin-console.ts';
import { changeUserRole } from '../../server/features/admin-users/change-user-role.ts';
import { EVENTS_CHANNEL } from '../../server/realtime/events.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const text = messages.adminConsole;
const UNKNOWN_USER = 'NoSuchUser000000000000000000000';

describe.skipIf(laneUnavailable)('admin Users tab and Manage Users: /api/admin/users', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.80.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  type Caller = { id: string; email: string; password: string; fullName: string; jar: CookieJar };
  let admin: Caller;
  let otherAdmin: Caller;
  let employer: Caller;
  let candidate: Caller;
  let company: { id: string; name: string };

  const as = (who: Caller | null) => ({ headers: who ? { cookie: who.jar.header } : {}, remoteAddress: nextIp() });
  const list = (who: Caller | null, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return t.app.inject({ method: 'GET', url: `/api/admin/users${search ? `?${search}` : ''}`, ...as(who) });
  };
  const changeRole = (who: Caller | null, userId: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}/role`, payload: payload as object, ...as(who) });
  const suspend = (who: Caller | null, userId: string) => t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/suspend`, ...as(who) });
  const restore = (who: Caller | null, userId: string) => t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/restore`, ...as(who) });
  const auditFor = (entityId: string) => t.database.db.selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', entityId).orderBy('created_at').execute();
  const trySignIn = (user: { email: string; password: string }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password }, remoteAddress: nextIp() });

  async function newUser(overrides: Parameters<TestApp['factories']['user']>[0] = {}): Promise<Caller> {
    const user = await t.factories.user(overrides);
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    company = await t.factories.company({ name: 'Kaveri Robotics' });
    admin = await newUser({ role: 'admin', fullName: 'Asha Admin' });
    otherAdmin = await newUser({ role: 'admin', fullName: 'Bala Admin' });
    employer = await newUser({ role: 'employer', companyId: company.id, fullName: 'Esha Employer' });
    candidate = await newUser({ role: 'candidate', fullName: 'Chetan Candidate' });
  });
  afterAll(async () => t?.close());

  describe('listing, search, role filter and pagination', () => {
    const roster: { id: string; fullName: string; email: string }[] = [];
    const rosterCompany = { id: '', name: 'Roster Works' };
    beforeAll(async () => {
      rosterCompany.id = (await t.factories.company({ name: rosterCompany.name })).id;
      // 60 users: every third an employer of Roster Works, the rest candidates, one minute apart.
      for (let start = 0; start < 60; start += 4) {
        const batch = await Promise.all(
          [0, 1, 2, 3].map((offset) => {
            const n = start + offset;
            return t.factories.user({
              fullName: `Roster Person ${String(n).padStart(2, '0')}`,
              email: `roster-${String(n).padStart(2, '0')}@roster.example-corp.in`,
              role: n % 3 === 0 ? 'employer' : 'candidate',
              companyId: n % 3 === 0 ? rosterCompany.id : null,
            });
          }),
        );
        roster.push(...batch);
      }
      const base = Date.parse('2030-01-01T00:00:00Z');
      for (const [n, user] of roster.entries()) {
        await t.database.db.updateTable('user_profiles').set({ created_at: new Date(base + n * 60_000) }).where('id', '=', user.id).execute();
      }
    });

    it('lists 25 users a page, newest first, with company, status and the total', async () => {
      const total = Number((await t.database.db.selectFrom('user_profiles').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      const first = await list(admin);
      expect(first.statusCode, first.body).toBe(200);
      const page: AdminUsersPage = first.json();
      expect(page).toMatchObject({ total, page: 1, page_size: ADMIN_USERS_PAGE_SIZE, page_count: Math.ceil(total / ADMIN_USERS_PAGE_SIZE) });
      expect(page.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
      // The roster was created "in 2030", so it comes first, newest (59) first.
      expect(page.users.slice(0, 3).map((u) => u.full_name)).toEqual(['Roster Person 59', 'Roster Person 58', 'Roster Person 57']);
      expect(page.users.find((u) => u.full_name === 'Roster Person 57')).toMatchObject({ role: 'employer', company_name: 'Roster Works', suspended: false, suspended_at: null });
      expect(page.users.find((u) => u.full_name === 'Roster Person 58')).toMatchObject({ role: 'candidate', company_id: null, company_name: null });
      // No hashes or secrets, only the listed fields.
      expect(Object.keys(page.users[0]!).sort()).toEqual(['company_id', 'company_name', 'created_at', 'email', 'full_name', 'id', 'mfa_enabled', 'role', 'suspended', 'suspended_at']);

      // Walking every page gives every user once, in order.
      const seen: AdminUser[] = [];
      for (let n = 1; n <= page.page_count; n += 1) {
        const response = await list(admin, { page: String(n) });
        expect(response.statusCode).toBe(200);
        seen.push(...(response.json() as AdminUsersPage).users);
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen.map((u) => u.id)).size).toBe(total);
      const times = seen.map((u) => Date.parse(u.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      // Past the last page: an empty page, still with the total.
      const beyond: AdminUsersPage = (await list(admin, { page: String(page.page_count + 1) })).json();
      expect(beyond).toMatchObject({ users: [], total });
    });

    it('searches names and emails without regard to case, and filters by role', async () => {
      const byName: AdminUsersPage = (await list(admin, { search: 'roster person 0' })).json();
      expect(byName.total).toBe(10);
      expect(byName.users.map((u) => u.full_name)).toEqual(Array.from({ length: 10 }, (_, i) => `Roster Person 0${9 - i}`));
      const byEmail: AdminUsersPage = (await list(admin, { search: 'ROSTER-42@' })).json();
      expect(byEmail.users.map((u) => u.email)).toEqual(['roster-42@roster.example-corp.in']);

      const employers: AdminUsersPage = (await list(admin, { search: 'roster', role: 'employer' })).json();
      expect(employers.total).toBe(20);
      expect(employers.users.every((u) => u.role === 'employer' && u.company_name === 'Roster Works')).toBe(true);
      const candidates: AdminUsersPage = (await list(admin, { search: 'roster', role: 'candidate', page: '2' })).json();
      expect(candidates).toMatchObject({ total: 40, page: 2, page_count: 2 });
      expect(candidates.users).toHaveLength(15);
      const admins: AdminUsersPage = (await list(admin, { role: 'admin' })).json();
      expect(admins.users.map((u) => u.full_name).sort()).toEqual(['Asha Admin', 'Bala Admin']);
      // A smaller page on request; a blank filter is no filter.
      const small: AdminUsersPage = (await list(admin, { search: 'roster', page_size: '7', role: '' })).json();
      expect(small).toMatchObject({ total: 60, page_size: 7, page_count: 9 });
      expect(small.users).toHaveLength(7);
    });

    it('matches %, _ and \\ literally', async () => {
      await t.factories.user({ fullName: '100% Placement', email: 'percent@wild.example-corp.in' });
      await t.factories.user({ fullName: 'Under_Score', email: 'under@wild.example-corp.in' });
      await t.factories.user({ fullName: 'Back\\slash', email: 'slash@wild.example-corp.in' });
      const found = async (search: string) => ((await list(admin, { search })).json() as AdminUsersPage).users;
      const names = async (search: string) => (await found(search)).map((u) => u.full_name);
      expect(await names('%')).toEqual(['100% Placement']);
      expect(await names('0%')).toEqual(['100% Placement']);
      expect(await names('\\')).toEqual(['Back\\slash']);
      // Faker's emails may hold an underscore too: every hit has a literal one, and the roster none.
      const underscores = await found('_');
      expect(underscores.map((u) => u.full_name)).toContain('Under_Score');
      expect(underscores.every((u) => `${u.full_name}${u.email}`.includes('_'))).toBe(true);
      // Unescaped, '_' would match the 's' of every "Roster".
      expect(await names('o_t')).toEqual([]);
    });

    it('answers 400 with a clear message to bad parameters, never a 5xx', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ page: '0' }, text.invalidPage],
        [{ page: 'two' }, text.invalidPage],
        [{ page: '1.5' }, text.invalidPage],
        [{ page: '100001' }, text.invalidPage],
        [{ page_size: '101' }, text.invalidPageSize],
        [{ page_size: '0' }, text.invalidPageSize],
        [{ role: 'boss' }, text.invalidRole],
        [{ search: 'x'.repeat(201) }, text.invalidSearch],
        [{ search: 'nul\u0000byte' }, text.invalidSearch],
        [{ sort: 'email' }, ''],
      ];
      for (const [query, message] of cases) {
        const response = await list(admin, query);
        expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
        if (message) expect(response.json().message).toContain(message);
      }
      const repeated = await t.app.inject({ method: 'GET', url: '/api/admin/users?role=admin&role=employer', ...as(admin) });
      expect(repeated.statusCode).toBe(400);
    });
  });

  describe('changing a role', () => {
    it('moves an employer to candidate, leaving the company, audited with from/to and the actor', async () => {
      const target = await newUser({ role: 'employer', companyId: company.id, fullName: 'Farah Former' });
      const response = await changeRole(admin, target.id, { role: 'candidate' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: target.id, role: 'candidate', company_id: null, company_name: null });
      const audit = await auditFor(target.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        admin_id: admin.id,
        company_id: company.id,
        action: 'user_role_changed',
        entity_type: 'user',
        details: { from: 'employer', to: 'candidate', email: target.email, left_company_id: company.id, left_company_name: company.name },
      });
      expect(audit[0]!.ip_address).toMatch(/^10\.80\./);
      // The change applies to the user's next request: no company screens any more.
      expect((await t.app.inject({ method: 'GET', url: '/api/jobs', ...as(target) })).statusCode).toBe(403);
    });

    it("refuses to move a company's last owner out of it (issue 13)", async () => {
      const lonely = await t.factories.company({ name: 'Solo Owner Traders' });
      const owner = await newUser({ role: 'employer', companyId: lonely.id, fullName: 'Omkar Solo' });
      const refused = await changeRole(admin, owner.id, { role: 'candidate' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'LAST_OWNER', message: messages.adminConsole.lastCompanyOwner.replace('{company}', 'Solo Owner Traders') });
      expect(await auditFor(owner.id)).toHaveLength(0);
    });

    it('allows an employer without a company, and the same role again changes nothing', async () => {
      const target = await newUser({ role: 'candidate' });
      const response = await changeRole(admin, target.id, { role: 'employer' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ role: 'employer', company_id: null });
      const again = await changeRole(admin, target.id, { role: 'employer' });
      expect(again.statusCode).toBe(200);
      expect(await auditFor(target.id)).toHaveLength(1);
    });

    it('promotes to admin and demotes again; the admin routes follow at once', async () => {
      const target = await newUser({ role: 'candidate', fullName: 'Gauri Promoted' });
      expect((await list(target)).statusCode).toBe(403);
      expect((await changeRole(admin, target.id, { role: 'admin' })).statusCode).toBe(200);
      expect((await list(target)).statusCode).toBe(200);
      expect((await changeRole(otherAdmin, target.id, { role: 'candidate' })).statusCode).toBe(200);
      expect((await list(target)).statusCode).toBe(403);
      const audit = await auditFor(target.id);
      expect(audit.map((row) => [row.admin_id, row.details])).toEqual([
        [admin.id, { from: 'candidate', to: 'admin', email: target.email }],
        [otherAdmin.id, { from: 'admin', to: 'candidate', email: target.email }],
      ]);
    });

    it('refuses your own role, an unknown user, a bad role and extra fields', async () => {
      const own = await changeRole(admin, admin.id, { role: 'candidate' });
      expect(own.statusCode).toBe(409);
      expect(own.json()).toMatchObject({ code: 'OWN_ROLE', message: text.cannotChangeOwnRole });
      const unknown = await changeRole(admin, UNKNOWN_USER, { role: 'candidate' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(text.userNotFound);
      const bad = await changeRole(admin, candidate.id, { role: 'superuser' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(text.invalidRole);
      const extra = await changeRole(admin, candidate.id, { role: 'employer', company_id: company.id });
      expect(extra.statusCode).toBe(400);
      const badId = await changeRole(admin, 'not/an/id', { role: 'employer' });
      expect(badId.statusCode).toBeLessThan(500);
      expect(await auditFor(candidate.id)).toHaveLength(0);
      expect((await t.database.db.selectFrom('user_profiles').select('role').where('id', '=', admin.id).executeTakeFirstOrThrow()).role).toBe('admin');
    });

    it('never demotes the last active admin, even when two admins demote each other at once', async () => {
      const fresh = await createTestApp();
      try {
        const a = await fresh.factories.user({ role: 'admin' });
        const b = await fresh.factories.user({ role: 'admin' });
        const jarA = await signIn(fresh.app, a.email, a.password, '10.81.0.1');
        const jarB = await signIn(fresh.app, b.email, b.password, '10.81.0.2');
        const [ab, ba] = await Promise.all([
          fresh.app.inject({ method: 'PATCH', url: `/api/admin/users/${b.id}/role`, payload: { role: 'candidate' }, headers: { cookie: jarA.header } }),
          fresh.app.inject({ method: 'PATCH', url: `/api/admin/users/${a.id}/role`, payload: { role: 'candidate' }, headers: { cookie: jarB.header } }),
        ]);
        const statuses = [ab.statusCode, ba.statusCode].sort();
        expect(statuses[0]).toBe(200);
        // The loser finds the other is now the last admin (409), or, if it got in later, that it is no admin (403).
        expect([403, 409]).toContain(statuses[1]);
        const loser = ab.statusCode === 200 ? ba : ab;
        expect([text.lastAdmin, messages.auth.adminRequired]).toContain(loser.json().message);
        const admins = await fresh.database.db.selectFrom('user_profiles').select('id').where('role', '=', 'admin').execute();
        expect(admins).toHaveLength(1);

        // The rule itself, for an actor whose admin role was taken away mid-request.
        const survivor = admins[0]!.id;
        const stale = survivor === a.id ? b.id : a.id;
        await expect(changeUserRole(fresh.database.db, { userId: stale, ip: null }, survivor, 'employer')).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN', message: text.lastAdmin });
        expect(await fresh.database.db.selectFrom('admin_audit_logs').select('action').where('action', '=', 'user_role_changed').execute()).toHaveLength(1);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('suspending and restoring', () => {
    it('ends every session at once, refuses sign-in, closes live sockets, and is audited', async () => {
      const target = await newUser({ role: 'employer', companyId: company.id, fullName: 'Hari Suspended' });
      const secondJar = await signIn(t.app, target.email, target.password, nextIp());
      const socket: WebSocket = await t.app.injectWS('/api/live', { headers: { cookie: target.jar.header } });
      const received: { type?: string; topic?: string }[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data)) as { type?: string }));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await waitFor(() => received.some((m) => m.type === 'ready'), { what: 'the socket to be ready' });
      const events: string[] = [];
      const unlisten = await t.database.listen(EVENTS_CHANNEL, (payload) => events.push(payload));

      const response = await suspend(admin, target.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: target.id, suspended: true });
      expect(response.json().suspended_at).toEqual(expect.any(String));

      const sessions = await t.database.db.selectFrom('auth_sessions').select('id').where('userId', '=', target.id).execute();
      expect(sessions).toHaveLength(0);
      for (const jar of [target.jar, secondJar]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header } })).statusCode).toBe(401);
      }
      const again = await trySignIn(target);
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe(messages.auth.accountSuspended);

      // The open page hears session_ended, then the server closes its socket (4401: do not reconnect).
      await waitFor(() => received.some((m) => m.type === 'session_ended'), { what: 'session_ended on the socket' });
      expect(received.find((m) => m.type === 'session_ended')).toMatchObject({ topic: `user:${target.id}` });
      expect(await closed).toBe(4401);
      await waitFor(() => events.some((e) => e.includes('session_ended') && e.includes(target.id)), { what: 'the NOTIFY' });
      await unlisten();

      const audit = await auditFor(target.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ admin_id: admin.id, company_id: company.id, action: 'user_suspended', entity_type: 'user', details: { email: target.email, role: 'employer', sessions_ended: 2 } });

      // Suspending again changes nothing and writes nothing.
      expect((await suspend(otherAdmin, target.id)).statusCode).toBe(200);
      expect(await auditFor(target.id)).toHaveLength(1);

      // The listing shows it.
      const listed: AdminUsersPage = (await list(admin, { search: 'Hari Suspended' })).json();
      expect(listed.users[0]).toMatchObject({ suspended: true });

      // Restored: sign-in works again (old sessions stay dead), audited.
      const restored = await restore(otherAdmin, target.id);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ suspended: false, suspended_at: null });
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: secondJar.header } })).statusCode).toBe(401);
      const back = await trySignIn(target);
      expect(back.statusCode).toBe(200);
      const auditAfter = await auditFor(target.id);
      expect(auditAfter.map((row) => [row.action, row.admin_id])).toEqual([
        ['user_suspended', admin.id],
        ['user_restored', otherAdmin.id],
      ]);
      // Restoring an active account changes nothing.
      expect((await restore(admin, target.id)).statusCode).toBe(200);
      expect(await auditFor(target.id)).toHaveLength(2);
    });

    it('a role change closes the user\'s live socket so it reconnects with the new topics', async () => {
      const target = await newUser({ role: 'admin', fullName: 'Indu Demoted' });
      const socket: WebSocket = await t.app.injectWS('/api/live', { headers: { cookie: target.jar.header } });
      const received: { type?: string }[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data)) as { type?: string }));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await waitFor(() => received.some((m) => m.type === 'ready'), { what: 'the socket to be ready' });
      expect((await changeRole(admin, target.id, { role: 'candidate' })).statusCode).toBe(200);
      await waitFor(() => received.some((m) => m.type === 'role_changed'), { what: 'role_changed on the socket' });
      expect(await closed).toBe(4000);
    });

    it('refuses suspending yourself or an unknown user; an admin may suspend another admin', async () => {
      const self = await suspend(admin, admin.id);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toMatchObject({ code: 'OWN_ACCOUNT', message: text.cannotSuspendYourself });
      expect((await suspend(admin, UNKNOWN_USER)).statusCode).toBe(404);
      expect((await restore(admin, UNKNOWN_USER)).statusCode).toBe(404);
      const extraAdmin = await newUser({ role: 'admin' });
      expect((await suspend(admin, extraAdmin.id)).statusCode).toBe(200);
      expect((await list(extraAdmin)).statusCode).toBe(401);
      expect(await auditFor(admin.id)).toHaveLength(0);
    });
  });

  it('refuses anonymous (401), candidates and employers (403) on every route, changing nothing', async () => {
    const calls = (who: Caller | null) => [list(who), changeRole(who, candidate.id, { role: 'admin' }), suspend(who, candidate.id), restore(who, candidate.id)];
    for (const response of await Promise.all(calls(null))) expect(response.statusCode).toBe(401);
    for (const who of [candidate, employer]) {
      for (const response of await Promise.all(calls(who))) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(messages.auth.adminRequired);
      }
    }
    const profile = await t.database.db.selectFrom('user_profiles').select(['role', 'suspended_at']).where('id', '=', candidate.id).executeTakeFirstOrThrow();
    expect(profile).toEqual({ role: 'candidate', suspended_at: null });
  });
});
