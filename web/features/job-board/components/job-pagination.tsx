import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { PUBLIC_JOBS_MAX_PAGE } from '@shared/schemas/public-jobs.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import type { JobSearch } from '../api/get-public-jobs.ts';
import { jobSearchHref } from '../hooks/use-job-search.ts';

const text = messages.publicSite;

/** 1 … 4 5 6 … 12: the first, the last, and the pages next to the current one. */
export function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const n of shown) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && n - previous > 1) result.push('gap');
    result.push(n);
  }
  return result;
}

const itemClass = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Previous / numbered pages / Next as real links, so each page has a URL and Back works. */
export function JobPagination({ search, total, pageSize }: { search: JobSearch; total: number; pageSize: number }) {
  const pages = Math.min(Math.ceil(total / pageSize), PUBLIC_JOBS_MAX_PAGE);
  if (pages <= 1) return null;
  const { page } = search;
  const href = (n: number) => jobSearchHref({ ...search, page: n });

  return (
    <nav aria-label={text.pagination} className="mt-8 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={cn(itemClass, 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50')}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          {text.previousPage}
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(itemClass, 'border border-slate-200 text-slate-400')}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          {text.previousPage}
        </span>
      )}

      <p className="text-sm text-slate-600 sm:hidden">{fill(text.pageOf, { page: String(page), pages: String(pages) })}</p>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageNumbers(page, pages).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={fill(text.pageOf, { page: String(n), pages: String(pages) })}
                aria-current={n === page ? 'page' : undefined}
                className={cn(itemClass, n === page ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>

      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={cn(itemClass, 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50')}>
          {text.nextPage}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(itemClass, 'border border-slate-200 text-slate-400')}>
          {text.nextPage}
          <ChevronRight className="size-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
