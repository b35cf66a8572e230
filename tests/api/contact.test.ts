import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../../server/features/contact/routes.ts';
import { CONTACT_LIMITS } from '../../shared/schemas/contact.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const valid = {
  name: 'Ananya Rao',
  email: 'ananya.rao@gmail.com',
  company: 'Kaveri Textiles',
  topic: 'sales',
  message: 'We hire about 40 people a month across three plants and would like a demo of the Enterprise plan.',
};

describe.skipIf(laneUnavailable)('contact form: POST /api/contact', () => {
  let t: TestApp;
  let ipCounter = 0;
  // One address per request unless a test is about the per-IP limit.
  const nextIp = () => `10.80.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const send = (payload: unknown, remoteAddress = nextIp()) => t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });
  const rows = () => t.database.db.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('stores a valid message, trimmed, and answers 201 with its id', async () => {
    const response = await send({ ...valid, name: '  Ananya Rao  ', message: `  ${valid.message}\n\nThanks!  ` });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    const row = await t.database.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ananya Rao', email: 'ananya.rao@gmail.com', company: 'Kaveri Textiles', topic: 'sales', message: `${valid.message}\n\nThanks!` });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('accepts a personal email and no company (stored as null)', async () => {
    for (const company of [undefined, '', '   ']) {
      const response = await send({ ...valid, company, topic: 'support', email: `someone.${ipCounter}@yahoo.com` });
      expect(response.statusCode, response.body).toBe(201);
      const row = await t.database.db.selectFrom('contact_messages').select('company').where('id', '=', response.json().id).executeTakeFirstOrThrow();
      expect(row.company).toBeNull();
    }
  });

  it('refuses a missing field with 400 naming it', async () => {
    for (const field of ['name', 'email', 'topic', 'message'] as const) {
      const { [field]: _omitted, ...rest } = valid;
      const response = await send(rest);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(response.json().issues[0].path).toBe(field);
      expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('refuses oversized, too short and malformed fields with 400 naming the field', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['name', { name: 'n'.repeat(CONTACT_LIMITS.name + 1) }],
      ['name', { name: '   ' }],
      ['name', { name: 'Ana\u0000nya' }],
      ['email', { email: `${'e'.repeat(CONTACT_LIMITS.email)}@x.in` }],
      ['email', { email: 'not-an-email' }],
      ['company', { company: 'c'.repeat(CONTACT_LIMITS.company + 1) }],
      ['company', { company: 42 }],
      ['topic', { topic: 'billing' }],
      ['message', { message: 'm'.repeat(CONTACT_LIMITS.messageMax + 1) }],
      ['message', { message: 'Hi' }],
      ['message', { message: `${valid.message}\u0000` }],
      ['submission_id', { submission_id: 'not-a-uuid' }],
    ];
    const before = (await rows()).length;
    for (const [field, override] of cases) {
      const response = await send({ ...valid, ...override });
      expect({ field, override: JSON.stringify(override).slice(0, 40), status: response.statusCode }).toEqual({ field, override: JSON.stringify(override).slice(0, 40), status: 400 });
      expect(response.json().issues[0].path).toBe(field);
    }
    expect((await rows()).length).toBe(before);
  });

  it('refuses unknown fields and non-object bodies with 400', async () => {
    for (const extra of [{ id: randomUUID() }, { created_at: '2020-01-01T00:00:00Z' }, { role: 'admin' }, { plan: 'enterprise' }]) {
      const response = await send({ ...valid, ...extra });
      expect({ extra, status: response.statusCode }).toEqual({ extra, status: 400 });
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    for (const body of [[], 'hello', 42, null]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: nextIp() });
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
    }
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__":{"topic":"sales"},${JSON.stringify(valid).slice(1)}`,
      remoteAddress: nextIp(),
    });
    expect(proto.statusCode).toBeLessThan(500);
  });

  it('stores one row for a double submit with the same submission_id', async () => {
    const submission_id = randomUUID();
    const [first, second] = await Promise.all([send({ ...valid, submission_id }), send({ ...valid, submission_id })]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().id).toBe(second.json().id);
    const stored = await t.database.db.selectFrom('contact_messages').select('id').where('submission_id', '=', submission_id).execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses a cross-site post', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, headers: { origin: 'https://evil.example' }, remoteAddress: nextIp() });
    expect(response.statusCode).toBe(403);
  });

  it(`limits each address to ${CONTACT_RATE_LIMIT.max} messages per window, then answers 429 and stores nothing`, async () => {
    const ip = '10.81.0.1';
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await send(valid, ip)).statusCode).toBe(201);
    const before = (await rows()).length;
    const limited = await send(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    // Invalid bodies from a limited address are limited too (the limit runs before validation).
    expect((await send({}, ip)).statusCode).toBe(429);
    expect((await rows()).length).toBe(before);
    expect((await send(valid, '10.81.0.2')).statusCode).toBe(201);
  });

  it('emails each platform admin once, with replies going to the sender (an Enterprise enquiry reaches sales)', async () => {
    const admin = await t.factories.user({ role: 'admin', email: `sales.desk.${randomUUID().slice(0, 8)}@workcred.in` });
    const submission_id = randomUUID();
    const email = `${submission_id.slice(0, 8)}@kaveri.in`;
    const [first, again] = await Promise.all([send({ ...valid, email, submission_id }), send({ ...valid, email, submission_id })]);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const sent = await t.database.db.selectFrom('outbox_messages').selectAll().where('reply_to', '=', email).execute();
    expect(sent.map((row) => row.recipient)).toEqual([admin.email]);
    expect(sent[0]!.subject).toBe('Contact form: Sales and pricing from Ananya Rao (Kaveri Textiles)');
    expect(sent[0]!.body_text).toContain(valid.message);
    expect(sent[0]!.body_text).toContain(`Ananya Rao <${email}> (Kaveri Textiles) wrote about "Sales and pricing"`);
  });
});
