import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';

export interface PagerTexts {
  label: string;
  previous: string;
  next: string;
  /** 'Page {page} of {pages}', or 'Page {page}' for a list that only knows whether more follow. */
  pageOf: string;
}

/** How far the list goes: its page count, or (a search without a total) whether another page follows. */
type PagerExtent = { pageCount: number } | { hasMore: boolean };

/** Previous / Next with "Page x of y" (or "Page x"); at least one page is shown. */
export function Pager({
  page,
  onPageChange,
  busy = false,
  texts,
  ...extent
}: { page: number; onPageChange: (page: number) => void; busy?: boolean; texts: PagerTexts } & PagerExtent) {
  const pages = 'pageCount' in extent ? Math.max(1, extent.pageCount) : undefined;
  const hasNext = pages === undefined ? 'hasMore' in extent && extent.hasMore : page < pages;
  const shown = pages === undefined ? page : Math.min(page, pages);
  return (
    <nav aria-label={texts.label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {texts.previous}
      </Button>
      <p className="text-sm text-slate-600" aria-live="polite">
        {fill(texts.pageOf, { page: String(shown), pages: String(pages ?? '') })}
      </p>
      <Button variant="outline" size="sm" disabled={!hasNext || busy} onClick={() => onPageChange(page + 1)}>
        {texts.next}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
