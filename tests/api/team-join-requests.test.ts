import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import type { JoinRequest, MyJoinStatus } from '../../shared/schemas/team.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.team;
const PASSWORD = 'Chilika-Lagoon-Dolphin-73';

/** Issue 13: an employer with no company whose email is on a company's verified domain asks to join. */
describe.skipIf(laneUnavailable)('team: requests to join by verified domain', () => {
  let t: TestApp;
  let ip = 0;
  let company: { id: string; name: string };
  const jars = {} as Record<'owner' | 'recruiter' | 'asker' | 'stranger' | 'second', CookieJar>;
  const ids = {} as Record<keyof typeof jars, string>;
  const call = (who: keyof typeof jars, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: jars[who].header }, ...(payload ? { payload } : {}), remoteAddress: `10.85.${Math.floor(++ip / 250) % 250}.${ip % 250}` });
  const codeOf = (response: LightMyRequestResponse) => ({ status: response.statusCode, code: response.json<{ code?: string }>().code });

  beforeAll(async () => {
    t = await createTestApp();
    company = await t.factories.company({ name: 'Mahanadi Steel' });
    await t.database.db.insertInto('company_verifications').values({ company_name: 'Mahanadi Steel', domain: 'mahanadi-steel.in', verification_status: 'verified' }).execute();
    const people = {
      owner: { companyId: company.id, companyRole: 'owner' as const, email: 'sunita.das@mahanadi-steel.in', fullName: 'Sunita Das' },
      recruiter: { companyId: company.id, companyRole: 'recruiter' as const, email: 'amit.patnaik@mahanadi-steel.in', fullName: 'Amit Patnaik' },
      asker: { email: 'ritesh.mohanty@mahanadi-steel.in', fullName: 'Ritesh Mohanty' },
      second: { email: 'pallavi.jena@mahanadi-steel.in', fullName: 'Pallavi Jena' },
      stranger: { email: 'nikhil.rao@godavari-cement.in', fullName: 'Nikhil Rao' },
    };
    for (const [key, person] of Object.entries(people) as [keyof typeof jars, (typeof people)[keyof typeof people]][]) {
      const user = await t.factories.user({ role: 'employer', password: PASSWORD, ...person });
      ids[key] = user.id;
      jars[key] = await signIn(t.app, user.email, PASSWORD, `10.85.250.${Object.keys(jars).length}`);
    }
  });
  afterAll(async () => t?.close());

  it('suggests the company of a verified domain only to an employer with no company on it', async () => {
    expect((await call('asker', 'GET', '/api/join-requests/mine')).json<MyJoinStatus>()).toEqual({
      suggestion: { company_id: company.id, company_name: 'Mahanadi Steel', domain: 'mahanadi-steel.in' },
      request: null,
    });
    expect((await call('stranger', 'GET', '/api/join-requests/mine')).json<MyJoinStatus>().suggestion).toBeNull();
    expect((await call('recruiter', 'GET', '/api/join-requests/mine')).json<MyJoinStatus>().suggestion).toBeNull();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/join-requests/mine', remoteAddress: '10.85.251.1' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([200, { suggestion: null, request: null }]);
    expect(codeOf(await call('stranger', 'POST', '/api/join-requests', { company_id: company.id }))).toEqual({ status: 403, code: 'JOIN_NOT_ALLOWED' });
  });

  it('sends one request, emails the owners and admins, and lets the requester cancel it', async () => {
    const sent = await call('asker', 'POST', '/api/join-requests', { company_id: company.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<MyJoinStatus>().request).toMatchObject({ company_name: 'Mahanadi Steel' });
    expect(codeOf(await call('asker', 'POST', '/api/join-requests', { company_id: company.id }))).toEqual({ status: 409, code: 'JOIN_REQUEST_EXISTS' });
    const mail = await t.database.db.selectFrom('outbox_messages').select('recipient').where('subject', '=', fill(text.joinRequestEmailSubject, { name: 'Ritesh Mohanty', company: 'Mahanadi Steel' })).execute();
    expect(mail.map((row) => row.recipient)).toEqual(['sunita.das@mahanadi-steel.in']);

    await call('second', 'POST', '/api/join-requests', { company_id: company.id });
    expect((await call('second', 'DELETE', '/api/join-requests/mine')).json<MyJoinStatus>().request).toBeNull();
    expect((await call('second', 'DELETE', '/api/join-requests/mine')).statusCode).toBe(404);
  });

  it('lets owners and admins approve with a role, or decline; the requester is emailed either way', async () => {
    expect(codeOf(await call('recruiter', 'GET', '/api/team/join-requests'))).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    const { requests } = (await call('owner', 'GET', '/api/team/join-requests')).json<{ requests: JoinRequest[] }>();
    expect(requests.map((request) => request.email)).toEqual(['ritesh.mohanty@mahanadi-steel.in']);
    const id = requests[0]!.id;
    expect((await call('owner', 'POST', `/api/team/join-requests/${id}/approve`, { company_role: 'chief' })).statusCode).toBe(400);
    const approved = await call('owner', 'POST', `/api/team/join-requests/${id}/approve`, { company_role: 'recruiter' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await t.database.db.selectFrom('user_profiles').select(['company_id', 'company_role']).where('id', '=', ids.asker).executeTakeFirstOrThrow()).toEqual({ company_id: company.id, company_role: 'recruiter' });
    expect((await call('owner', 'POST', `/api/team/join-requests/${id}/decline`)).statusCode).toBe(404);
    const welcome = await t.database.db.selectFrom('outbox_messages').select('subject').where('recipient', '=', 'ritesh.mohanty@mahanadi-steel.in').execute();
    expect(welcome.map((row) => row.subject)).toContain(fill(text.joinApprovedSubject, { company: 'Mahanadi Steel' }));

    await call('second', 'POST', '/api/join-requests', { company_id: company.id });
    const next = (await call('owner', 'GET', '/api/team/join-requests')).json<{ requests: JoinRequest[] }>().requests[0]!;
    expect((await call('owner', 'POST', `/api/team/join-requests/${next.id}/decline`)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('user_profiles').select('company_id').where('id', '=', ids.second).executeTakeFirstOrThrow()).toEqual({ company_id: null });
    const declined = await t.database.db.selectFrom('outbox_messages').select('subject').where('recipient', '=', 'pallavi.jena@mahanadi-steel.in').execute();
    expect(declined.map((row) => row.subject)).toContain(fill(text.joinDeclinedSubject, { company: 'Mahanadi Steel' }));
    const audit = await t.database.db.selectFrom('admin_audit_logs').select('action').where('company_id', '=', company.id).where('action', 'like', 'team_%').execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['team_join_request_declined', 'team_join_requested', 'team_join_requested', 'team_join_requested', 'team_member_joined']);
  });
});
