import { describe, expect, it } from 'vitest';
import { routeVerdict } from '../../bench/epfo-verdict.ts';

describe("the EPFO bench's route-table verdict (issue 34, Speed)", () => {
  it('judges the ratio against ×0.90 when the alone runs agree with each other', () => {
    expect(routeVerdict(0.93, [1.02, 0.97, 1.01])).toBe('within 10%');
    expect(routeVerdict(0.9, [1.0])).toBe('within 10%');
    expect(routeVerdict(0.86, [1.02, 0.97, 1.01])).toBe('slower by more than 10%');
  });

  it('says it cannot tell when most rounds’ alone runs differ by more than the margin, on either side of the goal', () => {
    // The control measured on the 2-core machine: one route against itself, no candidates at all.
    expect(routeVerdict(0.874, [0.78, 1.14, 1.05])).toBe('too noisy to tell (the alone runs differ by 14%)');
    expect(routeVerdict(1.17, [0.83, 1.41, 0.88])).toBe('too noisy to tell (the alone runs differ by 17%)');
  });

  it('lets one stray round pass: the median of the rounds counts, not the worst', () => {
    expect(routeVerdict(0.95, [1.3, 1.02, 0.99])).toBe('within 10%');
    expect(routeVerdict(0.85, [0.98, 1.01, 0.6])).toBe('slower by more than 10%');
  });

  it('judges the ratio alone when no round was measured', () => {
    expect(routeVerdict(0.95, [])).toBe('within 10%');
  });
});
