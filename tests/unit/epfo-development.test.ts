import { describe, expect, it } from 'vitest';
import { createEpfoProvider } from '../../server/features/verification/sources/epfo/create-provider.ts';
import { epfoDate, epfoMonth } from '../../server/features/verification/sources/epfo/dates.ts';
import { createDevelopmentEpfoProvider, developmentEpfoTable, developmentEpfoUans } from '../../server/features/verification/sources/epfo/development.ts';
import { retryAfterSeconds } from '../../server/features/verification/sources/epfo/http.ts';
import { EpfoNotFound, EpfoUnavailable, type EpfoMember } from '../../server/features/verification/sources/epfo/provider.ts';

const consent = { consent: true } as const;
const clock = new Date('2026-11-27T10:00:00Z');
const provider = (now = clock, available?: () => boolean) => createDevelopmentEpfoProvider({ nodeEnv: 'development', now: () => now, ...(available ? { available } : {}) });
const months = (member: EpfoMember, now: Date) => [member.joined!.slice(0, 7), member.exited?.slice(0, 7) ?? now.toISOString().slice(0, 7)] as const;

describe('development EPFO provider', () => {
  it('documents one UAN per scenario', () => {
    expect(developmentEpfoTable.map((entry) => entry.scenario).sort()).toEqual(['confirmed', 'gap', 'not-found', 'outage', 'overlap', 'stopped-filing']);
    expect(new Set(developmentEpfoTable.map((entry) => entry.uan)).size).toBe(developmentEpfoTable.length);
    for (const entry of developmentEpfoTable) expect(entry.uan).toMatch(/^\d{12}$/);
  });

  it('confirmed: a past employer and a current one that filed last month', async () => {
    const history = await provider().history(developmentEpfoUans.confirmed, consent);
    expect(history.members.map((member) => member.establishment)).toEqual(['TATA CONSULTANCY SERVICES LIMITED', 'INFOSYS LIMITED']);
    expect(history.members[1]).toMatchObject({ name: 'PRIYA SHARMA', exited: null, lastContribution: '2026-10' });
    expect(history.reference).toBe('development-confirmed-2026-11-27T10:00:00.000Z');
  });

  it('overlap: two employers paid PF for the same months', async () => {
    const [wipro, hcl] = (await provider().history(developmentEpfoUans.overlap, consent)).members;
    const [wiproFrom, wiproTo] = months(wipro!, clock);
    const [hclFrom] = months(hcl!, clock);
    expect(hclFrom > wiproFrom && hclFrom < wiproTo).toBe(true);
  });

  it('gap: more than three months between one exit and the next joining', async () => {
    const [first, second] = (await provider().history(developmentEpfoUans.gap, consent)).members;
    const gapDays = (Date.parse(second!.joined!) - Date.parse(first!.exited!)) / 86_400_000;
    expect(gapDays).toBeGreaterThan(92);
  });

  it('stopped filing: the current employer’s last filing is five months before the clock, and moves with it', async () => {
    const current = (now: Date) => provider(now).history(developmentEpfoUans['stopped-filing'], consent).then((history) => history.members.find((member) => member.exited === null)!);
    expect((await current(clock)).lastContribution).toBe('2026-06');
    expect((await current(new Date('2027-02-03T00:00:00Z'))).lastContribution).toBe('2026-09');
  });

  it('an unknown UAN is EpfoNotFound; the outage UAN is EpfoUnavailable', async () => {
    await expect(provider().history(developmentEpfoUans['not-found'], consent)).rejects.toBeInstanceOf(EpfoNotFound);
    await expect(provider().history('999999999999', consent)).rejects.toBeInstanceOf(EpfoNotFound);
    await expect(provider().history(developmentEpfoUans.outage, consent)).rejects.toBeInstanceOf(EpfoUnavailable);
  });

  it('can be taken down and brought back, so pending checks can be shown to complete', async () => {
    let up = false;
    const flaky = provider(clock, () => up);
    await expect(flaky.history(developmentEpfoUans.confirmed, consent)).rejects.toBeInstanceOf(EpfoUnavailable);
    up = true;
    await expect(flaky.history(developmentEpfoUans.confirmed, consent)).resolves.toMatchObject({ members: expect.any(Array) });
  });

  it('refuses to exist in production', () => {
    expect(() => createDevelopmentEpfoProvider({ nodeEnv: 'production' })).toThrow(/refused in production/);
    expect(() => createEpfoProvider({ provider: 'development', nodeEnv: 'production' })).toThrow(/refused in production/);
  });
});

describe('createEpfoProvider', () => {
  it('none is no provider; development is the development provider outside production', () => {
    expect(createEpfoProvider({ provider: 'none', nodeEnv: 'production' })).toBeNull();
    expect(createEpfoProvider({ provider: 'development', nodeEnv: 'test' })).toMatchObject({ name: 'development' });
  });

  it('refuses a provider without its keys, naming the variable', () => {
    expect(() => createEpfoProvider({ provider: 'surepass', nodeEnv: 'production' })).toThrow(/SUREPASS_TOKEN/);
    expect(() => createEpfoProvider({ provider: 'hyperverge', nodeEnv: 'production', keys: { hypervergeAppId: 'id', hypervergeAppKey: ' ' } })).toThrow(/HYPERVERGE_APP_KEY/);
    expect(() => createEpfoProvider({ provider: 'hyperverge', nodeEnv: 'production', keys: { hypervergeAppKey: 'key' } })).toThrow(/HYPERVERGE_APP_ID/);
  });

  it('builds the real clients with their keys', () => {
    expect(createEpfoProvider({ provider: 'surepass', nodeEnv: 'production', keys: { surepassToken: 't' } })).toMatchObject({ name: 'surepass', label: 'Surepass' });
    expect(createEpfoProvider({ provider: 'hyperverge', nodeEnv: 'production', keys: { hypervergeAppId: 'i', hypervergeAppKey: 'k' } })).toMatchObject({ name: 'hyperverge', label: 'HyperVerge' });
  });
});

describe('EPFO dates and Retry-After', () => {
  it('reads the date forms providers and EPFO print, and treats placeholders as no date', () => {
    expect(epfoDate('2021-03-15')).toBe('2021-03-15');
    expect(epfoDate('15/03/2021')).toBe('2021-03-15');
    expect(epfoDate('15-03-2021')).toBe('2021-03-15');
    expect(epfoDate('1800-01-01')).toBeNull();
    expect(epfoDate('2021-02-30')).toBeNull();
    expect(epfoDate(null)).toBeNull();
    expect(epfoMonth('May-2022')).toBe('2022-05');
    expect(epfoMonth('MAY-22')).toBe('2022-05');
    expect(epfoMonth('05/2022')).toBe('2022-05');
    expect(epfoMonth('2022-5')).toBe('2022-05');
    expect(epfoMonth('2022-06-14')).toBe('2022-06');
    expect(epfoMonth('Foo-2022')).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(retryAfterSeconds('42', now)).toBe(42);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
