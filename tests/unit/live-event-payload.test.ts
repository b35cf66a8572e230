import { describe, expect, it } from 'vitest';
import { eventsOf } from '../../server/realtime/events.ts';

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
