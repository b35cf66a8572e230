import { describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { verificationSubjects } from '../../shared/schemas/candidate-search.ts';

const text = messages.verification;

describe('verification texts', () => {
  it('names every subject inside a sentence, keeping acronyms in capitals (issue 12, defect 3)', () => {
    for (const subject of verificationSubjects) {
      const inSentence = text.subjectsInSentence[subject];
      expect(inSentence, subject).toBeDefined();
      // Same words as the title-case name, first letter aside.
      expect(inSentence?.toLowerCase(), subject).toBe(text.subjects[subject]?.toLowerCase());
    }
    expect(fill(text.consentTitle, { subject: text.subjectsInSentence.uan ?? '' })).toContain('UAN (EPFO)');
    for (const status of Object.keys(text.consentSaved)) {
      expect(fill(text.consentSaved[status] ?? '', { subject: text.subjectsInSentence.uan ?? '' })).not.toMatch(/uan|epfo/);
    }
  });
});
