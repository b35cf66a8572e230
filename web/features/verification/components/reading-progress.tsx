import { messages } from '@shared/messages.ts';
import type { CandidateCheck } from '@shared/schemas/verification.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';

const text = messages.verification;

/**
 * A scanned document being read by OCR (issue 35): "Reading the document", then the pages as they
 * are read, live (each page's progress is a live event the card refetches on).
 */
export function ReadingProgress({ reading }: { reading: NonNullable<CandidateCheck['reading']> }) {
  return (
    <p className="mt-2 flex items-center gap-2 text-sm text-slate-700" aria-live="polite" data-testid="reading-progress">
      <Spinner className="size-4" />
      <span>
        {text.readingDocument}
        {reading.page_count ? <span className="text-slate-500"> · {fill(text.readingPages, { done: String(reading.pages_done), total: String(reading.page_count) })}</span> : null}
      </span>
    </p>
  );
}
