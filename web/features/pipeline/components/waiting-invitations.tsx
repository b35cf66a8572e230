import { useCallback, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, MailCheck } from 'lucide-react';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import type { CandidateInvitation } from '@shared/schemas/candidate-invitations.ts';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { invitationsQueryKey, useInvitations, useWithdrawInvitation } from '../api/candidate-invitations.ts';
import { InvitationResume } from './invitation-resume.tsx';

const text = messages.candidateInvitations;
// In India's time, as the person's email gives the link's last day.
const day = (at: string) => formatIstDate(new Date(at));

/** Refetches the waiting list when a teammate adds or withdraws one, or the person answers. */
function useLiveInvitations(jobId: string, companyId: string | null) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'ready' || ('topic' in event && event.topic === `company:${companyId}` && event.type === 'invitation')) {
        void queryClient.invalidateQueries({ queryKey: invitationsQueryKey(jobId) });
      }
    },
    [queryClient, jobId, companyId],
  );
  useLiveEvents(refresh, { enabled: companyId !== null, key: companyId ?? '' });
}

/**
 * "Waiting for the candidate to confirm" (issue 36 §2): the people the team added who have not
 * answered yet, folded under one line so the pipeline stays first. Nothing shows when there are none.
 */
export function WaitingInvitations({ jobId, companyId }: { jobId: string; companyId: string | null }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const invitations = useInvitations(jobId);
  useLiveInvitations(jobId, companyId);
  const list = invitations.data ?? [];
  if (list.length === 0) return null;

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-amber-200 bg-amber-50/60" data-testid="waiting-invitations">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => setOpen((shown) => !shown)}
          className="flex w-full cursor-pointer items-center gap-2 rounded-xl px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <MailCheck className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
          <span className="min-w-0 flex-1">{text.waitingTitle}</span>
          <span className="shrink-0 rounded-full bg-white px-2 py-0.5 text-sm font-medium text-slate-700 ring-1 ring-amber-200">{fill(text.waitingCount, { count: list.length })}</span>
          <ChevronDown className={cn('size-4 shrink-0 text-slate-600 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h3>
      {open ? (
        <ul id={`${id}-list`} className="divide-y divide-amber-200 border-t border-amber-200">
          {list.map((invitation) => (
            <WaitingItem key={invitation.id} jobId={jobId} invitation={invitation} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function WaitingItem({ jobId, invitation }: { jobId: string; invitation: CandidateInvitation }) {
  const withdraw = useWithdrawInvitation(jobId);
  const name = invitation.full_name;
  const how = invitation.source === 'referral' && invitation.referrer_name ? `${text.sourceLabels.referral} · ${invitation.referrer_name}` : text.sourceLabels[invitation.source];
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
      <div className="min-w-0 flex-1 space-y-0.5 text-sm">
        <p className="font-medium break-words text-slate-900">{name}</p>
        <p className="text-slate-700">
          <span className="break-words">{invitation.email}</span>
          {invitation.phone ? <span className="whitespace-nowrap">{` · ${invitation.phone}`}</span> : null}
        </p>
        <p className="break-words text-slate-700">{how}</p>
        <p className="text-slate-600">{fill(text.waitingSince, { date: day(invitation.created_at), expires: day(invitation.expires_at) })}</p>
        <div className="pt-1.5">
          <InvitationResume jobId={jobId} invitation={invitation} />
        </div>
      </div>
      <ConfirmButton
        label={text.withdraw}
        ariaLabel={fill(text.withdrawName, { name })}
        title={fill(text.withdrawName, { name })}
        body={fill(text.withdrawBody, { name })}
        action={text.withdraw}
        destructive
        done={text.withdrawn}
        cancelLabel={messages.pipeline.cancel}
        onConfirm={async () => {
          await withdraw.mutateAsync(invitation.id);
        }}
      />
    </li>
  );
}
