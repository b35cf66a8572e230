import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import type { TeamMember } from '../../shared/schemas/dashboard.ts';
import { INVITES_PER_COMPANY_PER_HOUR, type InvitePreview, type TeamInvite } from '../../shared/schemas/team.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

const text = messages.team;
const PASSWORD = 'Sahyadri-Monsoon-Trail-48';

/** Issue 13: invites, accepting them, and Manage (role, removal, ownership). */
describe.skipIf(laneUnavailable)('team: invites and membership', () => {
  let t: TestApp;
  let ip = 0;
  let company: { id: string; name: string };
  let owner: { id: string; email: string; jar: CookieJar };
  let admin: { id: string; email: string; jar: CookieJar };
  let recruiter: { id: string; email: string; jar: CookieJar };

  const db = () => t.database.db;
  const nextIp = () => `10.83.${Math.floor(++ip / 250) % 250}.${ip % 250}`;
  const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload ? { payload } : {}), remoteAddress: nextIp() });
  const invite = (jar: CookieJar, email: string, role = 'recruiter') => call(jar, 'POST', '/api/team/invites', { email, company_role: role });
  /** The token of the newest invite email to this address (from the link's #fragment). */
  const tokenFor = async (email: string) => {
    const mail = await db().selectFrom('outbox_messages').select('body_text').where('recipient', '=', email).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const match = /\/join#([A-Za-z0-9_-]+)/.exec(mail.body_text);
    expect(match).not.toBeNull();
    return match![1]!;
  };
  const member = async (role: 'owner' | 'admin' | 'recruiter' | 'interviewer', companyId: string, fullName: string) => {
    const user = await t.factories.user({ role: 'employer', companyId, companyRole: role, fullName, password: PASSWORD });
    return { id: user.id, email: user.email, jar: await signIn(t.app, user.email, PASSWORD, nextIp()) };
  };
  const codeOf = (response: LightMyRequestResponse) => ({ status: response.statusCode, code: response.json<{ code?: string }>().code });

  beforeAll(async () => {
    t = await createTestApp();
    company = await t.factories.company({ name: 'Kaveri Analytics Pvt Ltd' });
    owner = await member('owner', company.id, 'Rahul Verma');
    admin = await member('admin', company.id, 'Anjali Bose');
    recruiter = await member('recruiter', company.id, 'Priya Sharma');
  });
  afterAll(async () => t?.close());

  it('invites by work email: one pending invite per address, an email with a single-use link, an audit entry', async () => {
    const response = await invite(owner.jar, 'Vikram.Rao@kaveri-analytics.in');
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TeamInvite>();
    expect(created).toMatchObject({ email: 'vikram.rao@kaveri-analytics.in', company_role: 'recruiter', invited_by_name: 'Rahul Verma', expired: false });
    expect(new Date(created.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const row = await db().selectFrom('company_invites').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    const token = await tokenFor('vikram.rao@kaveri-analytics.in');
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const mail = await db().selectFrom('outbox_messages').selectAll().where('recipient', '=', 'vikram.rao@kaveri-analytics.in').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Rahul Verma invited you to join ${company.name} on WorkCred`);
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'company_id']).where('entity_id', '=', created.id).execute();
    expect(audit).toEqual([{ action: 'team_member_invited', company_id: company.id }]);

    const listed = (await call(recruiter.jar, 'GET', '/api/team/invites')).json<{ invites: TeamInvite[] }>().invites;
    expect(listed.map((row) => row.email)).toEqual(['vikram.rao@kaveri-analytics.in']);

    // Refusals, each with its message and nothing written.
    const before = Number((await db().selectFrom('company_invites').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(codeOf(await invite(owner.jar, 'vikram.rao@kaveri-analytics.in'))).toEqual({ status: 409, code: 'ALREADY_INVITED' });
    expect((await invite(owner.jar, 'vikram.rao@kaveri-analytics.in')).json<{ message: string }>().message).toBe(fill(text.alreadyInvited, { email: 'vikram.rao@kaveri-analytics.in' }));
    expect(codeOf(await invite(owner.jar, recruiter.email))).toEqual({ status: 409, code: 'ALREADY_MEMBER' });
    const elsewhere = await t.factories.user({ role: 'employer', companyId: (await t.factories.company({ name: 'Other Co Pvt Ltd' })).id });
    expect(codeOf(await invite(owner.jar, elsewhere.email))).toEqual({ status: 409, code: 'MEMBER_OF_ANOTHER_COMPANY' });
    const candidate = await t.factories.user({ role: 'candidate' });
    expect(codeOf(await invite(owner.jar, candidate.email))).toEqual({ status: 409, code: 'NOT_AN_EMPLOYER_ACCOUNT' });
    const freeMail = await invite(owner.jar, 'someone@gmail.com');
    expect(freeMail.statusCode).toBe(400);
    expect(freeMail.body).toContain(text.invalidWorkEmail);
    expect((await call(owner.jar, 'POST', '/api/team/invites', { email: 'a@b-corp.in', company_role: 'superuser' })).statusCode).toBe(400);
    expect((await call(owner.jar, 'POST', '/api/team/invites', { email: 'a@b-corp.in', company_role: 'admin', company_id: company.id })).statusCode).toBe(400);
    expect(codeOf(await invite(admin.jar, 'new.owner@kaveri-analytics.in', 'owner'))).toEqual({ status: 403, code: 'CANNOT_ASSIGN_OWNER' });
    expect(codeOf(await invite(recruiter.jar, 'someone@kaveri-analytics.in'))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    expect((await call(null, 'POST', '/api/team/invites', { email: 'x@kaveri-analytics.in', company_role: 'recruiter' })).statusCode).toBe(401);
    const after = Number((await db().selectFrom('company_invites').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });

  it('lets a new person join with a name and password, signed in at once; the link then works no more', async () => {
    await invite(admin.jar, 'neha.kulkarni@kaveri-analytics.in', 'interviewer');
    const token = await tokenFor('neha.kulkarni@kaveri-analytics.in');
    const preview = await call(null, 'POST', '/api/invites/lookup', { token });
    expect(preview.json<InvitePreview>()).toEqual({ company_name: company.name, email: 'neha.kulkarni@kaveri-analytics.in', company_role: 'interviewer', inviter_name: 'Anjali Bose', state: 'pending', has_account: false });
    expect((await call(null, 'POST', '/api/invites/lookup', { token: 'x'.repeat(43) })).statusCode).toBe(404);

    expect(codeOf(await call(null, 'POST', '/api/invites/accept', { token, full_name: 'Neha Kulkarni', password: 'password' }))).toEqual({ status: 400, code: 'PASSWORD_NOT_ACCEPTED' });
    expect(codeOf(await call(null, 'POST', '/api/invites/accept', { token, full_name: '  ', password: PASSWORD }))).toMatchObject({ status: 400 });
    expect(await db().selectFrom('auth_users').select('id').where('email', '=', 'neha.kulkarni@kaveri-analytics.in').executeTakeFirst()).toBeUndefined();

    const accepted = await call(null, 'POST', '/api/invites/accept', { token, full_name: 'Neha Kulkarni', password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ company_id: company.id, company_name: company.name, company_role: 'interviewer' });
    const jar = new CookieJar().store(accepted);
    const me = await call(jar, 'GET', '/api/me');
    expect(me.json<{ user: { company_id: string; company_role: string; full_name: string } }>().user).toMatchObject({ company_id: company.id, company_role: 'interviewer', full_name: 'Neha Kulkarni' });
    // A confirmed account that signs in with its password.
    await signIn(t.app, 'neha.kulkarni@kaveri-analytics.in', PASSWORD, nextIp());
    expect(codeOf(await call(null, 'POST', '/api/invites/accept', { token, full_name: 'Someone Else', password: PASSWORD }))).toEqual({ status: 410, code: 'INVITE_USED' });
    expect((await call(null, 'POST', '/api/invites/lookup', { token })).json<InvitePreview>().state).toBe('accepted');
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'admin_id']).where('action', '=', 'team_member_joined').where('company_id', '=', company.id).execute();
    expect(audit).toHaveLength(1);
    expect((await call(owner.jar, 'GET', '/api/team')).json<TeamMember[]>().map((row) => row.full_name)).toContain('Neha Kulkarni');
  });

  it('lets an employer account with no company join after signing in, as the invited address only', async () => {
    const loner = await t.factories.user({ role: 'employer', fullName: 'Arjun Mehta', email: 'arjun.mehta@kaveri-analytics.in', password: PASSWORD });
    await invite(owner.jar, loner.email, 'admin');
    const token = await tokenFor(loner.email);
    expect((await call(null, 'POST', '/api/invites/lookup', { token })).json<InvitePreview>().has_account).toBe(true);
    expect(codeOf(await call(null, 'POST', '/api/invites/accept', { token, full_name: 'Arjun Mehta', password: PASSWORD }))).toEqual({ status: 409, code: 'ACCOUNT_EXISTS' });
    expect(codeOf(await call(recruiter.jar, 'POST', '/api/invites/accept', { token }))).toEqual({ status: 403, code: 'INVITE_FOR_ANOTHER_EMAIL' });
    const jar = await signIn(t.app, loner.email, PASSWORD, nextIp());
    const joined = await call(jar, 'POST', '/api/invites/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    const profile = await db().selectFrom('user_profiles').select(['company_id', 'company_role']).where('id', '=', loner.id).executeTakeFirstOrThrow();
    expect(profile).toEqual({ company_id: company.id, company_role: 'admin' });
  });

  it('resends with a new link (the old one dies), revokes, and lets the holder of a dead link ask for a new one', async () => {
    const email = 'farhan.sheikh@kaveri-analytics.in';
    const created = (await invite(owner.jar, email)).json<TeamInvite>();
    const first = await tokenFor(email);
    const resent = await call(admin.jar, 'POST', `/api/team/invites/${created.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    expect((await call(null, 'POST', '/api/invites/lookup', { token: first })).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/invites/lookup', { token: second })).json<InvitePreview>().state).toBe('pending');

    expect(codeOf(await call(recruiter.jar, 'DELETE', `/api/team/invites/${created.id}`))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    expect((await call(owner.jar, 'DELETE', `/api/team/invites/${created.id}`)).statusCode).toBe(204);
    expect(codeOf(await call(owner.jar, 'DELETE', `/api/team/invites/${created.id}`))).toEqual({ status: 409, code: 'INVITE_NOT_PENDING' });
    expect((await call(null, 'POST', '/api/invites/lookup', { token: second })).json<InvitePreview>().state).toBe('revoked');
    expect(codeOf(await call(null, 'POST', '/api/invites/accept', { token: second, full_name: 'Farhan Sheikh', password: PASSWORD }))).toEqual({ status: 410, code: 'INVITE_REVOKED' });

    expect((await call(null, 'POST', '/api/invites/request-new', { token: second })).statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/invites/request-new', { token: second })).statusCode).toBe(200);
    const asks = await db().selectFrom('outbox_messages').select(['recipient', 'subject']).where('subject', '=', fill(text.newInviteRequestedSubject, { email, company: company.name })).execute();
    expect(asks).toEqual([{ recipient: owner.email, subject: fill(text.newInviteRequestedSubject, { email, company: company.name }) }]);

    // Another company's invite is not found.
    const other = await member('owner', (await t.factories.company({ name: 'Tapti Textiles Pvt Ltd' })).id, 'Kiran Joshi');
    expect((await call(other.jar, 'POST', `/api/team/invites/${created.id}/resend`)).statusCode).toBe(404);
  });

  it('says an invite has expired after 7 days', async () => {
    const email = 'sana.khan@kaveri-analytics.in';
    const created = (await invite(owner.jar, email)).json<TeamInvite>();
    const token = await tokenFor(email);
    await db().updateTable('company_invites').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', created.id).execute();
    expect((await call(null, 'POST', '/api/invites/lookup', { token })).json<InvitePreview>().state).toBe('expired');
    expect(codeOf(await call(null, 'POST', '/api/invites/accept', { token, full_name: 'Sana Khan', password: PASSWORD }))).toEqual({ status: 410, code: 'INVITE_EXPIRED' });
    expect((await call(owner.jar, 'GET', '/api/team/invites')).json<{ invites: TeamInvite[] }>().invites.find((row) => row.id === created.id)?.expired).toBe(true);
  });

  it(`refuses more than ${INVITES_PER_COMPANY_PER_HOUR} invites an hour per company`, async () => {
    const busy = await t.factories.company({ name: 'Narmada Staffing Pvt Ltd' });
    const boss = await member('owner', busy.id, 'Deepak Iyer');
    for (let i = 0; i < INVITES_PER_COMPANY_PER_HOUR; i += 1) expect((await invite(boss.jar, `hire${i}@narmada-staffing.in`)).statusCode).toBe(201);
    const refused = await invite(boss.jar, 'one.more@narmada-staffing.in');
    expect(codeOf(refused)).toEqual({ status: 429, code: 'TOO_MANY_INVITES' });
    // Another company's budget is its own.
    expect((await invite(owner.jar, 'ritu.das@kaveri-analytics.in')).statusCode).toBe(201);
  });

  describe('Manage', () => {
    it('changes roles within what the actor may assign, and never leaves the company without an owner', async () => {
      const target = await member('interviewer', company.id, 'Manoj Tiwari');
      const changed = await call(admin.jar, 'PATCH', `/api/team/members/${target.id}`, { company_role: 'recruiter' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<TeamMember[]>().find((row) => row.id === target.id)?.company_role).toBe('recruiter');
      const audit = await db().selectFrom('admin_audit_logs').select(['details']).where('action', '=', 'team_member_role_changed').where('entity_id', '=', target.id).executeTakeFirstOrThrow();
      expect(audit.details).toMatchObject({ from: 'interviewer', to: 'recruiter' });
      // Their next request carries the new role.
      expect((await call(target.jar, 'POST', '/api/candidate-search/search', {})).statusCode).not.toBe(403);

      expect(codeOf(await call(admin.jar, 'PATCH', `/api/team/members/${target.id}`, { company_role: 'owner' }))).toEqual({ status: 403, code: 'CANNOT_ASSIGN_OWNER' });
      expect(codeOf(await call(admin.jar, 'PATCH', `/api/team/members/${owner.id}`, { company_role: 'recruiter' }))).toEqual({ status: 403, code: 'CANNOT_ASSIGN_OWNER' });
      expect(codeOf(await call(recruiter.jar, 'PATCH', `/api/team/members/${target.id}`, { company_role: 'admin' }))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
      expect(codeOf(await call(owner.jar, 'PATCH', `/api/team/members/${owner.id}`, { company_role: 'admin' }))).toEqual({ status: 409, code: 'LAST_OWNER' });
      expect(codeOf(await call(owner.jar, 'DELETE', `/api/team/members/${owner.id}`))).toEqual({ status: 409, code: 'LAST_OWNER' });
      expect((await call(owner.jar, 'PATCH', `/api/team/members/${target.id}`, { company_role: 'manager' })).statusCode).toBe(400);
      const stranger = await t.factories.user({ role: 'employer', companyId: (await t.factories.company({ name: 'Elsewhere Pvt Ltd' })).id });
      expect((await call(owner.jar, 'PATCH', `/api/team/members/${stranger.id}`, { company_role: 'admin' })).statusCode).toBe(404);
      expect((await call(owner.jar, 'DELETE', `/api/team/members/${stranger.id}`)).statusCode).toBe(404);
    });

    it('two owners demoting each other at once leave one owner', async () => {
      const co = await t.factories.company({ name: 'Twin Owners Pvt Ltd' });
      const a = await member('owner', co.id, 'Asha Rao');
      const b = await member('owner', co.id, 'Bala Murugan');
      const [one, two] = await Promise.all([
        call(a.jar, 'PATCH', `/api/team/members/${b.id}`, { company_role: 'admin' }),
        call(b.jar, 'PATCH', `/api/team/members/${a.id}`, { company_role: 'admin' }),
      ]);
      // The loser is refused either as no longer an owner (403) or as the last owner's target (409).
      const statuses = [one.statusCode, two.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await db().selectFrom('user_profiles').select('id').where('company_id', '=', co.id).where('company_role', '=', 'owner').execute();
      expect(owners).toHaveLength(1);
    });

    it('removes a member: out of the company, every session ended', async () => {
      const leaving = await member('recruiter', company.id, 'Gaurav Saxena');
      expect((await call(leaving.jar, 'GET', '/api/jobs')).statusCode).toBe(200);
      const removed = await call(admin.jar, 'DELETE', `/api/team/members/${leaving.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<TeamMember[]>().map((row) => row.id)).not.toContain(leaving.id);
      expect((await call(leaving.jar, 'GET', '/api/jobs')).statusCode).toBe(401);
      const profile = await db().selectFrom('user_profiles').select(['company_id', 'company_role', 'role']).where('id', '=', leaving.id).executeTakeFirstOrThrow();
      expect(profile).toEqual({ company_id: null, company_role: null, role: 'employer' });
      expect(await db().selectFrom('admin_audit_logs').select('action').where('action', '=', 'team_member_removed').where('entity_id', '=', leaving.id).execute()).toHaveLength(1);
      // An admin cannot remove an owner.
      expect(codeOf(await call(admin.jar, 'DELETE', `/api/team/members/${owner.id}`))).toEqual({ status: 403, code: 'CANNOT_ASSIGN_OWNER' });
    });

    it('transfers ownership with the owner password only', async () => {
      const co = await t.factories.company({ name: 'Handover Pvt Ltd' });
      const boss = await member('owner', co.id, 'Lata Menon');
      const heir = await member('admin', co.id, 'Rohit Bhatt');
      const body = { user_id: heir.id, password: PASSWORD };
      expect(codeOf(await call(heir.jar, 'POST', '/api/team/transfer-ownership', { user_id: heir.id, password: PASSWORD }))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
      expect(codeOf(await call(boss.jar, 'POST', '/api/team/transfer-ownership', { ...body, password: 'Wrong-Password-123' }))).toEqual({ status: 403, code: 'WRONG_PASSWORD' });
      expect(codeOf(await call(boss.jar, 'POST', '/api/team/transfer-ownership', { user_id: boss.id, password: PASSWORD }))).toEqual({ status: 409, code: 'TRANSFER_TO_SELF' });
      expect((await call(boss.jar, 'POST', '/api/team/transfer-ownership', { user_id: recruiter.id, password: PASSWORD })).statusCode).toBe(404);
      const done = await call(boss.jar, 'POST', '/api/team/transfer-ownership', body);
      expect(done.statusCode, done.body).toBe(200);
      const roles = Object.fromEntries(done.json<TeamMember[]>().map((row) => [row.full_name, row.company_role]));
      expect(roles).toEqual({ 'Lata Menon': 'admin', 'Rohit Bhatt': 'owner' });
      expect(codeOf(await call(boss.jar, 'POST', '/api/team/transfer-ownership', { user_id: heir.id, password: PASSWORD }))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    });
  });
});
