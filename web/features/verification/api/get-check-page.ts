import { useQuery } from '@tanstack/react-query';
import { apiResponse } from '@web/lib/api-client.ts';

export interface CheckPageImage {
  /** The PNG as a data: URL: nothing to revoke when the view closes (the page's CSP allows data: images). */
  src: string;
  /** The page's size in points: the space a finding's rect is in. */
  pointWidth: number;
  pointHeight: number;
}

export const checkPageUrl = (checkId: string, page: number) => `/api/verification/checks/${encodeURIComponent(checkId)}/pages/${page}`;

/**
 * GET /api/verification/checks/:checkId/pages/:page: one page drawn as a PNG, its size in points in
 * the X-Page-Width and X-Page-Height headers (read here, which an <img src> could not do).
 */
export async function getCheckPage(checkId: string, page: number, signal?: AbortSignal): Promise<CheckPageImage> {
  // Through the API client: a refused session ends it as every other call does.
  const response = await apiResponse(checkPageUrl(checkId, page), { signal });
  const pointWidth = Number(response.headers.get('x-page-width'));
  const pointHeight = Number(response.headers.get('x-page-height'));
  if (!(pointWidth > 0 && pointHeight > 0)) throw new Error('The page came without its size');
  return { src: await dataUrlOf(await response.blob()), pointWidth, pointHeight };
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The page could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The page stays in the cache while the check is open: showing another finding on it draws nothing
 * again. Keyed by the document too: a document uploaded again is drawn afresh.
 */
export function useCheckPage(checkId: string, documentId: string, page: number) {
  return useQuery({
    queryKey: ['verification-page', checkId, documentId, page],
    queryFn: ({ signal }) => getCheckPage(checkId, page, signal),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}
