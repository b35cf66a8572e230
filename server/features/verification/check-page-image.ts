import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { RenderFailed, renderPages } from './reading/ocr/render-pages.ts';
import { openCheckDocument } from './review-queue.ts';

const m = messages.verification;

/** 120 dpi: an A4 page about 1000 px wide, its figures sharp enough to read, the PNG a few hundred KB. */
export const PAGE_VIEW_DPI = 120;
/** A page larger than A3 is drawn smaller rather than bigger than this. */
const PAGE_VIEW_MAX_PIXELS = 4_000_000;
/** A person is waiting: a page that takes longer than this is refused, and they open the PDF instead. */
export const PAGE_VIEW_TIMEOUT_MS = 10_000;

export interface CheckPageImage {
  png: Uint8Array;
  /** The page's size in points as shown: the space a flag's rect is in, so the browser can place it over the image. */
  pointWidth: number;
  pointHeight: number;
  pageCount: number;
}

const notRendered = () => new AppError(422, 'PAGE_NOT_RENDERED', m.pageNotRendered);

/**
 * One page of a check's document as a colour PNG, for the team's page view (issue 35 §2): the
 * finding's place is drawn over it in the browser. Rendering is CPU work on the request path,
 * because a person is waiting for exactly this page; it stays bounded: one page, in a worker
 * thread of its own with a heap and a time limit (render-pages.ts), never the event loop.
 * 404 when the check, its file or the page is not there; 422 when MuPDF cannot draw it.
 */
export async function renderCheckPage(deps: { db: Kysely<DB>; storage: FileStorage; log: FastifyBaseLogger }, checkId: string, page: number): Promise<CheckPageImage> {
  const file = await openCheckDocument(deps, checkId);
  const bytes = await buffer(file.body);
  const rendered = await renderPages(bytes, {
    pages: [page],
    maxPages: 1,
    dpi: PAGE_VIEW_DPI,
    maxPixels: PAGE_VIEW_MAX_PIXELS,
    timeoutMs: PAGE_VIEW_TIMEOUT_MS,
    color: true,
  }).catch((error: unknown) => {
    if (!(error instanceof RenderFailed)) throw error;
    deps.log.warn({ checkId, page, reason: error.message }, 'a check document page could not be rendered');
    throw notRendered();
  });
  if (rendered.locked) throw notRendered();
  const [image] = rendered.pages;
  if (!image) throw notFound(fill(m.pageNotInDocument, { page, count: rendered.pageCount }));
  return { png: image.png, pointWidth: image.pointWidth, pointHeight: image.pointHeight, pageCount: rendered.pageCount };
}
