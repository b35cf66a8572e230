import { useRef, useState } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { PIPELINE_STAGES, isFinalStage, type PipelineCard, type PipelineStage } from '@shared/schemas/pipeline.ts';
import { cn } from '@web/lib/cn.ts';
import { useScrollEdges } from '@web/lib/use-scroll-edges.ts';
import { experienceText, noticeText, sourceLabel, stageLabel } from '../lib/format.ts';
import { MoveMenu } from './move-menu.tsx';
import { StageStrip } from './stage-strip.tsx';
import { useCan } from '@web/lib/session/use-can.ts';
import { VerificationBadges } from './verification-badges.tsx';
import { CardTags } from './card-tags.tsx';
import { KnockedOutBadge } from './screening-answers-section.tsx';

import { ShowMoreButton, type MoreCards } from './show-more.tsx';
const text = messages.pipeline;

interface BoardProps {
  applications: PipelineCard[];
  counts: Record<PipelineStage, number>;
  more?: MoreCards | undefined;
  onMove: (application: PipelineCard, stage: PipelineStage) => void;
  onOpen: (application: PipelineCard) => void;
}

function CardBody({ application }: { application: PipelineCard }) {
  return (
    <>
      <p className="font-mono text-xs text-slate-500">{application.candidate_code ?? '—'}</p>
      <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
        <span>{experienceText(application.experience_years)}</span>
        <span>{noticeText(application.notice_period_days)}</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-1">
        <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-700">{sourceLabel(application)}</span>
        <VerificationBadges subjects={application.verified} />
        {application.knocked_out ? <KnockedOutBadge /> : null}
      </div>
      <CardTags tags={application.tags} />
    </>
  );
}

function BoardCard({ application, onMove, onOpen }: { application: PipelineCard } & Pick<BoardProps, 'onMove' | 'onOpen'>) {
  // An interviewer sees the board but may not move anyone (issue 33 B6): no handle to drag.
  const canMove = useCan('pipeline.move');
  const final = isFinalStage(application.stage) || !canMove;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: application.id, data: { application }, disabled: final });
  return (
    <li
      ref={setNodeRef}
      data-testid={`pipeline-card-${application.id}`}
      className={cn('rounded-lg border border-slate-200 bg-white p-3 shadow-sm', isDragging && 'opacity-40')}
      aria-label={application.name}
    >
      <div className="flex items-start gap-1">
        {final ? null : (
          <button
            type="button"
            className="-ml-1 cursor-grab touch-none rounded p-0.5 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
            aria-label={`Drag ${application.name}`}
            {...attributes}
            {...listeners}
          >
            <GripVertical className="size-4" aria-hidden="true" />
          </button>
        )}
        <button type="button" onClick={() => onOpen(application)} className="min-w-0 flex-1 truncate text-left text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline">
          {application.name}
        </button>
        <MoveMenu application={application} onMove={(stage) => onMove(application, stage)} />
      </div>
      <CardBody application={application} />
    </li>
  );
}

function Column({ stage, count, more, children }: { stage: PipelineStage; count: number; more: MoreCards | undefined; children: React.ReactNode }) {
  // Withdrawn is the candidate's own act: nothing is dropped there.
  const { setNodeRef, isOver } = useDroppable({ id: stage, disabled: stage === 'withdrawn' });
  return (
    // tabIndex -1: the stage strip moves focus here, so the next Tab reaches this column's cards.
    <section
      ref={setNodeRef}
      tabIndex={-1}
      aria-labelledby={`column-${stage}`}
      data-stage={stage}
      data-testid={`pipeline-column-${stage}`}
      className={cn(
        'flex w-56 shrink-0 snap-start flex-col rounded-xl border border-slate-200 bg-slate-50 p-2 transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
        isOver && 'border-brand-600 bg-brand-50',
      )}
    >
      <h3 id={`column-${stage}`} className="flex items-center justify-between px-1 pb-2 text-sm font-semibold text-slate-800">
        <span>{stageLabel(stage)}</span>
        <span className="rounded-full bg-white px-2 text-xs font-medium text-slate-600 ring-1 ring-slate-200">{count}</span>
      </h3>
      <ul className="flex min-h-24 flex-col gap-2">{children}</ul>
      <div className="mt-2 flex justify-center empty:hidden">
        <ShowMoreButton stage={stage} more={more} />
      </div>
    </section>
  );
}

/**
 * The board: one column per stage. A card is dragged by its handle (mouse, touch, or keyboard:
 * focus the handle, Space, arrow keys, Space) or moved with its "Move to…" menu.
 */
export function PipelineBoard({ applications, counts, more, onMove, onOpen }: BoardProps) {
  const canMove = useCan('pipeline.move');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  const [dragging, setDragging] = useState<PipelineCard | null>(null);
  const board = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(board);

  function onDragStart(event: DragStartEvent) {
    setDragging((event.active.data.current as { application: PipelineCard } | undefined)?.application ?? null);
  }
  function onDragEnd(event: DragEndEvent) {
    setDragging(null);
    const application = (event.active.data.current as { application: PipelineCard } | undefined)?.application;
    const target = event.over?.id as PipelineStage | undefined;
    if (application && target && target !== application.stage) onMove(application, target);
  }

  return (
    <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
      {canMove ? <p className="mb-2 text-xs text-slate-500">{text.dragHint}</p> : null}
      <StageStrip counts={counts} board={board} edges={edges} />
      <div className="relative">
        <div ref={board} data-testid="pipeline-board" className="flex snap-x scroll-pl-8 gap-3 overflow-x-auto pb-4">
          {PIPELINE_STAGES.map((stage) => {
            const cards = applications.filter((application) => application.stage === stage);
            return (
              <Column key={stage} stage={stage} count={counts[stage]} more={more}>
                {cards.length === 0 ? <li className="px-1 py-6 text-center text-xs text-slate-500">{text.emptyColumn}</li> : null}
                {cards.map((application) => (
                  <BoardCard key={application.id} application={application} onMove={onMove} onOpen={onOpen} />
                ))}
              </Column>
            );
          })}
        </div>
        {/* The side with more columns fades out: a sign, beside the strip and the arrows, that the board goes on (scroll-pl-8 keeps a column brought into view clear of the left fade). */}
        {edges.before ? <div aria-hidden="true" data-testid="pipeline-fade-before" className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-linear-to-r from-slate-50" /> : null}
        {edges.after ? <div aria-hidden="true" data-testid="pipeline-fade-after" className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-linear-to-l from-slate-50" /> : null}
      </div>
      <DragOverlay>
        {dragging ? (
          <div className="w-52 rotate-1 rounded-lg border border-brand-600 bg-white p-3 shadow-xl">
            <p className="text-sm font-semibold text-slate-900">{dragging.name}</p>
            <CardBody application={dragging} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
