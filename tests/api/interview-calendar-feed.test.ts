import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../shared/schemas/interview-calendar-feed.ts';
import { utcToIstLocal, type SavedInterview } from '../../shared/schemas/interviews.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Unfolds an .ics (RFC 5545 §3.1) and returns its content lines. */
const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
const pathOf = (url: string) => new URL(url).pathname;

/**
 * Issue 36 §4: each interviewer's private calendar feed, an .ics subscription address with a
 * secret token (stored hashed), fetched without a session, revoked by making a new one.
 */
describe.skipIf(laneUnavailable)('Interviews: the interviewer’s calendar feed', () => {
  let t: TestApp;
  let ip = 0;
  const jars = {} as Record<'owner' | 'interviewer' | 'candidate', CookieJar>;
  let interviewerId: string;
  let applicationId: string;

  const call = (who: keyof typeof jars | 'anonymous', method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'anonymous' ? {} : { cookie: jars[who].header }, ...(payload ? { payload } : {}), remoteAddress: `10.77.0.${++ip % 250}` });
  const schedule = async (days: number, location: string): Promise<SavedInterview> => {
    const response = await call('owner', 'POST', '/api/interviews', {
      application_id: applicationId,
      starts_at_ist: `${utcToIstLocal(new Date(Date.now() + days * DAY)).slice(0, 10)}T11:00`,
      duration_minutes: 45,
      mode: 'in_person',
      location,
      interviewer_ids: [interviewerId],
      allow_conflicts: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company({ name: 'Narmada Foods Pvt Ltd' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', fullName: 'Gita Bose' });
    const interviewer = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', fullName: 'Imran Khan' });
    const candidate = await t.factories.user({ role: 'candidate', fullName: 'Rohan D’Souza' });
    interviewerId = interviewer.id;
    jars.owner = await signIn(t.app, owner.email, owner.password, '10.77.1.1');
    jars.interviewer = await signIn(t.app, interviewer.email, interviewer.password, '10.77.1.2');
    jars.candidate = await signIn(t.app, candidate.email, candidate.password, '10.77.1.3');
    const job = await t.factories.job(company.id, { title: 'Quality Lead, Dairy', expiresAt: new Date(Date.now() + 30 * DAY) });
    applicationId = (await t.factories.application(job.id, candidate.id)).id;
  });
  afterAll(async () => t?.close());

  it('makes a feed address once (token stored hashed) that serves the interviewer’s interviews as RFC 5545, with no session', async () => {
    expect((await call('interviewer', 'GET', '/api/calendar/feed')).json<CalendarFeed>()).toEqual({ active: false, created_at: null, url: null });
    const kept = await schedule(3, 'Plant 2, Gate 4; Hosur Road, Bengaluru');
    const cancelled = await schedule(4, 'Head office, 5th floor');
    expect((await call('owner', 'POST', `/api/interviews/${cancelled.id}/cancel`, {})).statusCode).toBe(200);

    const made = await call('interviewer', 'POST', '/api/calendar/feed');
    expect(made.statusCode, made.body).toBe(201);
    const feed = made.json<CalendarFeed>();
    expect(feed).toMatchObject({ active: true, url: expect.stringMatching(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/) });
    const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(feed.url!)![1]!;
    const row = await t.database.db.selectFrom('interview_calendar_feeds').selectAll().where('user_id', '=', interviewerId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    // Afterwards only whether it is on: the address is not shown again.
    expect((await call('interviewer', 'GET', '/api/calendar/feed')).json<CalendarFeed>()).toMatchObject({ active: true, url: null });

    const ics = await t.app.inject({ method: 'GET', url: pathOf(feed.url!) });
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['cache-control']).toBe('private, no-store');
    expect(ics.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const lines = icsLines(ics.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain(`UID:${kept.id}.feed@workcred`);
    expect(lines).toContain(`DTSTART:${kept.scheduled_at.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    // Commas and semicolons are escaped in text (RFC 5545 §3.3.11).
    expect(lines).toContain('LOCATION:Plant 2\\, Gate 4\\; Hosur Road\\, Bengaluru');
    expect(lines.some((line) => line.startsWith('SUMMARY:Interview: Rohan D’Souza for Quality Lead\\, Dairy'))).toBe(true);
    const cancelledEvent = ics.body.slice(ics.body.indexOf(`UID:${cancelled.id}.feed@workcred`));
    expect(icsLines(cancelledEvent.slice(0, cancelledEvent.indexOf('END:VEVENT')))).toContain('STATUS:CANCELLED');
    // The same UID on the next fetch: calendars update the event in place.
    expect((await t.app.inject({ method: 'GET', url: pathOf(feed.url!) })).body).toContain(`UID:${kept.id}.feed@workcred`);
  });

  it('revokes: a new address replaces the old one, which answers 404; turning it off ends both', async () => {
    const first = (await call('interviewer', 'POST', '/api/calendar/feed')).json<CalendarFeed>();
    const second = (await call('interviewer', 'POST', '/api/calendar/feed')).json<CalendarFeed>();
    expect(second.url).not.toBe(first.url);
    expect((await t.app.inject({ method: 'GET', url: pathOf(first.url!) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.url!) })).statusCode).toBe(200);
    const off = await call('interviewer', 'DELETE', '/api/calendar/feed');
    expect(off.json<CalendarFeed>()).toEqual({ active: false, created_at: null, url: null });
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.url!) })).statusCode).toBe(404);
    const audit = await t.database.db.selectFrom('admin_audit_logs').select('action').where('entity_id', '=', interviewerId).where('action', 'like', 'interview_calendar_feed_%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual([...Array(3).fill('interview_calendar_feed_created'), 'interview_calendar_feed_revoked'].sort());
  });

  it('answers 404 to unknown or malformed tokens and to a suspended member’s, and refuses candidates and the signed-out', async () => {
    for (const url of ['/api/calendar/nope.ics', `/api/calendar/${'A'.repeat(43)}.ics`, `/api/calendar/${'x'.repeat(300)}.ics`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBeGreaterThanOrEqual(400);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBeLessThan(500);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/nope.ics' })).statusCode).toBe(404);
    const feed = (await call('owner', 'POST', '/api/calendar/feed')).json<CalendarFeed>();
    expect((await t.app.inject({ method: 'GET', url: pathOf(feed.url!) })).statusCode).toBe(200);
    expect((await call('candidate', 'POST', '/api/calendar/feed')).statusCode).toBe(403);
    expect((await call('anonymous', 'POST', '/api/calendar/feed')).statusCode).toBe(401);
    expect((await call('anonymous', 'GET', '/api/calendar/feed')).statusCode).toBe(401);
    await t.database.db.updateTable('user_profiles').set({ suspended_at: new Date() }).where('id', '=', interviewerId).execute();
    const theirs = await t.database.db.insertInto('interview_calendar_feeds').values({ user_id: interviewerId, token_hash: createHash('sha256').update('suspended-token').digest('hex') }).returning('user_id').executeTakeFirstOrThrow();
    expect(theirs.user_id).toBe(interviewerId);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/suspended-token.ics' })).statusCode).toBe(404);
  });
});
