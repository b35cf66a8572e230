import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** POST /api/waitlist (spec point 5) on both databases. */
describe.skipIf(laneUnavailable)('waitlist', () => {
  let t: TestApp;
  // Each test signs up from its own address, so the per-IP limit of one never touches another.
  let nextIp = 1;
  const freshIp = () => `10.77.0.${nextIp++}`;

  const join = (payload: unknown, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/waitlist', payload: payload as Record<string, unknown>, remoteAddress });
  const rowsFor = (email: string) => t.database.db.selectFrom('waitlist').select('email').where('email', '=', email).execute();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('adds a work email once, lower-cased and trimmed, and answers 201 {ok:true}', async () => {
    const response = await join({ email: '  Priya.Sharma@Acme-Logistics.CO.IN ' }, freshIp());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    expect(await rowsFor('priya.sharma@acme-logistics.co.in')).toEqual([{ email: 'priya.sharma@acme-logistics.co.in' }]);
  });

  it('refuses each of the four free-mail domains, in any case, with the exact message and stores nothing', async () => {
    const ip = freshIp();
    for (const email of ['ravi@gmail.com', 'ravi@YAHOO.com', 'ravi@Hotmail.Com', 'RAVI@OUTLOOK.COM']) {
      const response = await join({ email }, ip);
      expect({ email, status: response.statusCode }).toEqual({ email, status: 400 });
      expect(response.json()).toEqual({ code: 'INVALID_WORK_EMAIL', message: messages.waitlist.invalidWorkEmail, requestId: expect.any(String) });
    }
    const stored = await t.database.db.selectFrom('waitlist').select('email').where('email', 'like', 'ravi@%').execute();
    expect(stored).toEqual([]);
  });

  it('accepts a company subdomain that merely contains a free-mail name', async () => {
    const response = await join({ email: 'hr@mail.gmail.com.acme.in' }, freshIp());
    expect(response.statusCode).toBe(201);
  });

  it('refuses malformed emails and a missing or non-string email with 400 and the same message', async () => {
    for (const email of ['not-an-email', 'ana@acme', 'ana @acme.in', 'ana..b@acme.in', '@acme.in', 'ana@-acme.in', '', `${'a'.repeat(250)}@acme.in`, 42, null]) {
      const response = await join({ email }, freshIp());
      expect({ email, status: response.statusCode }).toEqual({ email, status: 400 });
      expect(response.json().message).toBe(messages.waitlist.invalidWorkEmail);
    }
    const missing = await join({}, freshIp());
    expect(missing.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('waitlist').select('email').where('email', 'like', '%@acme.in').execute()).toEqual([]);
  });

  it('answers a repeat sign-up (in another case) exactly like the first and keeps one row', async () => {
    const ip = freshIp();
    const first = await join({ email: 'kavya@saffron-health.in' }, ip);
    const repeat = await join({ email: 'Kavya@Saffron-Health.IN' }, ip);
    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(first.statusCode);
    expect(repeat.body).toBe(first.body);
    expect(await rowsFor('kavya@saffron-health.in')).toHaveLength(1);
  });

  it('refuses unknown fields with 400 and stores nothing', async () => {
    const response = await join({ email: 'arjun@nimbus-tech.in', role: 'admin' }, freshIp());
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(await rowsFor('arjun@nimbus-tech.in')).toEqual([]);
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/waitlist', headers: { 'content-type': 'application/json' }, payload: '["x@acme.in"]', remoteAddress: freshIp() });
    expect(response.statusCode).toBe(400);
  });

  it('limits sign-ups per IP: 429 with the handler message after ten, while another IP still gets through', async () => {
    const busy = freshIp();
    for (let i = 0; i < 10; i++) {
      const response = await join({ email: `lead${i}@bulk-sender.in` }, busy);
      expect(response.statusCode).toBe(201);
    }
    const limited = await join({ email: 'lead10@bulk-sender.in' }, busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.errors.rateLimited, requestId: expect.any(String) });
    expect(await rowsFor('lead10@bulk-sender.in')).toEqual([]);

    const other = await join({ email: 'lead10@bulk-sender.in' }, freshIp());
    expect(other.statusCode).toBe(201);
    expect(await rowsFor('lead10@bulk-sender.in')).toHaveLength(1);
  });

  it('is open to anonymous callers and refuses a cross-site write', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { email: 'meera@lotus-analytics.in' },
      headers: { origin: 'https://evil.example' },
      remoteAddress: freshIp(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await rowsFor('meera@lotus-analytics.in')).toEqual([]);
    expect(t.app.declaredRoutes).toContainEqual({ method: 'POST', url: '/api/waitlist', access: 'public' });
  });
});
