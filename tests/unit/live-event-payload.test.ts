import { describe, expect, it } from 'vitest';
import { eventsFitOneNotification, eventsOf, withData } from '../../server/realtime/events.ts';

describe('eventsOf: what a live notification carries', () => {
  it('reads one event or a batch of them, in order', () => {
    expect(eventsOf(JSON.stringify({ topic: 'user:1', type: 'verification_check', id: 'c1' }))).toEqual([{ topic: 'user:1', type: 'verification_check', id: 'c1' }]);
    const batch = [
      { topic: 'user:1', type: 'verification_check', id: 'c1' },
      { topic: 'admins', type: 'verification_check', id: 'c1' },
      { topic: 'company:9', type: 'verification_check', id: '1' },
    ];
    expect(eventsOf(JSON.stringify(batch))).toEqual(batch);
  });

  it('drops what is not an event (no topic or type, not JSON) and keeps the rest', () => {
    expect(eventsOf('not json')).toEqual([]);
    expect(eventsOf('null')).toEqual([]);
    expect(eventsOf(JSON.stringify([{ topic: 'admins' }, 7, { topic: 'everyone', type: 'announcement' }]))).toEqual([{ topic: 'everyone', type: 'announcement' }]);
  });
});

describe("withData: an event carries what the screen would refetch only when it fits a notification", () => {
  const event = { topic: 'user:1', type: 'verification_check', id: 'c1' };

  it('carries a list that fits', () => {
    const checks = [{ subject: 'uan', status: 'verified', flags: [] }];
    expect(withData(event, checks)).toEqual({ ...event, data: checks });
  });

  it("counts bytes, not letters: a list in Devanagari that PostgreSQL's 8,000 bytes would refuse goes without it", () => {
    // 2,400 letters, 7,200 bytes: under the limit by letters, over it by bytes.
    const name = 'क'.repeat(2400);
    expect(withData(event, [{ found: name }])).toEqual(event);
    expect(eventsFitOneNotification([{ ...event, data: [{ found: name }] }])).toBe(false);
    expect(withData(event, [{ found: 'k'.repeat(2400) }])).toHaveProperty('data');
  });
});
