import { useEffect, useState, type RefObject } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { PIPELINE_STAGES, type PipelineStage } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import type { ScrollEdges } from '@web/lib/use-scroll-edges.ts';
import { stageLabel } from '../lib/format.ts';

const text = messages.pipeline;

const scrollBehavior = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** The stages whose column is (mostly) in view inside the board, kept current as it scrolls. */
function useStagesInView(board: RefObject<HTMLDivElement | null>): ReadonlySet<string> {
  const [inView, setInView] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const root = board.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) =>
        setInView((current) => {
          const next = new Set(current);
          for (const entry of entries) {
            const stage = (entry.target as HTMLElement).dataset.stage ?? '';
            if (entry.intersectionRatio >= 0.6) next.add(stage);
            else next.delete(stage);
          }
          return next;
        }),
      { root, threshold: [0, 0.6, 1] },
    );
    for (const column of root.querySelectorAll('[data-stage]')) observer.observe(column);
    return () => observer.disconnect();
  }, [board]);
  return inView;
}

/**
 * Every stage with its count, always in view above the board (issue 12, defect 5): the board is
 * wider than the screen (8 columns; 4 fit at 1280 px, 1 on a phone), so the strip names each stage
 * with its count — the same counts the columns show — and marks the columns in view. Choosing a
 * stage scrolls its column into view and moves focus into it, so the next Tab reaches its cards.
 * The arrows scroll the board a column at a time.
 */
export function StageStrip({ counts, board, edges }: { counts: Record<PipelineStage, number>; board: RefObject<HTMLDivElement | null>; edges: ScrollEdges }) {
  const inView = useStagesInView(board);

  const show = (stage: PipelineStage) => {
    const column = board.current?.querySelector<HTMLElement>(`[data-stage="${stage}"]`);
    if (!column) return;
    column.focus({ preventScroll: true });
    column.scrollIntoView({ behavior: scrollBehavior(), inline: 'start', block: 'nearest' });
  };
  const scrollBy = (direction: 1 | -1) => {
    const column = board.current?.querySelector<HTMLElement>('[data-stage]');
    board.current?.scrollBy({ left: direction * ((column?.offsetWidth ?? 224) + 12), behavior: scrollBehavior() });
  };

  return (
    <div className="mb-3 flex items-start gap-3">
      <nav aria-label={text.stagesNav} className="min-w-0 flex-1">
        {/* Wraps rather than scrolls: on a phone every stage and its count stays in sight. */}
        <ul className="flex flex-wrap gap-1.5">
          {PIPELINE_STAGES.map((stage) => (
            <li key={stage}>
              <button
                type="button"
                onClick={() => show(stage)}
                aria-label={fill(text.showStage, { stage: stageLabel(stage), count: String(counts[stage]) })}
                data-in-view={inView.has(stage) || undefined}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
                  inView.has(stage) ? 'bg-brand-50 text-slate-900 ring-brand-600/40' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
                )}
              >
                {stageLabel(stage)}
                <span className={counts[stage] > 0 ? 'font-semibold text-brand-700' : 'text-slate-500'}>{counts[stage]}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex shrink-0 gap-1">
        <Button type="button" variant="outline" size="icon" aria-label={text.scrollStagesBack} disabled={!edges.before} onClick={() => scrollBy(-1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <Button type="button" variant="outline" size="icon" aria-label={text.scrollStagesForward} disabled={!edges.after} onClick={() => scrollBy(1)}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
