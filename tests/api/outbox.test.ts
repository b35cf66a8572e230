import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { cancelQueuedMessages, enqueueMessage, OutboxDispatcher } from '../../server/messaging/outbox.ts';
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
  it('holds a message with sendAt until it is due, then delivers it', async () => {
    const sent: string[] = [];
    const dispatcher = new OutboxDispatcher({ db: t.database.db, email: { async send(message) { if (message.to === 'later@corp-six.in') sent.push(message.subject); } }, sms: { async send() {} }, logger: t.app.log });
    await enqueueMessage(t.database.db, { channel: 'email', to: 'later@corp-six.in', subject: 'Later', text: 'Reminder' }, { sendAt: new Date(Date.now() + 60 * 60 * 1000) });
    dispatcher.kick();
    await dispatcher.idle();
    expect(sent).toEqual([]);
    const row = await t.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', 'later@corp-six.in').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });

    // Once due (time moved on), it goes out.
    await t.database.db.updateTable('outbox_messages').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', row.id).execute();
    dispatcher.kick();
    await dispatcher.idle();
    expect(sent).toEqual(['Later']);
    await dispatcher.stop();
  });

  it('withdraws a pending keyed message with cancelQueuedMessages, and only that key', async () => {
    const sendAt = new Date(Date.now() + 60 * 60 * 1000);
    await enqueueMessage(t.database.db, { channel: 'email', to: 'keyed@corp-six.in', subject: 'A', text: 'a' }, { sendAt, key: 'interview-reminder:a' });
    await enqueueMessage(t.database.db, { channel: 'email', to: 'keyed@corp-six.in', subject: 'B', text: 'b' }, { sendAt, key: 'interview-reminder:b' });
    const withdrawn = await t.database.db.transaction().execute((trx) => cancelQueuedMessages(trx, 'interview-reminder:a'));
    expect(withdrawn).toBe(1);
    const left = await t.database.db.selectFrom('outbox_messages').select(['subject', 'dedupe_key']).where('recipient', '=', 'keyed@corp-six.in').execute();
    expect(left).toEqual([{ subject: 'B', dedupe_key: 'interview-reminder:b' }]);
    expect(await cancelQueuedMessages(t.database.db, 'interview-reminder:a')).toBe(0);

    // A message already sent is never withdrawn.
    const dispatcher = new OutboxDispatcher({ db: t.database.db, email: { async send() {} }, sms: { async send() {} }, logger: t.app.log });
    await enqueueMessage(t.database.db, { channel: 'email', to: 'keyed-sent@corp-six.in', subject: 'C', text: 'c' }, { key: 'interview-reminder:c' });
    dispatcher.kick();
    await dispatcher.idle();
    await dispatcher.stop();
    expect(await t.database.db.selectFrom('outbox_messages').select('status').where('recipient', '=', 'keyed-sent@corp-six.in').executeTakeFirstOrThrow()).toEqual({ status: 'sent' });
    expect(await cancelQueuedMessages(t.database.db, 'interview-reminder:c')).toBe(0);
  });

  it('writes attachments (an .ics invite) into the development outbox JSON', async () => {
    const content = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await enqueueMessage(t.database.db, {
      channel: 'email',
      to: 'ics@corp-six.in',
      subject: 'Invite',
      text: 'See the invite',
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8', content }],
    });
    // The app's own dispatcher was stopped by the restart test above: a fresh one writes the dev copy.
    const dispatcher = new OutboxDispatcher({ db: t.database.db, email: { async send() {} }, sms: { async send() {} }, logger: t.app.log, devOutboxDir: path.join(t.dataDir, 'outbox') });
    dispatcher.kick();
    await dispatcher.idle();
    await dispatcher.stop();
    const message = await waitForMessage(t.dataDir, (m) => m.to === 'ics@corp-six.in');
    expect(message.attachments).toEqual([{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8', content }]);
  });
});
