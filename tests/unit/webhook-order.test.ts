import { describe, expect, it } from 'vitest';
import { inOrderPerEndpoint, type Claimed } from '../../server/features/webhooks/deliver.ts';

const row = (id: string, endpoint: string, createdUs: bigint): Claimed => ({
  id,
  endpoint_id: endpoint,
  message_id: `msg_${id}`,
  payload: '{}',
  attempts: 1,
  created_at: new Date(Number(createdUs / 1000n)),
  created_us: String(createdUs),
});

/** Issue 16: each endpoint gets its deliveries in the order the events happened, to the microsecond. */
describe('webhook deliveries in order per endpoint', () => {
  it('orders two events of one move that share a millisecond by their microseconds, whatever order they were claimed in', () => {
    const base = 1_795_700_000_000_000n;
    // The move to hired records application.stage_changed, then employee.hired, 40 µs apart.
    const stageChanged = row('stage', 'a', base + 120n);
    const hired = row('hired', 'a', base + 160n);
    expect(stageChanged.created_at.getTime()).toBe(hired.created_at.getTime());
    const groups = inOrderPerEndpoint([hired, row('other', 'b', base), stageChanged]);
    // Endpoints are sent to side by side; within one, in order.
    const byEndpoint = Object.fromEntries(groups.map((group) => [group[0]?.endpoint_id, group.map((one) => one.id)]));
    expect(byEndpoint).toEqual({ a: ['stage', 'hired'], b: ['other'] });
  });
});
