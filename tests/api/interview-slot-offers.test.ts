import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { interviewSlotsMessages as slotText } from '../../shared/messages/interview-slots.ts';
import type { SlotOffer, SlotPickPage } from '../../shared/schemas/interview-slots.ts';
import { formatIst, utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { waitFor } from '../support/wait-for.ts';
import { findConflicts } from '../../server/features/interviews/interview-rules.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const HOUR = 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
type Who = 'owner' | 'recruiter' | 'interviewer' | 'otherOwner' | 'candidate' | 'anonymous';

/**
 * Issue 36 §4, self-scheduling: the recruiter offers times, the candidate picks one from the link
 * in their email (no sign-in; the token from the link's #fragment goes in the body), and the pick
 * is checked again against the interviewers' calendars. The app's clock is moved, never waited for.
 */
describe.skipIf(laneUnavailable)('Interviews: the candidate picks one of the offered times', () => {
  let t: TestApp;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let ip = 0;
  const users = {} as Record<Exclude<Who, 'anonymous'>, { id: string; jar: CookieJar; email: string }>;
  let companyId: string;
  let jobId: string;

  const db = () => t.database.db;
  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'anonymous' ? {} : { cookie: users[who].jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: `10.86.${Math.floor(++ip / 250)}.${ip % 250}` });
  const expectRefused = (response: LightMyRequestResponse, status: number, message: string, code?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toContain(message);
    if (code) expect(response.json<{ code: string }>().code).toBe(code);
  };
  /** A whole hour `hoursAhead` from the app's clock, as IST wall time. */
  const slotIn = (hoursAhead: number) => utcToIstLocal(new Date(Math.floor((now().getTime() + hoursAhead * HOUR) / HOUR) * HOUR));
  const instantOf = (ist: string) => new Date(`${ist}:00+05:30`).toISOString();

  async function newApplication(name: string) {
    const candidate = await t.factories.user({ role: 'candidate', fullName: name });
    return { candidateId: candidate.id, email: candidate.email, applicationId: (await t.factories.application(jobId, candidate.id)).id };
  }
  const offerBody = (applicationId: string, slots: string[], overrides: object = {}) => ({
    application_id: applicationId,
    slots_ist: slots,
    duration_minutes: 45,
    mode: 'video',
    location: 'https://meet.example.com/kaveri',
    interviewer_ids: [users.interviewer.id],
    ...overrides,
  });
  /** Offers the times and reads the link's token from the candidate's email, as they would. */
  async function offer(applicationId: string, email: string, slots: string[], who: Who = 'recruiter') {
    const response = await call(who, 'POST', '/api/interviews/slot-offers', offerBody(applicationId, slots));
    expect(response.statusCode, response.body).toBe(201);
    const mail = await db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', email).where('subject', 'like', 'Pick a time%').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const token = /\/pick-a-time#([A-Za-z0-9_-]{43})/.exec(mail.body_text)?.[1];
    expect(token, mail.body_text).toBeDefined();
    return { offer: response.json<SlotOffer>(), token: token!, mail };
  }
  const lookup = (token: string) => call('anonymous', 'POST', '/api/interview-slots/lookup', { token });
  const book = (token: string, startsAt: string) => call('anonymous', 'POST', '/api/interview-slots/book', { token, starts_at: startsAt });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: now });
    const company = await t.factories.company({ name: 'Kaveri Looms Pvt Ltd' });
    const other = await t.factories.company({ name: 'Sabarmati Steel Pvt Ltd' });
    companyId = company.id;
    const person = async (key: Exclude<Who, 'anonymous'>, overrides: Parameters<TestApp['factories']['user']>[0]) => {
      const user = await t.factories.user(overrides);
      users[key] = { id: user.id, email: user.email, jar: await signIn(t.app, user.email, user.password, `10.85.0.${++ip}`) };
    };
    await person('owner', { role: 'employer', companyId: company.id, companyRole: 'owner', fullName: 'Lata Iyer' });
    await person('recruiter', { role: 'employer', companyId: company.id, companyRole: 'recruiter', fullName: 'Vikram Rao' });
    await person('interviewer', { role: 'employer', companyId: company.id, companyRole: 'interviewer', fullName: 'Sunita Ghosh' });
    await person('otherOwner', { role: 'employer', companyId: other.id, companyRole: 'owner', fullName: 'Harish Patel' });
    await person('candidate', { role: 'candidate', fullName: 'Neha Joshi' });
    jobId = (await t.factories.job(company.id, { title: 'Loom Technician', expiresAt: new Date(Date.now() + 60 * 24 * HOUR) })).id;
  });
  afterAll(async () => t?.close());

  it('offers times by email with a link, and the candidate books one: the interview is made, the stage moves, the offer closes, the recruiter is told', async () => {
    const { applicationId, email, candidateId } = await newApplication('Anjali Menon');
    const slots = [slotIn(50), slotIn(26), slotIn(74)];
    const { offer: offered, token, mail } = await offer(applicationId, email, slots);
    expect(offered).toMatchObject({ application_id: applicationId, status: 'open', duration_minutes: 45, mode: 'video', interviewer_ids: [users.interviewer.id], interview_id: null });
    // Soonest first; the link works until the last time.
    expect(offered.slots.map((slot) => slot.starts_at)).toEqual([slotIn(26), slotIn(50), slotIn(74)].map(instantOf));
    expect(offered.expires_at).toBe(instantOf(slotIn(74)));
    expect(mail.subject).toBe(fill(slotText.email.subject, { company: 'Kaveri Looms Pvt Ltd' }));
    expect(mail.body_text).toContain(formatIst(instantOf(slotIn(26))));
    const audit = await db().selectFrom('admin_audit_logs').select(['entity_type', 'details']).where('action', '=', 'interview_times_offered').where('entity_id', '=', applicationId).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entity_type).toBe('job_application');

    const page = await lookup(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.json<SlotPickPage>()).toMatchObject({ status: 'open', company_name: 'Kaveri Looms Pvt Ltd', job_title: 'Loom Technician', candidate_name: 'Anjali Menon', duration_minutes: 45, mode: 'video', booked_label: null });
    expect(page.json<SlotPickPage>().slots).toHaveLength(3);
    // The page shows no interviewer, location or address: only what the candidate needs to choose.
    expect(page.body).not.toContain('meet.example.com');
    expect(page.body).not.toContain(users.interviewer.id);

    expectRefused(await book(token, new Date(now().getTime() + 30 * HOUR).toISOString()), 400, slotText.notOffered, 'SLOT_NOT_OFFERED');
    const booked = await book(token, instantOf(slotIn(50)));
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json<SlotPickPage>()).toMatchObject({ status: 'booked', booked_label: formatIst(instantOf(slotIn(50))), slots: [] });

    const interview = await db().selectFrom('interviews').selectAll().where('application_id', '=', applicationId).executeTakeFirstOrThrow();
    expect(new Date(interview.scheduled_at!).toISOString()).toBe(instantOf(slotIn(50)));
    expect(interview).toMatchObject({ duration_minutes: 45, mode: 'video', location: 'https://meet.example.com/kaveri', created_by: users.recruiter.id, status: 'scheduled' });
    const interviewers = await db().selectFrom('interview_interviewers').select('user_id').where('interview_id', '=', interview.id).execute();
    expect(interviewers.map((row) => row.user_id)).toEqual([users.interviewer.id]);
    expect((await db().selectFrom('job_applications').select('status').where('id', '=', applicationId).executeTakeFirstOrThrow()).status).toBe('interview');
    const offerRow = await db().selectFrom('interview_slot_offers').selectAll().where('id', '=', offered.id).executeTakeFirstOrThrow();
    expect(offerRow).toMatchObject({ status: 'booked', interview_id: interview.id });
    // The invites go out as for any interview: to the candidate and the interviewer.
    const invites = await db().selectFrom('outbox_messages').select('recipient').where('subject', 'like', '%nterview%').where('recipient', 'in', [email, users.interviewer.email]).where('attachments', 'is not', null).execute();
    expect(new Set(invites.map((row) => row.recipient))).toEqual(new Set([email, users.interviewer.email]));
    const picked = await db().selectFrom('admin_audit_logs').select(['admin_id', 'entity_type']).where('action', '=', 'interview_time_picked').where('entity_id', '=', applicationId).executeTakeFirstOrThrow();
    expect(picked).toEqual({ admin_id: candidateId, entity_type: 'job_application' });
    const notice = await db().selectFrom('notifications').select(['title', 'message']).where('recipient_id', '=', users.recruiter.id).where('title', '=', fill(slotText.pickedNoticeTitle, { candidate: 'Anjali Menon' })).executeTakeFirst();
    expect(notice?.message).toContain(formatIst(instantOf(slotIn(50))));

    // Once booked, the link only says so; a second pick is refused and makes nothing.
    expectRefused(await book(token, instantOf(slotIn(26))), 409, slotText.notOpen, 'SLOT_OFFER_CLOSED');
    expect(await db().selectFrom('interviews').select('id').where('application_id', '=', applicationId).execute()).toHaveLength(1);
  });

  it('sends the same link on WhatsApp to a candidate who opted in, and not to one who did not', async () => {
    const optedIn = await newApplication('Zoya Khan');
    await db().updateTable('user_profiles').set({ phone: '+919876501234', mobile_verified: true }).where('id', '=', optedIn.candidateId).execute();
    await db().insertInto('whatsapp_consents').values({ candidate_id: optedIn.candidateId, phone: '+919876501234' }).execute();
    const { token } = await offer(optedIn.applicationId, optedIn.email, [slotIn(90)]);
    const message = await db().selectFrom('outbox_messages').select(['template', 'body_text']).where('channel', '=', 'whatsapp').where('recipient', '=', '+919876501234').executeTakeFirstOrThrow();
    expect(typeof message.template === 'string' ? JSON.parse(message.template) : message.template).toMatchObject({ name: 'interview_times_offered', language: 'en', parameters: ['Zoya Khan', 'Kaveri Looms Pvt Ltd', 'Loom Technician', expect.stringContaining(`/pick-a-time#${token}`)] });

    const notOptedIn = await newApplication('Harsh Vardhan');
    await db().updateTable('user_profiles').set({ phone: '+919876505678', mobile_verified: true }).where('id', '=', notOptedIn.candidateId).execute();
    await offer(notOptedIn.applicationId, notOptedIn.email, [slotIn(92)]);
    expect(await db().selectFrom('outbox_messages').select('id').where('channel', '=', 'whatsapp').where('recipient', '=', '+919876505678').execute()).toEqual([]);
  });

  it('checks the time again when the candidate picks: a time taken meanwhile is hidden and refused (409), nothing written', async () => {
    const { applicationId, email } = await newApplication('Rohit Kulkarni');
    const { token } = await offer(applicationId, email, [slotIn(100), slotIn(124)]);
    // The interviewer is booked at the first time by someone else after the offer went out.
    const { applicationId: otherApplication } = await newApplication('Farah Sheikh');
    const scheduled = await call('owner', 'POST', '/api/interviews', offerBody(otherApplication, [], { slots_ist: undefined, starts_at_ist: slotIn(100) }));
    expect(scheduled.statusCode, scheduled.body).toBe(201);

    const page = (await lookup(token)).json<SlotPickPage>();
    expect(page.slots.map((slot) => slot.starts_at)).toEqual([instantOf(slotIn(124))]);
    const before = await db().selectFrom('interviews').select('id').execute();
    expectRefused(await book(token, instantOf(slotIn(100))), 409, slotText.taken, 'SLOT_TAKEN');
    expect(await db().selectFrom('interviews').select('id').execute()).toHaveLength(before.length);
    expect((await db().selectFrom('interview_slot_offers').select('status').where('application_id', '=', applicationId).executeTakeFirstOrThrow()).status).toBe('open');
  });

  it('lets only one of two candidates have the same interviewer at the same time when both pick at once', async () => {
    const first = await newApplication('Kiran Desai');
    const second = await newApplication('Meera Pillai');
    const slot = slotIn(150);
    const a = await offer(first.applicationId, first.email, [slot]);
    const b = await offer(second.applicationId, second.email, [slot]);
    const results = await Promise.all([book(a.token, instantOf(slot)), book(b.token, instantOf(slot))]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const at = await db().selectFrom('interviews').select('id').where('scheduled_at', '=', new Date(instantOf(slot))).where('status', '=', 'scheduled').execute();
    expect(at).toHaveLength(1);
  });

  // Two connections are needed to hold one booking open while another runs: PostgreSQL only.
  it.skipIf(testDbKind !== 'postgres')('holds the interviewer’s calendar while another booking is being made, so the pick sees it and is refused', async () => {
    const { applicationId, email } = await newApplication('Arjun Reddy');
    const slot = slotIn(170);
    const { token } = await offer(applicationId, email, [slot]);
    const { applicationId: rival } = await newApplication('Sneha Kapoor');
    // A recruiter's booking of the same interviewer at the same time, not yet committed.
    const trx = await db().startTransaction().execute();
    let booking: Promise<LightMyRequestResponse> | undefined;
    try {
      expect(await findConflicts(trx, companyId, [users.interviewer.id], new Date(instantOf(slot)), 45)).toEqual([]);
      const row = await trx.insertInto('interviews').values({ application_id: rival, company_id: companyId, scheduled_at: new Date(instantOf(slot)), duration_minutes: 45, mode: 'video', location: 'https://meet.example.com/r', updated_at: now() }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('interview_interviewers').values({ interview_id: row.id, user_id: users.interviewer.id }).execute();
      let settled = false;
      booking = book(token, instantOf(slot)).finally(() => {
        settled = true;
      });
      // The pick must wait for the calendar (an advisory lock not yet granted); without the lock it would finish here.
      await waitFor(async () => settled || Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(db())).rows[0]?.n) > 0, { what: 'the pick waiting for the calendar' });
      expect(settled).toBe(false);
      await trx.commit().execute();
    } catch (error) {
      await trx.rollback().execute();
      throw error;
    }
    expectRefused(await booking, 409, slotText.taken, 'SLOT_TAKEN');
    expect(await db().selectFrom('interviews').select('id').where('application_id', '=', applicationId).execute()).toHaveLength(0);
  });

  it('refuses bad offers with a message naming the problem, and nothing is written', async () => {
    const { applicationId } = await newApplication('Deepak Nair');
    const cases: [object, number, string][] = [
      [offerBody(applicationId, []), 400, slotText.slotsRequired],
      [offerBody(applicationId, [slotIn(30), slotIn(30)]), 400, slotText.duplicateSlot],
      [offerBody(applicationId, Array.from({ length: 11 }, (_, i) => slotIn(30 + i))), 400, slotText.tooManySlots],
      [offerBody(applicationId, ['2026-02-30T10:00']), 400, slotText.slotInvalid],
      [offerBody(applicationId, [slotIn(30), slotIn(-5)]), 400, slotText.slotInPast],
      [offerBody(applicationId, [slotIn(30)], { location: 'http://insecure.example.com' }), 400, messages.interviews.invalidVideoLink],
      [offerBody(applicationId, [slotIn(30)], { interviewer_ids: [users.otherOwner.id] }), 400, messages.interviews.interviewerNotInTeam],
      [offerBody(UNKNOWN_ID, [slotIn(30)]), 404, messages.interviews.applicationNotFound],
    ];
    for (const [body, status, message] of cases) expectRefused(await call('recruiter', 'POST', '/api/interviews/slot-offers', body), status, message);
    expect(await db().selectFrom('interview_slot_offers').select('id').where('application_id', '=', applicationId).execute()).toHaveLength(0);

    // A time the interviewer is already busy: 409 with the clash listed.
    const { applicationId: busyApplication } = await newApplication('Pooja Bhat');
    const busy = await call('owner', 'POST', '/api/interviews', offerBody(busyApplication, [], { slots_ist: undefined, starts_at_ist: slotIn(200) }));
    expect(busy.statusCode, busy.body).toBe(201);
    const clash = await call('recruiter', 'POST', '/api/interviews/slot-offers', offerBody(applicationId, [slotIn(180), slotIn(200)]));
    expectRefused(clash, 409, 'Sunita Ghosh', 'INTERVIEW_CONFLICT');
    expect(clash.json<{ conflicts: unknown[] }>().conflicts).toHaveLength(1);

    // One open offer per application.
    await call('recruiter', 'POST', '/api/interviews/slot-offers', offerBody(applicationId, [slotIn(180)]));
    expectRefused(await call('recruiter', 'POST', '/api/interviews/slot-offers', offerBody(applicationId, [slotIn(190)])), 409, slotText.alreadyOpen, 'SLOT_OFFER_OPEN');
    expect(await db().selectFrom('interview_slot_offers').select('id').where('application_id', '=', applicationId).execute()).toHaveLength(1);
  });

  it('withdraws open times: the link says so and refuses a pick; withdrawing twice is 409', async () => {
    const { applicationId, email } = await newApplication('Sanjay Verma');
    const { offer: offered, token } = await offer(applicationId, email, [slotIn(220)]);
    const listed = await call('owner', 'GET', `/api/interviews/slot-offers?application_id=${applicationId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ offers: SlotOffer[] }>().offers.map((o) => o.id)).toEqual([offered.id]);

    const withdrawn = await call('owner', 'POST', `/api/interviews/slot-offers/${offered.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<SlotOffer>().status).toBe('withdrawn');
    expect((await lookup(token)).json<SlotPickPage>()).toMatchObject({ status: 'withdrawn', slots: [] });
    expectRefused(await book(token, instantOf(slotIn(220))), 409, fill(slotText.withdrawnByCompany, { company: 'Kaveri Looms Pvt Ltd' }), 'SLOT_OFFER_WITHDRAWN');
    expectRefused(await call('owner', 'POST', `/api/interviews/slot-offers/${offered.id}/withdraw`), 409, slotText.notOpen, 'SLOT_OFFER_CLOSED');
    // A new offer may follow a withdrawn one.
    expect((await call('recruiter', 'POST', '/api/interviews/slot-offers', offerBody(applicationId, [slotIn(230)]))).statusCode).toBe(201);
  });

  it('expires once the last time has passed (410 on a pick), and refuses a closed application', async () => {
    const { applicationId, email } = await newApplication('Ishaan Malhotra');
    const { token } = await offer(applicationId, email, [slotIn(240)]);
    offsetMs += 245 * HOUR;
    try {
      expect((await lookup(token)).json<SlotPickPage>()).toMatchObject({ status: 'expired', slots: [] });
      expectRefused(await book(token, instantOf(slotIn(-5))), 410, fill(slotText.expired, { company: 'Kaveri Looms Pvt Ltd' }), 'SLOT_OFFER_EXPIRED');
    } finally {
      offsetMs -= 245 * HOUR;
    }

    const closed = await newApplication('Gauri Shetty');
    const { token: closedToken } = await offer(closed.applicationId, closed.email, [slotIn(260)]);
    await db().updateTable('job_applications').set({ status: 'rejected' }).where('id', '=', closed.applicationId).execute();
    expectRefused(await book(closedToken, instantOf(slotIn(260))), 409, slotText.applicationClosed, 'APPLICATION_CLOSED');
    expect(await db().selectFrom('interviews').select('id').where('application_id', '=', closed.applicationId).execute()).toHaveLength(0);
  });

  it('lets only those who manage interviews offer, list and withdraw, within their own company', async () => {
    const { applicationId, email } = await newApplication('Tanvi Agarwal');
    const body = offerBody(applicationId, [slotIn(300)]);
    expect((await call('anonymous', 'POST', '/api/interviews/slot-offers', body)).statusCode).toBe(401);
    expect((await call('candidate', 'POST', '/api/interviews/slot-offers', body)).statusCode).toBe(403);
    expect((await call('interviewer', 'POST', '/api/interviews/slot-offers', body)).statusCode).toBe(403);
    expectRefused(await call('otherOwner', 'POST', '/api/interviews/slot-offers', body), 404, messages.interviews.applicationNotFound);
    const { offer: offered } = await offer(applicationId, email, [slotIn(300)], 'owner');

    expect((await call('interviewer', 'GET', `/api/interviews/slot-offers?application_id=${applicationId}`)).statusCode).toBe(403);
    expect((await call('candidate', 'GET', `/api/interviews/slot-offers?application_id=${applicationId}`)).statusCode).toBe(403);
    const otherList = await call('otherOwner', 'GET', `/api/interviews/slot-offers?application_id=${applicationId}`);
    expect(otherList.json<{ offers: SlotOffer[] }>().offers).toEqual([]);
    expect((await call('owner', 'GET', '/api/interviews/slot-offers?application_id=nope')).statusCode).toBe(400);

    expect((await call('interviewer', 'POST', `/api/interviews/slot-offers/${offered.id}/withdraw`)).statusCode).toBe(403);
    expectRefused(await call('otherOwner', 'POST', `/api/interviews/slot-offers/${offered.id}/withdraw`), 404, slotText.offerNotFound);
    expectRefused(await call('owner', 'POST', `/api/interviews/slot-offers/${UNKNOWN_ID}/withdraw`), 404, slotText.offerNotFound);
    expect((await db().selectFrom('interview_slot_offers').select('status').where('id', '=', offered.id).executeTakeFirstOrThrow()).status).toBe('open');

    // The link's token is the only key: an unknown one is 404, a malformed one 400.
    expectRefused(await lookup('A'.repeat(43)), 404, slotText.linkNotFound);
    expectRefused(await lookup('short'), 400, slotText.linkNotFound);
    expect((await call('anonymous', 'POST', '/api/interview-slots/book', { token: 'A'.repeat(43), starts_at: 'soon' })).statusCode).toBe(400);
  });

  it('never answers 5xx to random bodies on the link routes', async () => {
    const { applicationId, email } = await newApplication('Nikhil Joshi');
    const { token } = await offer(applicationId, email, [slotIn(320)]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/interview-slots/lookup', '/api/interview-slots/book'),
        fc.oneof(fc.jsonValue(), fc.record({ token: fc.oneof(fc.constant(token), fc.string()), starts_at: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.string()) })),
        async (url, body) => {
          const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: `10.87.${Math.floor(++ip / 250)}.${ip % 250}` });
          expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    expect(companyId).toBeTruthy();
  });
});
