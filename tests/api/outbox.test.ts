import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { enqueueMessage, OutboxDispatcher } from '../../server/messaging/outbox.ts';
import { readOutbox, waitForMessage } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

describe.skipIf(laneUnavailable)('durable outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('writes each message as one JSON file with channel, to, subject, text, createdAt', async () => {
    await enqueueMessage(t.database.db, { channel: 'sms', to: '+919876543210', text: 'Your code is 123456' });
    t.app.outbox.kick();
    const message = await waitForMessage(t.dataDir, (m) => m.to === '+919876543210');
    expect(message).toEqual({ channel: 'sms', to: '+919876543210', text: 'Your code is 123456', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('delivers, after a restart, a message committed before the process died', async () => {
    // Committed, but the process "dies" before its dispatcher runs: nothing is sent yet.
    await t.app.outbox.stop();
    await enqueueMessage(t.database.db, { channel: 'email', to: 'survivor@corp-six.in', subject: 'Hello', text: 'Still here' });
    expect(readOutbox(t.dataDir).some((m) => m.to === 'survivor@corp-six.in')).toBe(false);

    const restarted = await buildApp({ config: t.config, database: t.database });
    await restarted.ready();
    try {
      await waitForMessage(t.dataDir, (m) => m.to === 'survivor@corp-six.in');
      const row = await waitFor(() =>
        t.database.db.selectFrom('outbox_messages').select(['status', 'attempts']).where('recipient', '=', 'survivor@corp-six.in').where('status', '=', 'sent').executeTakeFirst(),
      );
      expect(row).toEqual({ status: 'sent', attempts: 1 });
    } finally {
      await restarted.close();
    }
  });

  it('keeps a message pending for retry when the provider fails, and sends it once when it recovers', async () => {
    let fail = true;
    const sent: string[] = [];
    const dispatcher = new OutboxDispatcher({
      db: t.database.db,
      email: { async send(message) { if (fail) throw new Error('SMTP down'); sent.push(message.to); } },
      sms: { async send() {} },
      logger: t.app.log,
    });
    await enqueueMessage(t.database.db, { channel: 'email', to: 'retry@corp-six.in', subject: 'Retry', text: 'x' });
    dispatcher.kick();
    await dispatcher.idle();
    const pending = await t.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', 'retry@corp-six.in').executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMTP down' });

    fail = false;
    await t.database.db.updateTable('outbox_messages').set({ next_attempt_at: new Date(0) }).where('id', '=', pending.id).execute();
    dispatcher.kick();
    dispatcher.kick();
    await dispatcher.idle();
    expect(sent).toEqual(['retry@corp-six.in']);
    await dispatcher.stop();
  });
});
