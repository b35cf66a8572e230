import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';

export interface PagerTexts {
  label: string;
  previous: string;
  next: string;
  /** 'Page {page} of {pages}' */
  pageOf: string;
}

/** Previous / Next with "Page x of y" for a list that knows its page count (at least one page is shown). */
export function Pager({ page, pageCount, onPageChange, busy = false, texts }: { page: number; pageCount: number; onPageChange: (page: number) => void; busy?: boolean; texts: PagerTexts }) {
  const pages = Math.max(1, pageCount);
  return (
    <nav aria-label={texts.label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {texts.previous}
      </Button>
      <p className="text-sm text-slate-600" aria-live="polite">
        {fill(texts.pageOf, { page: String(Math.min(page, pages)), pages: String(pages) })}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages || busy} onClick={() => onPageChange(page + 1)}>
        {texts.next}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
