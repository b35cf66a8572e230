import { useSearchParams } from 'react-router';
import { MAX_KEYWORDS_LENGTH, MAX_LOCATION_LENGTH, normaliseSearchText, PUBLIC_JOBS_MAX_PAGE } from '@shared/schemas/public-jobs.ts';
import type { JobSearch } from '../api/get-public-jobs.ts';

/** Cleans a value from the URL the way the server would, cut to its limit (never mid-character). */
function cleanText(value: string | null, max: number): string {
  return normaliseSearchText(value ?? '')
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();
}

function cleanPage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), PUBLIC_JOBS_MAX_PAGE);
}

/**
 * The search lives in the URL (?q=&location=&page=) so a search can be shared and Back works.
 * A hand-edited URL never breaks the page: values are cleaned to what the server accepts.
 */
export function useJobSearch(): JobSearch {
  const [params] = useSearchParams();
  return {
    q: cleanText(params.get('q'), MAX_KEYWORDS_LENGTH),
    location: cleanText(params.get('location'), MAX_LOCATION_LENGTH),
    page: cleanPage(params.get('page')),
  };
}

/** The /jobs URL of a search; empty fields and page 1 are left out to keep links short. */
export function jobSearchHref({ q, location, page }: Partial<JobSearch>): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (location) params.set('location', location);
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/jobs?${query}` : '/jobs';
}
