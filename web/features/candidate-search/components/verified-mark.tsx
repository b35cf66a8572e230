import { BadgeCheck } from 'lucide-react';
import { messages } from '@shared/messages.ts';

const text = messages.candidateSearch;

/** "Verified" next to a value a verification check confirmed. */
export function VerifiedMark() {
  return (
    <span className="inline-flex items-center gap-0.5 rounded-full bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800" title={text.verifiedTitle} data-testid="verified-mark">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {text.verified}
    </span>
  );
}
