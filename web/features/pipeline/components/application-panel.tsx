import { useState } from 'react';
import { format } from 'date-fns';
import { ArrowLeft, CalendarPlus, FileSignature, FileText, Mail, Phone } from 'lucide-react';
import { candidateNotesMessages as recordText } from '@shared/messages/candidate-notes.ts';
import { messages } from '@shared/messages.ts';
import { candidateEmailsMessages } from '@shared/messages/candidate-emails.ts';
import { isFinalStage, type PipelineApplication, type PipelineStage } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApplicationInterviews } from '@web/features/interviews/components/application-interviews.tsx';
import { ScheduleInterviewDialog } from '@web/features/interviews/components/schedule-interview-dialog.tsx';
import { SharedRecordPanel } from '@web/features/employment/components/shared-record-panel.tsx';
import { EpfoPanel } from '@web/features/verification/components/epfo-panel.tsx';
import { CandidateIssuedDocuments } from '@web/features/digilocker/components/candidate-issued-documents.tsx';
import { IssueLetterDialog } from '@web/features/letters/components/issue-letter-dialog.tsx';
import { OfferSection } from '@web/features/offers/components/offer-section.tsx';
import { useCan } from '@web/lib/session/use-can.ts';
import { fill } from '@web/lib/fill.ts';
import { usePipelineApplication } from '../api/get-application.ts';
import { EmailCandidateDialog } from './email-candidate-dialog.tsx';
import { experienceText, noticeText, sourceLabel, stageLabel } from '../lib/format.ts';
import { EMPLOYER_TARGETS } from './move-menu.tsx';
import { NoteField } from './note-field.tsx';
import { VerificationBadges } from './verification-badges.tsx';
import { CheckRequestsSection } from './check-requests-section.tsx';
import { CandidateTagsSection } from './candidate-tags-section.tsx';
import { NotesSection } from './notes-section.tsx';
import { ResumeViewer } from './resume-viewer.tsx';
import { TimelineSection } from './timeline-section.tsx';
import { ScreeningAnswersSection } from './screening-answers-section.tsx';

/** On a phone the panel is the whole screen (issue 36 §2), with Back; from sm up, a dialog over the board. */
const PHONE_FULL_PAGE =
  'max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:animate-none max-sm:rounded-none max-sm:border-0 max-sm:px-4 max-sm:pt-3';

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
  const [emailing, setEmailing] = useState(false);
  // Issue 36 §3: owners, admins and recruiters email candidates; interviewers do not.
  const canEmail = useCan('candidates.email');
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
      <DialogContent className={`max-h-[90vh] max-w-2xl overflow-y-auto ${PHONE_FULL_PAGE}`} data-testid="application-panel">
        <DialogClose asChild>
          <button type="button" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline sm:hidden">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {recordText.back}
          </button>
        </DialogClose>
        <DialogTitle className="pr-8">{application?.name ?? text.panelTitle}</DialogTitle>
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
              <dt className="text-slate-500">{recordText.phoneLabel}</dt>
              <dd data-testid="panel-phone">
                {application.phone ? (
                  <a href={`tel:${application.phone}`} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                    <Phone className="size-3.5" aria-hidden="true" />
                    {application.phone}
                  </a>
                ) : (
                  recordText.noPhone
                )}
                {application.phone && application.phone_verified ? <span className="ml-1 text-xs text-emerald-700">({recordText.phoneVerified})</span> : null}
              </dd>
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
            <ScreeningAnswersSection answers={application.screening_answers} reason={application.knockout_reason} />
            <CandidateTagsSection applicationId={application.id} jobId={application.job_id} />
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
              {canEmail ? (
                <Button variant="outline" size="sm" onClick={() => setEmailing(true)}>
                  <Mail className="size-4" aria-hidden="true" />
                  {candidateEmailsMessages.emailCandidate}
                </Button>
              ) : null}
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
            <ResumeViewer url={application.resume_url} name={application.name} />
            <NotesSection applicationId={application.id} />
            <OfferSection applicationId={application.id} candidateName={application.name} jobTitle={application.job_title} closed={isFinalStage(application.stage)} />
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

            <TimelineSection applicationId={application.id} />

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
            {emailing ? <EmailCandidateDialog applicationId={application.id} name={application.name} open onOpenChange={setEmailing} /> : null}
            {issuing ? <IssueLetterDialog kinds={['offer']} target={{ application_id: application.id }} name={application.name} open onOpenChange={setIssuing} /> : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
