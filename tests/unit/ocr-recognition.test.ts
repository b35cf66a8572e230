import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../server/features/verification/check-store.ts';
import { withRecognition } from '../../server/features/verification/reading/ocr/process-read.ts';
import type { ScanReading } from '../../server/features/verification/reading/ocr/read-scan.ts';

const verified: Outcome = { status: 'verified', decidedBy: 'algorithm', flags: [{ rule: 'name', outcome: 'match' }], verifiedFields: ['full_name'], documentId: 'd1' };
const scan = (confidence: number): ScanReading => ({ text: 'Employee Name: Meera Krishnan', confidence, pages: [{ number: 1, confidence, chars: 29, text: 'Employee Name: Meera Krishnan' }], pageCount: 1, locked: false });

describe('what the recognition adds to a scan’s check (issue 35: low confidence never passes silently)', () => {
  it('keeps a verified scan read with confidence, saying how it was read', () => {
    const outcome = withRecognition(verified, scan(91.4));
    expect(outcome).toMatchObject({ status: 'verified', decidedBy: 'algorithm', verifiedFields: ['full_name'] });
    expect(outcome.flags[0]).toMatchObject({ rule: 'ocr', outcome: 'match', found: 'Read from 1 scanned page(s) with 91% confidence.' });
  });

  it('sends a scan read with low confidence to the team, even when every rule matched', () => {
    const outcome = withRecognition(verified, scan(55));
    expect(outcome).toMatchObject({ status: 'in_review', decidedBy: null, verifiedFields: [] });
    expect(outcome.flags[0]).toMatchObject({ rule: 'ocr', outcome: 'not_checked', found: expect.stringContaining('55% confidence') });
    expect(outcome.flags.slice(1)).toEqual(verified.flags);
  });
});
