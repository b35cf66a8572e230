import { useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { VerificationFlagView } from '@shared/schemas/verification.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useCheckPage } from '../api/get-check-page.ts';

const text = messages.verification;

/** A finding the page view can show: one with its page and its rect. */
export type PlacedFlag = VerificationFlagView & { page: number; rect: [number, number, number, number] };

export const isPlaced = (flag: VerificationFlagView): flag is PlacedFlag => flag.page !== undefined && flag.rect !== undefined;

/** A length in points as a share of the page's, for CSS: the box then scales with the image. */
const share = (points: number, of: number) => `${Math.min(100, Math.max(0, (points / of) * 100))}%`;

/**
 * One page of the check's document, drawn by the server, with a finding's place marked over it
 * (issue 35 §2): the browser's PDF viewer cannot draw over its page. The box is placed in shares
 * of the page's size in points (which come with the image), so it scales with the image; it is
 * scrolled into view and named by the finding for screen readers.
 */
export function FlagPageView({
  checkId,
  documentId,
  flag,
  request,
  label,
  onClose,
}: {
  checkId: string;
  documentId: string;
  flag: PlacedFlag;
  /** Changes with each "Show on page" click: the same finding asked for again is brought back into sight. */
  request: number;
  label: string;
  onClose: () => void;
}) {
  const page = useCheckPage(checkId, documentId, flag.page);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const figure = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [x0, y0, x1, y1] = flag.rect;
  // The finding by value: the check's detail is refetched on live events, and a new object for the same finding must not move focus.
  const place = `${flag.rule}|${flag.page}|${flag.rect.join(',')}`;
  const drawn = page.data !== undefined && loadedSrc === page.data.src;

  // Focus goes to the view (keyboard and screen-reader users land on it), then the box is brought into sight once the page is drawn.
  useEffect(() => {
    figure.current?.focus({ preventScroll: true });
    figure.current?.scrollIntoView({ block: 'nearest' });
  }, [place, request]);
  useEffect(() => {
    if (drawn) box.current?.scrollIntoView({ block: 'center' });
  }, [place, request, drawn]);

  return (
    <figure ref={figure} tabIndex={-1} className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-2 outline-none" data-testid="page-view">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="min-w-0 font-medium break-words text-slate-900">
          {fill(text.flagPlace, { page: String(flag.page) })} · {label}
        </span>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
          {text.hidePage}
        </Button>
      </figcaption>
      {page.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(page.error, fill(text.pageLoadFailed, { page: String(flag.page) }))}
        </p>
      ) : !page.data ? (
        <div className="flex items-center gap-2 p-6 text-sm text-slate-600">
          <Spinner label={fill(text.pageLoading, { page: String(flag.page) })} />
          <span aria-hidden="true">{fill(text.pageLoading, { page: String(flag.page) })}</span>
        </div>
      ) : (
        <div className="relative w-full bg-white shadow-sm" style={{ aspectRatio: `${page.data.pointWidth} / ${page.data.pointHeight}` }}>
          <img src={page.data.src} alt={fill(text.pageViewLabel, { page: String(flag.page) })} onLoad={(event) => setLoadedSrc(event.currentTarget.getAttribute('src'))} className="absolute inset-0 size-full" data-testid="page-image" />
          <div
            ref={box}
            role="img"
            aria-label={label}
            className="absolute rounded-[1px] bg-amber-300/30 outline-2 outline-offset-2 outline-red-600"
            style={{ left: share(x0, page.data.pointWidth), top: share(y0, page.data.pointHeight), width: share(x1 - x0, page.data.pointWidth), height: share(y1 - y0, page.data.pointHeight) }}
            data-testid="page-highlight"
          />
        </div>
      )}
    </figure>
  );
}
