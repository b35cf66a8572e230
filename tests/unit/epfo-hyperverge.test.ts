import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHypervergeProvider } from '../../server/features/verification/sources/epfo/hyperverge.ts';
import { EpfoNotFound, EpfoRateLimited, EpfoRefused, EpfoUnavailable } from '../../server/features/verification/sources/epfo/provider.ts';
import { HYPERVERGE_APP_ID, HYPERVERGE_APP_KEY, HYPERVERGE_KNOWN_UAN, hypervergeErrors, startFakeHyperverge, type FakeHyperverge } from '../support/fake-hyperverge.ts';

/**
 * The HyperVerge client against a local server answering HyperVerge's documented request and
 * envelope (HyperVerge is not reachable from here).
 */
describe('HyperVerge EPFO client', () => {
  let fake: FakeHyperverge;
  const consent = { consent: true } as const;
  const client = (overrides: { appKey?: string; timeoutMs?: number } = {}) =>
    createHypervergeProvider({ url: fake.url, appId: HYPERVERGE_APP_ID, appKey: overrides.appKey ?? HYPERVERGE_APP_KEY, timeoutMs: overrides.timeoutMs ?? 2_000 });

  beforeAll(async () => {
    fake = await startFakeHyperverge();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.plan.length = 0;
  });

  it('posts uanNumber with consent Y, the app credentials and a new transactionId on every call', async () => {
    const first = await client().history(HYPERVERGE_KNOWN_UAN, consent);
    const second = await client().history(HYPERVERGE_KNOWN_UAN, consent);
    const [one, two] = fake.requests.slice(-2);
    expect(one).toMatchObject({ method: 'POST', path: '/v1/uanEpfoHistory', body: { uanNumber: HYPERVERGE_KNOWN_UAN, consent: 'Y' } });
    expect(one!.body).toEqual({ uanNumber: HYPERVERGE_KNOWN_UAN, consent: 'Y' });
    expect(one!.headers).toMatchObject({ appid: HYPERVERGE_APP_ID, appkey: HYPERVERGE_APP_KEY, 'content-type': 'application/json' });
    expect(one!.headers.transactionid).toMatch(/^workcred-[0-9a-f-]{36}$/);
    expect(two!.headers.transactionid).not.toBe(one!.headers.transactionid);
    // Our transaction id is the reference HyperVerge's support traces a call by.
    expect(first.reference).toBe(one!.headers.transactionid);
    expect(second.reference).toBe(two!.headers.transactionid);
    expect(first.members).toEqual([
      { name: 'VIKRAM SINGH RATHORE', guardianName: 'BHANWAR SINGH RATHORE', establishment: 'TATA CONSULTANCY SERVICES LIMITED', memberId: 'MHBAN00482730000311275', joined: '2017-08-01', exited: '2022-12-31', lastContribution: null },
      { name: 'VIKRAM SINGH RATHORE', guardianName: 'BHANWAR SINGH RATHORE', establishment: 'HDFC BANK LIMITED', memberId: 'MHBAN00513480000129904', joined: '2023-01-09', exited: null, lastContribution: null },
    ]);
  });

  it('reads the history under result.data too, in snake_case, with EPFO’s DD/MM/YYYY dates', async () => {
    fake.plan.push({
      status: 200,
      body: { status: 'success', statusCode: 200, result: { data: [{ name: 'ANJALI GUPTA', guardian_name: 'SURESH GUPTA', establishment_name: 'INFOSYS LIMITED', member_id: 'KNBNG00218740000500012', date_of_joining: '05/06/2020', date_of_exit: 'NA', wage_month: 'OCT-26' }] } },
    });
    const history = await client().history(HYPERVERGE_KNOWN_UAN, consent);
    expect(history.members).toEqual([{ name: 'ANJALI GUPTA', guardianName: 'SURESH GUPTA', establishment: 'INFOSYS LIMITED', memberId: 'KNBNG00218740000500012', joined: '2020-06-05', exited: null, lastContribution: '2026-10' }]);
  });

  it('an unknown UAN (422 failure) is EpfoNotFound', async () => {
    await expect(client().history('100000000123', consent)).rejects.toBeInstanceOf(EpfoNotFound);
  });

  it.each([
    [400, EpfoRefused],
    [422, EpfoNotFound],
    [401, EpfoRefused],
    [403, EpfoRefused],
    [500, EpfoUnavailable],
  ] as const)('maps HTTP %i to %o', async (status, kind) => {
    fake.plan.push(hypervergeErrors[status]);
    const error = await client().history(HYPERVERGE_KNOWN_UAN, consent).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(kind);
    expect(String(error)).not.toContain(HYPERVERGE_KNOWN_UAN);
  });

  it('a wrong appKey is refused (401): a configuration problem', async () => {
    await expect(client({ appKey: 'wrong' }).history(HYPERVERGE_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoRefused);
  });

  it('429 is EpfoRateLimited with Retry-After; 503 is unavailable with its Retry-After', async () => {
    fake.plan.push(hypervergeErrors[429]);
    await expect(client().history(HYPERVERGE_KNOWN_UAN, consent)).rejects.toSatisfy((error) => error instanceof EpfoRateLimited && error.retryAfterSeconds === 17);
    fake.plan.push(hypervergeErrors[503]);
    await expect(client().history(HYPERVERGE_KNOWN_UAN, consent)).rejects.toSatisfy((error) => error instanceof EpfoUnavailable && error.retryAfterSeconds === 120);
  });

  it('a failure envelope inside an HTTP 200 is read by its statusCode', async () => {
    fake.plan.push({ status: 200, body: { status: 'failure', statusCode: '422', error: 'No records found' } });
    await expect(client().history(HYPERVERGE_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoNotFound);
    fake.plan.push({ status: 200, body: { status: 'failure', statusCode: '500', error: 'Source down' } });
    await expect(client().history(HYPERVERGE_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoUnavailable);
    fake.plan.push({ status: 200, body: { status: 'success', statusCode: '200', result: {} } });
    await expect(client().history(HYPERVERGE_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoUnavailable);
  });

  it('a provider that never answers is EpfoUnavailable after the timeout', async () => {
    fake.plan.push('hang');
    const started = Date.now();
    const error = await client({ timeoutMs: 200 }).history(HYPERVERGE_KNOWN_UAN, consent).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EpfoUnavailable);
    expect(String(error)).toContain('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('sends nothing without consent or with a malformed UAN', async () => {
    const before = fake.requests.length;
    await expect(client().history(HYPERVERGE_KNOWN_UAN, { consent: false } as unknown as typeof consent)).rejects.toThrow(/consent/);
    await expect(client().history('ABC123', consent)).rejects.toBeInstanceOf(EpfoNotFound);
    expect(fake.requests.length).toBe(before);
  });
});
