import { MoreHorizontal } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { PIPELINE_STAGES, isFinalStage, type PipelineApplication, type PipelineStage } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu.tsx';
import { fill } from '@web/lib/fill.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { stageLabel } from '../lib/format.ts';

const text = messages.pipeline;
/** Where an employer may move an application (withdrawn is the candidate's own act). */
export const EMPLOYER_TARGETS = PIPELINE_STAGES.filter((stage) => stage !== 'withdrawn');

/** "Move to…": every other stage; nothing for a final one, nor for a role that may not move (an interviewer). */
export function MoveMenu({ application, onMove }: { application: PipelineApplication; onMove: (stage: PipelineStage) => void }) {
  const canMove = useCan('pipeline.move');
  if (isFinalStage(application.stage) || !canMove) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-1.5" aria-label={fill(text.moveMenu, { name: application.name })}>
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="text-slate-500">{text.moveTo}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {EMPLOYER_TARGETS.filter((stage) => stage !== application.stage).map((stage) => (
          <DropdownMenuItem key={stage} onSelect={() => onMove(stage)}>
            {stageLabel(stage)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
