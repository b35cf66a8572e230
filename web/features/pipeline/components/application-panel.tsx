import { useState } from 'react';
import { format } from 'date-fns';
import { CalendarPlus, FileSignature, FileText } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { isFinalStage, type PipelineApplication, type PipelineStage } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApplicationInterviews } from '@web/features/interviews/components/application-interviews.tsx';
import { ScheduleInterviewDialog } from '@web/features/interviews/components/schedule-interview-dialog.tsx';
import { SharedRecordPanel } from '@web/features/employment/components/shared-record-panel.tsx';
import { EpfoPanel } from '@web/features/verification/components/epfo-panel.tsx';
import { CandidateIssuedDocuments } from '@web/features/digilocker/components/candidate-issued-documents.tsx';
import { IssueLetterDialog } from '@web/features/letters/components/issue-letter-dialog.tsx';
import { useCan } from '@web/lib/session/use-can.ts';
import { fill } from '@web/lib/fill.ts';
import { usePipelineApplication } from '../api/get-application.ts';
import { experienceText, noticeText, sourceLabel, stageLabel } from '../lib/format.ts';
import { EMPLOYER_TARGETS } from './move-menu.tsx';
import { NoteField } from './note-field.tsx';
import { VerificationBadges } from './verification-badges.tsx';
import { CheckRequestsSection } from './check-requests-section.tsx';

const text = messages.pipeline;
const documentLabels = messages.candidate.documents.typeLabels as Record<string, string>;

/**
 * The application panel: the candidate's details, documents, verification badges, the stage
 * history, a move with a note, and the slots other features fill (interviews, the shared record).
 */
export function ApplicationPanel({
  applicationId,
  onOpenChange,
  onMove,
  moving,
}: {
  applicationId: string | null;
  onOpenChange: (open: boolean) => void;
  /** The application as the panel shows it comes along, for one the board does not list. */
  onMove: (stage: PipelineStage, note: string, application: PipelineApplication) => void;
  moving: boolean;
}) {
  const detail = usePipelineApplication(applicationId);
  const [stage, setStage] = useState<PipelineStage | ''>('');
  const [note, setNote] = useState('');
  const [scheduling, setScheduling] = useState(false);
  const [issuing, setIssuing] = useState(false);
  const canIssue = useCan('letters.issue');
  // What an interviewer may not do is not offered (issue 33 B6): scheduling and moving.
  const canSchedule = useCan('interviews.manage');
  const canMove = useCan('pipeline.move');
  const application = detail.data;

  function submit() {
    if (!stage || !application) return;
    onMove(stage, note, application);
    setStage('');
    setNote('');
  }

  return (
    <Dialog open={applicationId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>{application?.name ?? text.panelTitle}</DialogTitle>
        <DialogDescription>{application ? `${application.job_title} · ${stageLabel(application.stage)}` : text.loading}</DialogDescription>
        {detail.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={text.loading} />
          </div>
        ) : detail.isError || !application ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {text.loadFailed}
          </p>
        ) : (
          <div className="mt-4 space-y-6 text-sm">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
              <dt className="text-slate-500">{text.candidateId}</dt>
              <dd className="font-mono">{application.candidate_code ?? '—'}</dd>
              <dt className="text-slate-500">{text.emailLabel}</dt>
              <dd className="break-all">{application.email}</dd>
              <dt className="text-slate-500">{text.columnExperience}</dt>
              <dd>
                {experienceText(application.experience_years)}
                {application.current_employer ? ` · ${application.current_employer}` : ''}
              </dd>
              <dt className="text-slate-500">{text.noticeLabel}</dt>
              <dd>{noticeText(application.notice_period_days)}</dd>
              <dt className="text-slate-500">{text.source}</dt>
              <dd>{sourceLabel(application)}</dd>
              <dt className="text-slate-500">{text.columnApplied}</dt>
              <dd>{format(new Date(application.applied_at), 'd MMM yyyy, h:mm a')}</dd>
            </dl>
            <VerificationBadges subjects={application.verified} />
            <CheckRequestsSection applicationId={application.id} candidateName={application.name} />
            <EpfoPanel applicationId={application.id} />
            <CandidateIssuedDocuments candidateId={application.candidate_id} />

            <section aria-labelledby="panel-documents">
              <h3 id="panel-documents" className="mb-2 font-semibold text-slate-900">
                {text.documents}
              </h3>
              {application.documents.length === 0 ? (
                <p className="text-slate-500">{text.noDocuments}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {application.documents.map((document) => (
                    <li key={document.id}>
                      <a href={document.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 rounded-md border border-slate-200 px-2 py-1 text-brand-700 hover:bg-slate-50">
                        <FileText className="size-4" aria-hidden="true" />
                        {documentLabels[document.document_type] ?? document.document_type}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <div className="flex flex-wrap gap-2">
              {canSchedule ? (
                <Button variant="outline" size="sm" onClick={() => setScheduling(true)}>
                  <CalendarPlus className="size-4" aria-hidden="true" />
                  {text.scheduleInterview}
                </Button>
              ) : null}
              {canIssue && (application.stage === 'offered' || application.stage === 'hired') ? (
                <Button variant="outline" size="sm" onClick={() => setIssuing(true)}>
                  <FileSignature className="size-4" aria-hidden="true" />
                  {fill(messages.letters.issue, { kind: messages.letters.kinds.offer.toLowerCase() })}
                </Button>
              ) : null}
            </div>
            <ApplicationInterviews applicationId={application.id} />
            <SharedRecordPanel candidateId={application.candidate_id} />

            <section aria-labelledby="panel-history">
              <h3 id="panel-history" className="mb-2 font-semibold text-slate-900">
                {text.history}
              </h3>
              <ol className="space-y-2 border-l border-slate-200 pl-4" data-testid="stage-history">
                {application.history.map((event) => (
                  <li key={event.id}>
                    <p className="font-medium text-slate-800">
                      {event.from_stage ? fill(text.historyEntry, { from: stageLabel(event.from_stage), to: stageLabel(event.to_stage) }) : text.historyApplied}
                    </p>
                    <p className="text-xs text-slate-500">
                      <time dateTime={event.created_at}>{format(new Date(event.created_at), 'd MMM yyyy, h:mm a')}</time>
                      {event.actor_name ? ` · ${fill(text.historyBy, { name: event.actor_name })}` : ''}
                    </p>
                    {event.note ? <p className="mt-0.5 whitespace-pre-line text-slate-700">{event.note}</p> : null}
                  </li>
                ))}
              </ol>
            </section>

            {isFinalStage(application.stage) || !canMove ? null : (
              <section aria-labelledby="panel-move" className="space-y-3 rounded-lg border border-slate-200 p-4">
                <h3 id="panel-move" className="font-semibold text-slate-900">
                  {text.moveHeading}
                </h3>
                <div className="space-y-1.5">
                  <Label htmlFor="panel-stage">{text.stageLabel}</Label>
                  <select
                    id="panel-stage"
                    value={stage}
                    onChange={(event) => setStage(event.target.value as PipelineStage | '')}
                    className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
                  >
                    <option value="">{text.moveTo}</option>
                    {EMPLOYER_TARGETS.filter((target) => target !== application.stage).map((target) => (
                      <option key={target} value={target}>
                        {stageLabel(target)}
                      </option>
                    ))}
                  </select>
                </div>
                <NoteField id="panel-note" label={text.noteLabel} placeholder={text.notePlaceholder} value={note} onChange={setNote} />
                <Button disabled={!stage || moving} onClick={submit}>
                  {moving ? text.moving : text.move}
                </Button>
              </section>
            )}
            <ScheduleInterviewDialog applicationId={application.id} candidateName={application.name} open={scheduling} onOpenChange={setScheduling} />
            {issuing ? <IssueLetterDialog kinds={['offer']} target={{ application_id: application.id }} name={application.name} open onOpenChange={setIssuing} /> : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
