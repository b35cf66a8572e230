import { formatIstDate } from '@shared/gst.ts';
import { offersMessages as text } from '@shared/messages/offers.ts';
import { annexureRows, formatRupees } from '@shared/offer-ctc.ts';
import { letterDate } from '@shared/schemas/letters.ts';
import type { CandidateOffer } from '@shared/schemas/offers.ts';
import { Button } from '@web/components/ui/button.tsx';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { offerLetterUrl, useAnswerOffer, useMyOffers } from '../api/offers.ts';
import { OfferStatusBadge } from './offer-status-badge.tsx';
import { ReasonDialogButton } from './reason-dialog-button.tsx';

/** How an answered or closed offer ended, in a line. */
function outcome(offer: CandidateOffer): string | null {
  const on = offer.responded_at ? formatIstDate(new Date(offer.responded_at)) : '';
  if (offer.status === 'accepted') return fill(text.youAccepted, { date: on });
  if (offer.status === 'declined') return fill(text.youDeclined, { date: on });
  if (offer.status === 'withdrawn') return fill(text.offerWithdrawn, { company: offer.company_name });
  if (offer.status === 'expired') return fill(text.offerExpired, { date: letterDate(offer.open_until) });
  return null;
}

function OfferItem({ offer }: { offer: CandidateOffer }) {
  const answer = useAnswerOffer();
  const values = { company: offer.company_name, title: offer.title, date: letterDate(offer.joining_date) };
  return (
    <li className="space-y-3 py-4" data-testid="candidate-offer">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold text-slate-900">{fill(text.offerFrom, values)}</h4>
          <p className="text-sm text-slate-700">{fill(text.candidateFacts, values)}</p>
          <p className="text-sm text-slate-700">{fill(text.candidateTotal, { total: formatRupees(offer.total_paise) })}</p>
        </div>
        <OfferStatusBadge status={offer.status} />
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">{text.letterAnnexure}</caption>
        <thead>
          <tr className="text-left text-slate-500">
            <th scope="col" className="py-1 font-medium">{text.letterComponent}</th>
            <th scope="col" className="py-1 pl-3 text-right font-medium">{text.letterAnnual}</th>
            <th scope="col" className="py-1 pl-3 text-right font-medium">{text.letterMonthly}</th>
          </tr>
        </thead>
        <tbody>
          {annexureRows(offer).map((row) => (
            <tr key={row.component} className={row.component === 'total' ? 'border-t border-slate-200 font-semibold text-slate-900' : 'text-slate-700'}>
              <th scope="row" className="py-1 text-left font-normal">{text.components[row.component]}</th>
              <td className="py-1 pl-3 text-right tabular-nums">{formatRupees(row.annualPaise)}</td>
              <td className="py-1 pl-3 text-right tabular-nums">{formatRupees(row.monthlyPaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {offer.status === 'sent' ? <p className="text-sm text-slate-600">{fill(text.openUntil, { date: letterDate(offer.open_until) })}</p> : null}
      {outcome(offer) ? <p className="text-sm text-slate-700">{outcome(offer)}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={offerLetterUrl(offer.id)} download aria-label={`${text.viewLetter}: ${fill(text.offerFrom, values)}`}>
            {text.viewLetter}
          </a>
        </Button>
        {offer.status === 'sent' ? (
          <>
            <ConfirmButton
              label={text.accept}
              title={fill(text.acceptTitle, values)}
              body={fill(text.acceptDescription, values)}
              action={text.acceptConfirm}
              done={text.acceptedDone}
              cancelLabel={text.cancel}
              onConfirm={async () => {
                await answer.mutateAsync({ offerId: offer.id, answer: 'accept' });
              }}
            />
            <ReasonDialogButton
              label={text.decline}
              title={fill(text.declineTitle, values)}
              description={text.declineDescription}
              reasonLabel={text.declineReason}
              action={text.declineConfirm}
              cancelLabel={text.cancel}
              failed={text.answerFailed}
              onConfirm={async (reason) => {
                await answer.mutateAsync({ offerId: offer.id, answer: 'decline', reason });
                toast.success(text.declinedDone);
              }}
            />
          </>
        ) : null}
      </div>
    </li>
  );
}

/** The candidate's dashboard: offers sent to them, each with its letter and, while open, Accept and Decline. Nothing shows without offers. */
export function CandidateOffersCard() {
  const offers = useMyOffers();
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <Card data-testid="candidate-offers">
      <CardHeader className="pb-0">
        <CardTitle>{text.candidateTitle}</CardTitle>
      </CardHeader>
      <ul className="divide-y divide-slate-100 px-6 pb-2">
        {offers.data.map((offer) => (
          <OfferItem key={offer.id} offer={offer} />
        ))}
      </ul>
    </Card>
  );
}
