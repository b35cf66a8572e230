import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EpfoNotFound, EpfoOtpRejected, EpfoRateLimited, EpfoRefused, EpfoUnavailable } from '../../server/features/verification/sources/epfo/provider.ts';
import { createSurepassProvider } from '../../server/features/verification/sources/epfo/surepass.ts';
import { SUREPASS_KNOWN_UAN, SUREPASS_OTP, SUREPASS_TOKEN, startFakeSurepass, surepassErrors, type FakeSurepass } from '../support/fake-surepass.ts';

/**
 * The Surepass client against a local server answering Surepass's documented shapes (Surepass is
 * not reachable from here): the exact request, the mapping of the answer, every documented error,
 * 429 with Retry-After, 5xx, a hang (the timeout, shortened to 200 ms), and the OTP passbook flow.
 */
describe('Surepass EPFO client', () => {
  let fake: FakeSurepass;
  const consent = { consent: true } as const;
  const client = (overrides: { url?: string; token?: string; timeoutMs?: number } = {}) =>
    createSurepassProvider({ url: overrides.url ?? fake.url, token: overrides.token ?? SUREPASS_TOKEN, timeoutMs: overrides.timeoutMs ?? 2_000 });

  beforeAll(async () => {
    fake = await startFakeSurepass();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.plan.length = 0;
  });

  it('posts the UAN as id_number with the bearer token and maps the employment history', async () => {
    const history = await client().history(SUREPASS_KNOWN_UAN, consent);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/income/employment-history-uan', body: { id_number: SUREPASS_KNOWN_UAN } });
    expect(request.body).toEqual({ id_number: SUREPASS_KNOWN_UAN });
    expect(request.headers).toMatchObject({ authorization: `Bearer ${SUREPASS_TOKEN}`, 'content-type': 'application/json' });
    expect(history.reference).toMatch(/^employment_history_uan_/);
    expect(history.members).toEqual([
      { name: 'SUNITA DEVI YADAV', guardianName: 'RAM PRAKASH YADAV', establishment: 'INFOSYS LIMITED', memberId: 'KNBNG00218740000412355', joined: '2021-03-15', exited: null, lastContribution: '2026-10' },
      // last_pf_submitted 1800-01-01 is Surepass's "no date"; the wage month still says Feb 2021.
      { name: 'SUNITA DEVI YADAV', guardianName: 'RAM PRAKASH YADAV', establishment: 'I PROCESS SERVICES (INDIA) PVT. LTD.', memberId: 'MHBAN00412365400031307', joined: '2018-03-15', exited: '2021-02-25', lastContribution: '2021-02' },
    ]);
  });

  it('a trailing slash in SUREPASS_API_URL does not double the path', async () => {
    await client({ url: `${fake.url}/` }).history(SUREPASS_KNOWN_UAN, consent);
    expect(fake.requests.at(-1)!.path).toBe('/api/v1/income/employment-history-uan');
  });

  it('an unknown UAN (422 Verification Failed) is EpfoNotFound, a decided answer', async () => {
    await expect(client().history('100000000123', consent)).rejects.toBeInstanceOf(EpfoNotFound);
  });

  it.each([
    [400, EpfoNotFound],
    [404, EpfoRefused],
    [422, EpfoNotFound],
    [401, EpfoRefused],
    [403, EpfoRefused],
    [500, EpfoUnavailable],
  ] as const)('maps the documented HTTP %i to %o', async (status, kind) => {
    fake.plan.push(surepassErrors[status]);
    const error = await client().history(SUREPASS_KNOWN_UAN, consent).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(kind);
    // Errors name the provider and the status, never the UAN or the provider's text.
    expect(String(error)).not.toContain(SUREPASS_KNOWN_UAN);
    expect(String(error)).toContain(`HTTP ${status}`);
  });

  it('a 400 that is not about the UAN, or a 404 from a wrong SUREPASS_API_URL, is refused, not "no record"', async () => {
    fake.plan.push({ status: 400, body: { data: null, status_code: 400, success: false, message: 'Malformed request', message_code: null } });
    await expect(client().history(SUREPASS_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoRefused);
    await expect(client({ url: `${fake.url}/wrong` }).history(SUREPASS_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoRefused);
    // The host given with Surepass's /api/v1 suffix is not doubled.
    await client({ url: `${fake.url}/api/v1` }).history(SUREPASS_KNOWN_UAN, consent);
    expect(fake.requests.at(-1)!.path).toBe('/api/v1/income/employment-history-uan');
  });

  it('a wrong token answers 401: EpfoRefused, a configuration problem', async () => {
    await expect(client({ token: 'wrong' }).history(SUREPASS_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoRefused);
  });

  it('429 is EpfoRateLimited with the Retry-After seconds, and counts as unavailable', async () => {
    fake.plan.push(surepassErrors[429]);
    const error = await client().history(SUREPASS_KNOWN_UAN, consent).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EpfoRateLimited);
    expect(error).toBeInstanceOf(EpfoUnavailable);
    expect((error as EpfoRateLimited).retryAfterSeconds).toBe(42);
  });

  it('429 without Retry-After waits the 30 s Surepass recommends', async () => {
    fake.plan.push({ status: 429, body: { status_code: 429, success: false } });
    await expect(client().history(SUREPASS_KNOWN_UAN, consent)).rejects.toMatchObject({ retryAfterSeconds: 30 });
  });

  it('a 503 with an HTTP-date Retry-After is unavailable until then', async () => {
    fake.plan.push({ status: 503, headers: { 'retry-after': new Date(Date.now() + 90_000).toUTCString() }, body: {} });
    const error = (await client().history(SUREPASS_KNOWN_UAN, consent).catch((caught: unknown) => caught)) as EpfoUnavailable;
    expect(error).toBeInstanceOf(EpfoUnavailable);
    expect(error.retryAfterSeconds).toBeGreaterThan(80);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(91);
  });

  it('a provider that never answers is EpfoUnavailable after the timeout', async () => {
    fake.plan.push('hang');
    const started = Date.now();
    const error = await client({ timeoutMs: 200 }).history(SUREPASS_KNOWN_UAN, consent).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EpfoUnavailable);
    expect(String(error)).toContain('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a refused connection is EpfoUnavailable', async () => {
    await expect(client({ url: 'http://127.0.0.1:1' }).history(SUREPASS_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoUnavailable);
  });

  it('a 200 that is not JSON, or has no history, is unavailable; an empty history is not found', async () => {
    fake.plan.push({ status: 200, body: undefined });
    await expect(client().history(SUREPASS_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoUnavailable);
    fake.plan.push({ status: 200, body: { data: { client_id: 'x' }, status_code: 200, success: true } });
    await expect(client().history(SUREPASS_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoUnavailable);
    fake.plan.push({ status: 200, body: { data: { client_id: 'x', employment_history: [] }, status_code: 200, success: true } });
    await expect(client().history(SUREPASS_KNOWN_UAN, consent)).rejects.toBeInstanceOf(EpfoNotFound);
  });

  it('a malformed UAN is refused before any call; a caller abort passes through as the caller’s reason', async () => {
    const before = fake.requests.length;
    await expect(client().history('12345', consent)).rejects.toBeInstanceOf(EpfoNotFound);
    await expect(client().history(SUREPASS_KNOWN_UAN, { consent: false } as unknown as typeof consent)).rejects.toThrow(/consent/);
    expect(fake.requests.length).toBe(before);
    fake.plan.push('hang');
    const controller = new AbortController();
    const pending = client().history(SUREPASS_KNOWN_UAN, { consent: true, signal: controller.signal });
    controller.abort(new Error('shutting down'));
    await expect(pending).rejects.toThrow('shutting down');
  });

  describe('OTP passbook flow (the stronger option: the member proves they hold the EPFO mobile)', () => {
    it('sends an OTP, accepts the right code and reads the monthly contributions per member id', async () => {
      const flow = client().passbookFlow;
      const { sessionId, maskedMobile } = await flow.startOtp(SUREPASS_KNOWN_UAN, consent);
      expect(maskedMobile).toBe('XXXXXX5699');
      expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/income/epfo/passbook/generate-otp', body: { id_number: SUREPASS_KNOWN_UAN } });
      await expect(flow.submitOtp(sessionId, '000000')).rejects.toBeInstanceOf(EpfoOtpRejected);
      await flow.submitOtp(sessionId, SUREPASS_OTP);
      expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/income/epfo/passbook/submit-otp', body: { client_id: sessionId, otp: SUREPASS_OTP } });
      const passbook = await flow.passbook(sessionId);
      expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/income/epfo/passbook/get-passbook', body: { client_id: sessionId } });
      expect(passbook.name).toBe('SUNITA DEVI YADAV');
      expect(passbook.accounts[0]).toEqual({
        memberId: 'KNBNG00218740000412355',
        establishment: 'INFOSYS LIMITED',
        contributions: [
          { month: '2026-09', employeeShare: 1800, employerShare: 550, pensionShare: 1250 },
          { month: '2026-10', employeeShare: 1800, employerShare: 550, pensionShare: 1250 },
        ],
      });
    });

    it('an invalid UAN gets no OTP (400 invalid_input), and a failed submission is never retried', async () => {
      const flow = client().passbookFlow;
      await expect(flow.startOtp('100000000123', consent)).rejects.toBeInstanceOf(EpfoNotFound);
      const { sessionId } = await flow.startOtp(SUREPASS_KNOWN_UAN, consent);
      fake.plan.push(surepassErrors[500]);
      const before = fake.requests.length;
      await expect(flow.submitOtp(sessionId, SUREPASS_OTP)).rejects.toBeInstanceOf(EpfoUnavailable);
      expect(fake.requests.length).toBe(before + 1);
    });
  });
});
