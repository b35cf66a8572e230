import { messages } from '@shared/messages.ts';
import { PIPELINE_LIMITS, PIPELINE_STAGES, type PipelineStage } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';
import { stageLabel } from '../lib/format.ts';

const text = messages.pipeline;

/** Each stage lists its newest applications first; these say how many more a stage has, and list them. */
export interface MoreCards {
  hidden: Record<PipelineStage, number>;
  /** The next answer is on its way (the buttons wait). */
  loading: boolean;
  onShowMore: (stage: PipelineStage) => void;
}

/** "Show 50 more" under a board column (or "Show 50 more in Screening" under the list); nothing when all are shown. */
export function ShowMoreButton({ stage, more, withStage = false }: { stage: PipelineStage; more: MoreCards | undefined; withStage?: boolean }) {
  const hidden = more?.hidden[stage] ?? 0;
  if (!more || hidden === 0) return null;
  const count = String(Math.min(hidden, PIPELINE_LIMITS.perStage));
  return (
    <Button variant="outline" size="sm" disabled={more.loading} onClick={() => more.onShowMore(stage)} data-testid={`pipeline-more-${stage}`}>
      {withStage ? fill(text.showMoreInStage, { count, stage: stageLabel(stage) }) : fill(text.showMore, { count })}
    </Button>
  );
}

/** Under the list: a button for each stage with applications not listed yet. */
export function ShowMoreByStage({ more }: { more: MoreCards | undefined }) {
  const stages = PIPELINE_STAGES.filter((stage) => (more?.hidden[stage] ?? 0) > 0);
  if (stages.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {stages.map((stage) => (
        <ShowMoreButton key={stage} stage={stage} more={more} withStage />
      ))}
    </div>
  );
}
