import { describe, expect, it, vi } from 'vitest';
import {
  CANDIDATE_CODE_ALPHABET,
  CANDIDATE_CODE_PATTERN,
  generateCandidateCode,
  isCandidateCodeTaken,
  withFreshCandidateCode,
} from '../../server/features/candidate-registration/candidate-code.ts';
import { firstUnfinishedStep, type StepFields } from '../../server/features/candidate-registration/registration-state.ts';

/** The same rule as the CHECK constraint of migration 0007. */
const SQL_CHECK = /^WC-[0-9A-HJKMNP-TV-Z]{6}$/;

describe('candidate code', () => {
  it('is "WC-" and six Crockford base-32 characters, as the database checks', () => {
    for (let i = 0; i < 2000; i += 1) {
      const code = generateCandidateCode();
      expect(code).toMatch(CANDIDATE_CODE_PATTERN);
      expect(code).toMatch(SQL_CHECK);
    }
  });

  it('uses the 32 symbols without I, L, O and U, each of them', () => {
    expect(CANDIDATE_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CANDIDATE_CODE_ALPHABET).size).toBe(32);
    for (const excluded of 'ILOU') expect(CANDIDATE_CODE_ALPHABET).not.toContain(excluded);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) for (const ch of generateCandidateCode().slice(3)) seen.add(ch);
    expect([...seen].sort().join('')).toBe([...CANDIDATE_CODE_ALPHABET].sort().join(''));
  });

  it('draws every character from crypto.randomInt, so codes are not guessable in sequence', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => generateCandidateCode()));
    expect(codes.size).toBe(1000);
  });

  it('retries with a fresh code when the code is taken, and only then', async () => {
    const taken = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'candidate_profiles_candidate_code_key' });
    const codes = ['WC-AAAAAA', 'WC-BBBBBB', 'WC-CCCCCC'];
    const generate = vi.fn(() => codes.shift() as string);
    const insert = vi.fn(async (code: string) => {
      if (code !== 'WC-CCCCCC') throw taken;
      return code;
    });
    await expect(withFreshCandidateCode(insert, generate)).resolves.toBe('WC-CCCCCC');
    expect(insert).toHaveBeenCalledTimes(3);

    const otherUnique = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'candidate_profiles_uan_key' });
    const failing = vi.fn(async () => {
      throw otherUnique;
    });
    await expect(withFreshCandidateCode(failing, () => 'WC-DDDDDD')).rejects.toBe(otherUnique);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('gives up after five collisions in a row rather than looping', async () => {
    const taken = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'candidate_profiles_candidate_code_key' });
    const insert = vi.fn(async () => {
      throw taken;
    });
    await expect(withFreshCandidateCode(insert, () => 'WC-EEEEEE')).rejects.toBe(taken);
    expect(insert).toHaveBeenCalledTimes(5);
    expect(isCandidateCodeTaken(taken)).toBe(true);
    expect(isCandidateCodeTaken(null)).toBe(false);
  });
});

describe('registration step', () => {
  const done: StepFields = {
    mobile_verified: true,
    uan: '100200300400',
    no_uan: false,
    full_name: 'Asha Rao',
    education: 'B.Com',
    current_employer: 'Infosys',
    notice_period_days: 30,
    experience_years: 0,
    declared: true,
    completed: false,
  };

  it('is the first unfinished step, in the order of the flow', () => {
    expect(firstUnfinishedStep({ ...done, mobile_verified: false, uan: null })).toBe('verification');
    expect(firstUnfinishedStep({ ...done, uan: null, education: null })).toBe('uan');
    expect(firstUnfinishedStep({ ...done, full_name: '  ' })).toBe('personal');
    expect(firstUnfinishedStep({ ...done, education: null })).toBe('personal');
    // Issue 18: the age declaration and the privacy notice are part of the personal step.
    expect(firstUnfinishedStep({ ...done, declared: false })).toBe('personal');
    expect(firstUnfinishedStep({ ...done, notice_period_days: null })).toBe('professional');
    expect(firstUnfinishedStep({ ...done, experience_years: null })).toBe('professional');
  });

  it("counts \"I don't have a UAN yet\" as the UAN step done (issue 33: freshers could not register)", () => {
    expect(firstUnfinishedStep({ ...done, uan: null, no_uan: true })).toBe('documents');
    expect(firstUnfinishedStep({ ...done, uan: null, no_uan: true, education: null })).toBe('personal');
  });

  it("stays at documents (uploads are optional) until completed, then null; zero values count as saved", () => {
    expect(firstUnfinishedStep(done)).toBe('documents');
    expect(firstUnfinishedStep({ ...done, notice_period_days: 0 })).toBe('documents');
    expect(firstUnfinishedStep({ ...done, completed: true })).toBeNull();
  });
});
