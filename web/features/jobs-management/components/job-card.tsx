import { forCount } from '@shared/english.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { Briefcase, CalendarClock, ClipboardList, Copy, ExternalLink, MapPin, Pencil, QrCode, Trash2, Users, UsersRound } from 'lucide-react';
import { salaryIcon } from '@web/components/salary-icon.tsx';
import { toast } from '@web/lib/toast.ts';
import { fill } from '@shared/fill.ts';
import { messages } from '@shared/messages.ts';
import { jobLifecycleMessages } from '@shared/messages/job-lifecycle.ts';
import { JOB_TIME_ZONE, type EmployerJob } from '@shared/schemas/jobs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { useNow } from '@web/lib/use-now.ts';
import { isJobClosed } from '../lib/job-edit.ts';
import { jobLink } from '../lib/job-link.ts';
import { CloseJobButton } from './close-job-button.tsx';
import { CloneJobButton, PublishJobButton } from './draft-buttons.tsx';
import { formatJobPay, jobKindFacts } from '@shared/job-details.ts';
import { DeleteJobDialog } from './delete-job-dialog.tsx';
import { EditJobDialog } from './edit-job-dialog.tsx';
import { HiringTeamDialog } from './hiring-team-dialog.tsx';
import { ScorecardTemplateDialog } from './scorecard-template-dialog.tsx';
import { scorecardsMessages } from '@shared/messages/scorecards.ts';
import { JobQrDialog } from './job-qr-dialog.tsx';

const text = messages.jobsManagement;
const lifecycle = jobLifecycleMessages;
type OpenDialog = 'qr' | 'delete' | 'edit' | 'team' | 'scorecard' | null;

/**
 * The day a job expires, on India's calendar: it expires at the end of that day in India, an instant
 * that is already the next morning east of India (Tokyo would have read a day late).
 */
const expiryDay = (instant: string) => format(new TZDate(new Date(instant).getTime(), JOB_TIME_ZONE), 'MMM d, yyyy');

/** A fact about the job; `wrap` lets a long one (the job's kind) run onto a second line rather than be cut. */
function Chip({ icon: Icon, children, wrap = false }: { icon: typeof MapPin; children: string; wrap?: boolean }) {
  return (
    <li className={`inline-flex max-w-full items-center gap-1 bg-slate-100 px-2.5 py-1 text-xs text-slate-700 ${wrap ? 'rounded-2xl' : 'rounded-full'}`}>
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className={wrap ? 'break-words' : 'truncate'}>{children}</span>
    </li>
  );
}

/** Copy link, QR code, Applications and View: a published job's ways out. */
function ShareButtons({ jobId, onQr }: { jobId: string; onQr: () => void }) {
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(jobLink(jobId, window.location.origin, 'link'));
      toast.success(text.linkCopied);
    } catch {
      toast.error(text.copyFailed);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => void copyLink()}>
        <Copy className="size-4" aria-hidden="true" />
        {text.copyLink}
      </Button>
      <Button variant="outline" size="sm" onClick={onQr}>
        <QrCode className="size-4" aria-hidden="true" />
        {text.qrCode}
      </Button>
      <Button variant="outline" size="sm" asChild>
        <Link to={`/dashboard/jobs/${encodeURIComponent(jobId)}/pipeline`}>
          <Users className="size-4" aria-hidden="true" />
          {text.applications}
        </Link>
      </Button>
      <Button variant="outline" size="sm" asChild>
        <a href={`/jobs/${encodeURIComponent(jobId)}`} target="_blank" rel="noopener noreferrer">
          <ExternalLink className="size-4" aria-hidden="true" />
          {text.view}
        </a>
      </Button>
    </>
  );
}

/**
 * One job of the company (spec point 2): title, count, chips, description and its actions.
 * Applications opens the job's pipeline (issue 7). Edit, Close or Reopen and Delete (issue 33 B3)
 * show only to a role that may change jobs (`canManage`); the server refuses the rest anyway.
 */
export function JobCard({ job, applicationLimit = null, canManage = true }: { job: EmployerJob; applicationLimit?: number | null; canManage?: boolean }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const now = useNow();
  const draft = job.status === 'draft';
  const closed = !draft && isJobClosed(job, now);
  const pay = job.salary ?? formatJobPay(job);
  const kind = jobKindFacts(job);
  const onOpenChange = (which: Exclude<OpenDialog, null>) => (open: boolean) => setDialog(open ? which : null);

  return (
    <Card className="flex flex-col p-5" aria-labelledby={`job-${job.id}-title`} role="article">
      <h3 id={`job-${job.id}-title`} className="line-clamp-2 text-base font-semibold break-words text-slate-900">
        {job.title}
      </h3>
      {closed ? <p className="mt-2 inline-flex self-start rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">{lifecycle.closedBadge}</p> : null}
      {draft ? (
        <p className="mt-2 self-start text-xs text-slate-600">
          <span className="mr-2 inline-flex rounded-full bg-amber-50 px-2.5 py-1 font-semibold text-amber-900 ring-1 ring-amber-300">{lifecycle.draftBadge}</span>
          {lifecycle.draftHint}
        </p>
      ) : null}
      <p className="mt-1 flex items-center gap-1 text-sm text-slate-500">
        <Users className="size-4" aria-hidden="true" />
        {fill(forCount(job.applications_count, text.applicationsCountOne, text.applicationsCount), { count: job.applications_count })}
      </p>
      {applicationLimit !== null && job.applications_count >= applicationLimit ? (
        <p className="mt-2 inline-flex self-start rounded-full bg-red-50 px-2.5 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-200">{messages.billing.applicationLimitReached}</p>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-2">
        {job.location ? <Chip icon={MapPin}>{job.location}</Chip> : null}
        {pay ? <Chip icon={salaryIcon(pay)}>{pay}</Chip> : null}
        {kind.length > 0 ? <Chip icon={Briefcase} wrap>{kind.join(' · ')}</Chip> : null}
        {job.expires_at ? <Chip icon={CalendarClock}>{fill(closed ? lifecycle.closedOn : text.expires, { date: expiryDay(job.expires_at) })}</Chip> : null}
      </ul>
      <p className="mt-3 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600">{job.description}</p>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {draft && canManage ? <PublishJobButton job={job} /> : null}
        {/* A draft has no public page yet: nothing to share or view. */}
        {draft ? null : <ShareButtons jobId={job.id} onQr={() => setDialog('qr')} />}
        {canManage ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setDialog('edit')} aria-label={fill(lifecycle.editJob, { title: job.title })}>
              <Pencil className="size-4" aria-hidden="true" />
              {lifecycle.edit}
            </Button>
            {draft ? null : <CloseJobButton job={job} closed={closed} />}
            <CloneJobButton job={job} />
            <Button variant="outline" size="sm" onClick={() => setDialog('team')} aria-label={fill(lifecycle.teamJob, { title: job.title })}>
              <UsersRound className="size-4" aria-hidden="true" />
              {lifecycle.team}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setDialog('scorecard')} aria-label={fill(scorecardsMessages.templateButtonFor, { title: job.title })}>
              <ClipboardList className="size-4" aria-hidden="true" />
              {scorecardsMessages.templateButton}
            </Button>
            <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => setDialog('delete')}>
              <Trash2 className="size-4" aria-hidden="true" />
              {text.delete}
            </Button>
          </>
        ) : null}
      </div>
      <JobQrDialog jobId={job.id} open={dialog === 'qr'} onOpenChange={onOpenChange('qr')} />
      {canManage ? (
        <>
          <EditJobDialog job={job} closed={closed} open={dialog === 'edit'} onOpenChange={onOpenChange('edit')} />
          <DeleteJobDialog job={job} open={dialog === 'delete'} onOpenChange={onOpenChange('delete')} />
          <HiringTeamDialog job={job} open={dialog === 'team'} onOpenChange={onOpenChange('team')} />
          <ScorecardTemplateDialog job={job} open={dialog === 'scorecard'} onOpenChange={onOpenChange('scorecard')} />
        </>
      ) : null}
    </Card>
  );
}
