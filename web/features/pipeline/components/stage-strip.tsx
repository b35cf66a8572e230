import { useEffect, useState, type RefObject } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { PIPELINE_STAGES, type PipelineStage } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';
import { stageLabel } from '../lib/format.ts';

const text = messages.pipeline;

/**
 * Every stage with its count, always in view above the board (issue 12, defect 5): the board is
 * wider than the screen, so the strip says what lies off to the side and a click (or Enter)
 * brings that column into view. The arrows scroll the board a column at a time.
 */
export function StageStrip({ counts, board }: { counts: Record<PipelineStage, number>; board: RefObject<HTMLDivElement | null> }) {
  const [edges, setEdges] = useState({ start: true, end: true });

  useEffect(() => {
    const element = board.current;
    if (!element) return;
    const measure = () => setEdges({ start: element.scrollLeft <= 1, end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1 });
    element.addEventListener('scroll', measure, { passive: true });
    // The observer also reports once as soon as it starts observing: the first measurement.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [board]);

  const show = (stage: PipelineStage) =>
    board.current?.querySelector(`[data-testid="pipeline-column-${stage}"]`)?.scrollIntoView({ behavior: 'smooth', inline: 'start', block: 'nearest' });
  const scrollBy = (direction: 1 | -1) => board.current?.scrollBy({ left: direction * 240, behavior: 'smooth' });

  return (
    <div className="mb-3 flex items-center gap-2">
      <Button type="button" variant="outline" size="icon" aria-label={text.scrollStagesBack} disabled={edges.start} onClick={() => scrollBy(-1)} className="hidden shrink-0 sm:inline-flex">
        <ChevronLeft className="size-4" aria-hidden="true" />
      </Button>
      <nav aria-label={text.stagesNav} className="min-w-0 flex-1 overflow-x-auto">
        <ul className="flex gap-1.5 pb-1">
          {PIPELINE_STAGES.map((stage) => (
            <li key={stage} className="shrink-0">
              <button
                type="button"
                onClick={() => show(stage)}
                aria-label={fill(text.showStage, { stage: stageLabel(stage), count: String(counts[stage]) })}
                className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                {stageLabel(stage)}
                <span className={counts[stage] > 0 ? 'font-semibold text-brand-700' : 'text-slate-500'}>{counts[stage]}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <Button type="button" variant="outline" size="icon" aria-label={text.scrollStagesForward} disabled={edges.end} onClick={() => scrollBy(1)} className="hidden shrink-0 sm:inline-flex">
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
