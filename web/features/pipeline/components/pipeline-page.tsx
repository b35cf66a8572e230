import { forCount } from '@shared/english.ts';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { PIPELINE_LIMITS, PIPELINE_STAGES, type HireDetails, type JobPipeline, type PipelineApplication, type PipelineStage, type StageLimits } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { pipelineApplicationQueryKey } from '../api/get-application.ts';
import { applicationNotesQueryKey } from '../api/application-notes.ts';
import { applicationTimelineQueryKey } from '../api/application-timeline.ts';
import { candidateTagsQueryKey } from '../api/candidate-tags.ts';
import { pipelineQueryKey, usePipeline } from '../api/get-pipeline.ts';
import { useMoveStage } from '../api/move-stage.ts';
import { sourceLabel, stageLabel } from '../lib/format.ts';
import { AddCandidateActions } from './add-candidate-actions.tsx';
import { ApplicationPanel } from './application-panel.tsx';
import { CandidateFinder } from './candidate-finder.tsx';
import { TagFilter } from './tag-filter.tsx';
import { PipelineBoard } from './pipeline-board.tsx';
import { PipelineList } from './pipeline-list.tsx';
import { HireDialog, RejectDialog } from './stage-dialogs.tsx';
import { WaitingInvitations } from './waiting-invitations.tsx';

const text = messages.pipeline;

interface PendingMove {
  application: PipelineApplication;
  stage: 'hired' | 'rejected';
  note: string;
}

/** Counts per stage: from the listed cards (they follow a drag at once) unless the list is capped. */
function stageCounts(pipeline: JobPipeline): Record<PipelineStage, number> {
  if (pipeline.capped) return pipeline.stage_counts;
  const counts = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as Record<PipelineStage, number>;
  for (const application of pipeline.applications) counts[application.stage] += 1;
  return counts;
}

/** Per stage, how many applications the answer does not list (each stage lists its newest first). */
function hiddenCounts(pipeline: JobPipeline): Record<PipelineStage, number> {
  const listed = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as Record<PipelineStage, number>;
  for (const application of pipeline.applications) listed[application.stage] += 1;
  return Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, Math.max(0, pipeline.stage_counts[stage] - listed[stage])])) as Record<PipelineStage, number>;
}

/**
 * Company events that change what the board shows: a move, a new application, a check decided by
 * the verification team (the badges), an interview booked (the stage moves to interview).
 */
const LIVE_TYPES = new Set(['pipeline', 'application', 'verification_check', 'interview']);

/** Refetches the pipeline (and an open application) on the company's pipeline events. */
function useLivePipeline(jobId: string, companyId: string | null) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'ready' || ('topic' in event && event.topic === `company:${companyId}` && LIVE_TYPES.has(event.type))) {
        void queryClient.invalidateQueries({ queryKey: pipelineQueryKey(jobId) });
        if ('id' in event && event.id) {
          void queryClient.invalidateQueries({ queryKey: pipelineApplicationQueryKey(event.id) });
          // A teammate's tag, note or move: the open panel's record follows (issue 36 §2).
          for (const key of [candidateTagsQueryKey(event.id), applicationNotesQueryKey(event.id), applicationTimelineQueryKey(event.id)]) void queryClient.invalidateQueries({ queryKey: key });
        }
      }
    },
    [queryClient, jobId, companyId],
  );
  useLiveEvents(refresh, { enabled: companyId !== null, key: companyId ?? '' });
}

/** /dashboard/jobs/:jobId/pipeline: the job's applications as a board by stage, or a list. */
export function PipelinePage() {
  const jobId = useParams().jobId ?? '';
  const me = useMe().data;
  const companyId = me?.user.role === 'employer' ? (me.user.company_id ?? null) : null;
  // Adding candidates (issue 36 §2) is for those who may move applications, as the server says.
  const canAdd = useCan('pipeline.move') && companyId !== null;
  // How many of each stage's newest to list beyond the first PIPELINE_LIMITS.perStage ("Show more").
  const [show, setShow] = useState<StageLimits>({});
  // Only the candidates with this company tag (issue 36 §2); '' for all.
  const [tag, setTag] = useState('');
  const pipeline = usePipeline(jobId, show, tag);
  const move = useMoveStage(jobId);
  const [chosenId, setOpenId] = useState<string | null>(null);
  // ?application=… (Find a candidate, from another job's board or the Candidates page) opens that
  // application until the panel is closed, which takes it out of the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const linked = searchParams.get('application');
  const openId = linked ?? chosenId;
  const closePanel = () => {
    setOpenId(null);
    if (linked)
      setSearchParams(
        (current) => {
          current.delete('application');
          return current;
        },
        { replace: true },
      );
  };
  const [pending, setPending] = useState<PendingMove | null>(null);
  // A phone shows one board column at a time: the list, with every stage in it, reads better there.
  const [initialView] = useState(() => (window.matchMedia('(max-width: 639px)').matches ? 'list' : 'board'));
  useLivePipeline(jobId, companyId);
  usePageMeta(fill(text.pageTitle, { title: pipeline.data?.job.title ?? '' }), text.heading);

  const counts = useMemo(() => (pipeline.data ? stageCounts(pipeline.data) : null), [pipeline.data]);
  const hidden = useMemo(() => (pipeline.data ? hiddenCounts(pipeline.data) : null), [pipeline.data]);
  const showMore = useCallback(
    (stage: PipelineStage) => setShow((current) => ({ ...current, [stage]: Math.min((current[stage] ?? PIPELINE_LIMITS.perStage) + PIPELINE_LIMITS.perStage, PIPELINE_LIMITS.listed) })),
    [],
  );
  const more = hidden ? { hidden, loading: pipeline.isPlaceholderData, onShowMore: showMore } : undefined;
  // The header's total is the sum of the counts the strip and the columns show: one source, so they never disagree.
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;

  function send(application: PipelineApplication, stage: PipelineStage, note: string, hire?: HireDetails) {
    move.mutate(
      { applicationId: application.id, body: { stage, ...(note.trim() ? { note } : {}), ...(hire ? { hire } : {}) } },
      {
        onSuccess: () => {
          toast.success(fill(text.moved, { name: application.name, stage: stageLabel(stage) }));
          setPending(null);
        },
        onError: (error) => toast.error(errorMessage(error, text.moveFailed)),
      },
    );
  }

  /** Hired and Rejected ask first (title and joining date; an optional reason); other moves go at once. */
  function requestMove(application: PipelineApplication, stage: PipelineStage, note = '') {
    if (stage === 'hired' || stage === 'rejected') setPending({ application, stage, note });
    else send(application, stage, note);
  }

  const openApplication = pipeline.data?.applications.find((application) => application.id === openId);

  return (
    <section aria-labelledby="pipeline-title" className="space-y-6">
      <div className="space-y-2">
        <Link to="/dashboard/jobs" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {text.backToJobs}
        </Link>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="pipeline-title" className="text-2xl font-bold tracking-tight break-words text-slate-900">
            {pipeline.data?.job.title ?? text.heading}
          </h2>
          {pipeline.data ? (
            <p className="text-sm text-slate-600" data-testid="pipeline-total">
              {fill(forCount(total, text.totalApplicationsOne, text.totalApplications), { count: total })}
            </p>
          ) : null}
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <CandidateFinder
          className="w-full sm:max-w-md"
          onSelect={(application) => {
            if (application.job_id === jobId) setOpenId(application.id);
            else void navigate(`/dashboard/jobs/${encodeURIComponent(application.job_id)}/pipeline?application=${encodeURIComponent(application.id)}`);
          }}
        />
        <TagFilter value={tag} onChange={setTag} />
        {canAdd && pipeline.data ? (
          <div className="sm:ml-auto">
            <AddCandidateActions jobId={jobId} jobTitle={pipeline.data.job.title} />
          </div>
        ) : null}
      </div>
      {canAdd ? <WaitingInvitations jobId={jobId} companyId={companyId} /> : null}

      {pipeline.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label={text.loading} />
        </div>
      ) : pipeline.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
          <p className="font-medium text-red-700">{text.loadFailed}</p>
          {errorMessage(pipeline.error, '') ? <p className="text-sm text-red-600">{errorMessage(pipeline.error, '')}</p> : null}
          <Button variant="outline" onClick={() => void pipeline.refetch()} disabled={pipeline.isFetching}>
            {text.retry}
          </Button>
        </div>
      ) : (
        <>
          {pipeline.data.source_counts.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 text-sm" aria-label={text.bySource}>
              <span className="font-medium text-slate-700">{text.bySource}:</span>
              {pipeline.data.source_counts.map((row) => (
                <span key={`${row.source}-${row.drive_id ?? ''}`} className="rounded-full bg-white px-2.5 py-0.5 text-slate-700 ring-1 ring-slate-200">
                  {sourceLabel({ source: row.source, source_drive_name: row.drive_name })} · {row.count}
                </span>
              ))}
            </div>
          ) : null}
          {pipeline.data.total === 0 ? <p className="rounded-xl border border-slate-200 bg-white px-6 py-10 text-center text-slate-600">{text.empty}</p> : null}
          <Tabs defaultValue={initialView}>
            <TabsList>
              <TabsTrigger value="board">{text.boardView}</TabsTrigger>
              <TabsTrigger value="list">{text.listView}</TabsTrigger>
            </TabsList>
            <TabsContent value="board">
              <PipelineBoard applications={pipeline.data.applications} counts={counts ?? pipeline.data.stage_counts} more={more} onMove={requestMove} onOpen={(application) => setOpenId(application.id)} />
            </TabsContent>
            <TabsContent value="list">
              <PipelineList jobId={jobId} applications={pipeline.data.applications} more={more} onMove={requestMove} onOpen={(application) => setOpenId(application.id)} />
            </TabsContent>
          </Tabs>
        </>
      )}

      <ApplicationPanel
        key={openId ?? 'closed'}
        applicationId={openId}
        onOpenChange={(open) => {
          if (!open) closePanel();
        }}
        moving={move.isPending}
        onMove={(stage, note, shown) => {
          // An application the board does not list (found by search in a long stage) moves as the panel shows it.
          requestMove(openApplication ?? shown, stage, note);
        }}
      />
      <HireDialog
        name={pending?.application.name ?? ''}
        defaultTitle={pipeline.data?.job.title ?? ''}
        open={pending?.stage === 'hired'}
        pending={move.isPending}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        onConfirm={(hire) => {
          if (pending) send(pending.application, 'hired', pending.note, hire);
        }}
      />
      <RejectDialog
        name={pending?.application.name ?? ''}
        initialNote={pending?.note ?? ''}
        open={pending?.stage === 'rejected'}
        pending={move.isPending}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        onConfirm={(note) => {
          if (pending) send(pending.application, 'rejected', note);
        }}
      />
    </section>
  );
}
