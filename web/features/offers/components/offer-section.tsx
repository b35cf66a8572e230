import { useState } from 'react';
import { FileSignature } from 'lucide-react';
import { formatIstDate } from '@shared/gst.ts';
import { letterDate } from '@shared/schemas/letters.ts';
import { offersMessages as text } from '@shared/messages/offers.ts';
import { formatRupees } from '@shared/offer-ctc.ts';
import { isOpenOffer, type CompanyOffer } from '@shared/schemas/offers.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { toast } from '@web/lib/toast.ts';
import { offerLetterUrl, useApplicationOffers, useOfferAction, type OfferAction } from '../api/offers.ts';
import { OfferFormDialog } from './offer-form-dialog.tsx';
import { OfferStatusBadge } from './offer-status-badge.tsx';
import { ReasonDialogButton } from './reason-dialog-button.tsx';

/**
 * The application panel's Offer: the live offer's terms and where it stands, with only the steps
 * the server allows this person now (Submit for approval, Approve for owners and admins, Send once
 * approved, Withdraw), the letter (a preview until sent), and Create offer when there is none.
 */
export function OfferSection({ applicationId, candidateName, jobTitle, closed }: { applicationId: string; candidateName: string; jobTitle: string; closed: boolean }) {
  const canManage = useCan('offers.manage');
  const canApprove = useCan('offers.approve');
  const offers = useApplicationOffers(applicationId, canManage);
  const action = useOfferAction(applicationId);
  const [editing, setEditing] = useState<CompanyOffer | 'new' | null>(null);
  if (!canManage || offers.isPending || offers.isError) return null;
  const live = offers.data.find((offer) => offer.status !== 'declined' && offer.status !== 'withdrawn' && offer.status !== 'expired') ?? null;
  const shown = live ?? offers.data[0] ?? null;

  async function run(offer: CompanyOffer, step: OfferAction, done: string) {
    try {
      await action.mutateAsync({ offerId: offer.id, action: step });
      toast.success(done);
    } catch (error) {
      toast.error(text.actionFailed, { description: errorMessage(error, '') || undefined });
    }
  }

  return (
    <section aria-labelledby={`offer-${applicationId}`} className="space-y-3 rounded-lg border border-slate-200 p-4" data-testid="offer-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`offer-${applicationId}`} className="font-semibold text-slate-900">
          {text.sectionTitle}
        </h3>
        {shown ? <OfferStatusBadge status={shown.status} /> : null}
      </div>
      {shown ? (
        <div className="space-y-1">
          <p className="font-medium text-slate-900">
            {shown.title} · {formatRupees(shown.total_paise)}
          </p>
          <p className="text-slate-600">
            {fill(text.joiningOn, { date: letterDate(shown.joining_date) })}
            {shown.status === 'sent' ? ` · ${fill(text.openUntil, { date: letterDate(shown.open_until) })}` : ''}
          </p>
          <p className="text-xs text-slate-500">
            {[
              shown.created_by_name ? fill(text.createdBy, { name: shown.created_by_name }) : null,
              shown.approved_by_name ? fill(text.approvedBy, { name: shown.approved_by_name }) : null,
              shown.sent_at && shown.sent_by_name ? fill(text.sentBy, { name: shown.sent_by_name, date: formatIstDate(new Date(shown.sent_at)) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {shown.decline_reason ? <p className="text-slate-700">{fill(text.declineReasonShown, { reason: shown.decline_reason })}</p> : null}
          {shown.withdraw_reason ? <p className="text-slate-700">{fill(text.withdrawReasonShown, { reason: shown.withdraw_reason })}</p> : null}
          {shown.status === 'pending_approval' && !canApprove ? <p className="text-slate-600">{text.waitingApproval}</p> : null}
          {live && isOpenOffer(live.status) && live.status !== 'sent' && live.letter_missing.length > 0 ? (
            <p className="text-amber-800">{fill(text.lettersMissing, { missing: live.letter_missing.map((what) => (what === 'address' ? text.missingAddress : text.missingSignatory)).join(' and ') })}</p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {!live && !closed ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            <FileSignature className="size-4" aria-hidden="true" />
            {text.createOffer}
          </Button>
        ) : null}
        {live && ['draft', 'pending_approval', 'approved'].includes(live.status) ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(live)}>
            {text.editOffer}
          </Button>
        ) : null}
        {live?.status === 'draft' ? (
          <Button size="sm" disabled={action.isPending} onClick={() => void run(live, 'submit', text.submitted)}>
            {text.submit}
          </Button>
        ) : null}
        {live?.status === 'pending_approval' && canApprove ? (
          <Button size="sm" disabled={action.isPending} onClick={() => void run(live, 'approve', text.approved)}>
            {text.approve}
          </Button>
        ) : null}
        {live?.status === 'approved' ? (
          <Button size="sm" disabled={action.isPending} onClick={() => void run(live, 'send', fill(text.sent, { name: candidateName }))}>
            {text.send}
          </Button>
        ) : null}
        {shown ? (
          <Button asChild size="sm" variant="outline">
            <a href={offerLetterUrl(shown.id)} download>
              {shown.sent_at ? text.viewLetter : text.previewLetter}
            </a>
          </Button>
        ) : null}
        {live && isOpenOffer(live.status) ? (
          <ReasonDialogButton
            label={text.withdraw}
            title={text.withdrawTitle}
            description={text.withdrawDescription}
            reasonLabel={text.withdrawReason}
            action={text.withdrawConfirm}
            cancelLabel={text.cancel}
            failed={text.actionFailed}
            onConfirm={async (reason) => {
              await action.mutateAsync({ offerId: live.id, action: 'withdraw', reason });
              toast.success(text.withdrawnDone);
            }}
          />
        ) : null}
      </div>
      {editing ? (
        <OfferFormDialog applicationId={applicationId} offer={editing === 'new' ? null : editing} candidateName={candidateName} jobTitle={jobTitle} open onOpenChange={(open) => (open ? null : setEditing(null))} />
      ) : null}
    </section>
  );
}
