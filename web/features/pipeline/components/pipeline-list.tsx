import { forCount } from '@shared/english.ts';
import { useState } from 'react';
import { format } from 'date-fns';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { isFinalStage, type PipelineCard, type PipelineStage } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { useBulkReject } from '../api/bulk-reject.ts';
import { experienceText, sourceLabel, stageLabel } from '../lib/format.ts';
import { MoveMenu } from './move-menu.tsx';
import { NoteField } from './note-field.tsx';
import { VerificationBadges } from './verification-badges.tsx';
import { CardTags } from './card-tags.tsx';
import { KnockedOutBadge } from './screening-answers-section.tsx';

import { ShowMoreByStage, type MoreCards } from './show-more.tsx';
const text = messages.pipeline;
/** Columns shown from sm up; below, their values sit under the candidate's name. */
const wide = 'hidden sm:table-cell';
const applied = (application: PipelineCard) => format(new Date(application.applied_at), 'd MMM yyyy');

function BulkRejectDialog({ jobId, ids, open, onOpenChange, onDone }: { jobId: string; ids: string[]; open: boolean; onOpenChange: (open: boolean) => void; onDone: () => void }) {
  const bulk = useBulkReject(jobId);
  const [note, setNote] = useState('');
  async function confirm() {
    try {
      const result = await bulk.mutateAsync({ application_ids: ids, ...(note.trim() ? { note } : {}) });
      toast.success(fill(forCount(result.rejected.length, text.bulkDoneOne, text.bulkDone), { count: result.rejected.length }), {
        description: result.skipped.length ? fill(forCount(result.skipped.length, text.bulkSkippedOne, text.bulkSkipped), { count: result.skipped.length }) : undefined,
      });
      setNote('');
      onDone();
      onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error, text.bulkFailed));
    }
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogTitle>{fill(forCount(ids.length, text.bulkTitleOne, text.bulkTitle), { count: ids.length })}</DialogTitle>
        <DialogDescription>{text.bulkDescription}</DialogDescription>
        <div className="mt-4">
          <NoteField id="bulk-reject-note" label={text.bulkNoteLabel} value={note} onChange={setNote} />
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {text.cancel}
          </Button>
          <Button variant="destructive" disabled={bulk.isPending} onClick={() => void confirm()}>
            {bulk.isPending ? text.moving : text.bulkConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The list view: a table with checkboxes; the selected open applications can be rejected at once. */
export function PipelineList({
  jobId,
  applications,
  more,
  onMove,
  onOpen,
}: {
  jobId: string;
  applications: PipelineCard[];
  more?: MoreCards | undefined;
  onMove: (application: PipelineCard, stage: PipelineStage) => void;
  onOpen: (application: PipelineCard) => void;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // An interviewer may read the list but not reject anyone (issue 33 B6): no checkboxes, no button.
  const canMove = useCan('pipeline.move');
  const selectable = applications.filter((application) => !isFinalStage(application.stage));
  // Only ids still listed and still open count (a live refetch may have closed some).
  const chosen = selectable.filter((application) => selected.has(application.id)).map((application) => application.id);
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-3">
      {canMove ? (
        <div className="flex items-center justify-end">
          <Button variant="destructive" size="sm" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
            {fill(text.rejectSelected, { count: String(chosen.length) })}
          </Button>
        </div>
      ) : null}
      {/* relative: the sr-only header text is positioned against this box; without it, it sat 730 px from the left and widened a phone's page. */}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
        {/* Below sm: checkbox, candidate (experience, source and date under the name), stage, menu. */}
        <table className="w-full text-left text-sm sm:min-w-[48rem]" data-testid="pipeline-list">
          <thead className="bg-slate-50 text-slate-500">
            <tr>
              {canMove ? (
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={text.selectAll}
                    checked={allChosen}
                    disabled={selectable.length === 0}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(selectable.map((application) => application.id)))}
                  />
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2 font-medium">{text.columnCandidate}</th>
              <th scope="col" className="px-3 py-2 font-medium">{text.columnStage}</th>
              <th scope="col" className={cn('px-3 py-2 font-medium', wide)}>
                {text.columnExperience}
              </th>
              <th scope="col" className={cn('px-3 py-2 font-medium', wide)}>
                {text.columnSource}
              </th>
              <th scope="col" className={cn('px-3 py-2 font-medium', wide)}>
                {text.columnApplied}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{text.moveTo}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {applications.map((application) => (
              <tr key={application.id}>
                {canMove ? (
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={fill(text.selectOne, { name: application.name })}
                      disabled={isFinalStage(application.stage)}
                      checked={selected.has(application.id) && !isFinalStage(application.stage)}
                      onChange={() => toggle(application.id)}
                    />
                  </td>
                ) : null}
                <td className="px-3 py-2">
                  <button type="button" className="font-medium text-slate-900 hover:text-brand-700 hover:underline" onClick={() => onOpen(application)}>
                    {application.name}
                  </button>
                  <span className="ml-2 font-mono text-xs text-slate-500">{application.candidate_code}</span>
                  <p className="mt-0.5 text-xs text-slate-600 sm:hidden">
                    {experienceText(application.experience_years)} · {sourceLabel(application)} · {applied(application)}
                  </p>
                  <div className="mt-1">
                    <VerificationBadges subjects={application.verified} />
                    {application.knocked_out ? <KnockedOutBadge /> : null}
                  </div>
                  <CardTags tags={application.tags} />
                </td>
                <td className="px-3 py-2">{stageLabel(application.stage)}</td>
                <td className={cn('px-3 py-2 text-slate-600', wide)}>{experienceText(application.experience_years)}</td>
                <td className={cn('px-3 py-2 text-slate-600', wide)}>{sourceLabel(application)}</td>
                <td className={cn('px-3 py-2 whitespace-nowrap text-slate-600', wide)}>
                  <time dateTime={application.applied_at}>{applied(application)}</time>
                </td>
                <td className="px-3 py-2 text-right">
                  <MoveMenu application={application} onMove={(stage) => onMove(application, stage)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMoreByStage more={more} />
      <BulkRejectDialog jobId={jobId} ids={chosen} open={confirming} onOpenChange={setConfirming} onDone={() => setSelected(new Set())} />
    </div>
  );
}
