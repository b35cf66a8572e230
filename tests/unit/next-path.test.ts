import { describe, expect, it } from 'vitest';
import { candidateSignInPath, safeNextPath } from '../../web/lib/session/next-path.ts';

/** Issue 33, B5: after signing in from a job's Apply, back to the job, and never to another site. */
describe('safeNextPath', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(safeNextPath('/jobs/3f1c2a9e-1111-4aaa-8bbb-1234567890ab')).toBe('/jobs/3f1c2a9e-1111-4aaa-8bbb-1234567890ab');
    expect(safeNextPath('/jobs/abc?src=qr#apply')).toBe('/jobs/abc?src=qr#apply');
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
  });

  it('refuses other sites, tricks that reach them, and loops back to the sign-in pages', () => {
    for (const value of [
      'https://evil.example/jobs/1',
      '//evil.example/jobs/1',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /jobs/1',
      '/jobs/1\n//evil.example',
      '/jobs/\t1',
      'jobs/1',
      '',
      '/auth',
      '/auth?trial=true',
      '/candidate/register?next=/jobs/1',
      '/candidate-registration',
      `/jobs/${'x'.repeat(600)}`,
      undefined,
      null,
      42,
      ['/jobs/1'],
    ]) {
      expect({ value, next: safeNextPath(value) }).toEqual({ value, next: undefined });
    }
  });

  it('normalises dot segments rather than following them off the path it names', () => {
    expect(safeNextPath('/jobs/../dashboard')).toBe('/dashboard');
    expect(safeNextPath('/jobs/%2F%2Fevil.example')).toBe('/jobs/%2F%2Fevil.example');
  });

  it('builds the candidate sign-in link that carries it', () => {
    expect(candidateSignInPath('/jobs/abc?src=qr')).toBe('/candidate/register?next=%2Fjobs%2Fabc%3Fsrc%3Dqr');
    expect(candidateSignInPath('https://evil.example')).toBe('/candidate/register');
  });
});
