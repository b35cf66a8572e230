import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../server/config.ts';
import { loggerOptions, redactUrl } from '../../server/logger.ts';

/** Issue 36 §4: a calendar feed's token is its only key, so request logs never carry it. */
describe('request logs leave out calendar feed tokens', () => {
  it('redacts the token of /api/calendar/:token.ics and nothing else', () => {
    expect(redactUrl('/api/calendar/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg.ics')).toBe('/api/calendar/[redacted].ics');
    expect(redactUrl('/api/calendar/abc.ics?x=1')).toBe('/api/calendar/[redacted].ics?x=1');
    expect(redactUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(redactUrl('/api/interviews/1')).toBe('/api/interviews/1');
  });

  it('keeps the token out of a real request log line, keeping the rest', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'info' } as Config) as object;
    const app = Fastify({ logger: { ...options, stream } });
    app.get('/api/calendar/:token.ics', async () => 'BEGIN:VCALENDAR');
    await app.ready();
    await app.inject({ url: '/api/calendar/secret-token.ics', remoteAddress: '10.0.0.9' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"url":"/api/calendar/[redacted].ics"');
    expect(log).toContain('"method":"GET"');
    expect(log).toContain('"remoteAddress":"10.0.0.9"');
    expect(log).not.toContain('secret-token');
  });
});
