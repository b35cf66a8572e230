import { Check, X } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { PendingEmployment } from '@shared/schemas/employment.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useAnswerEmployment } from '../api/answer-employment.ts';
import { formatMoment } from '../lib/format-dates.ts';
import { employmentPeriod } from './record-timeline.tsx';

const text = messages.employment;

/**
 * Employments companies added by the person's candidate ID: nothing reaches their record until
 * they confirm (issue 33 A1). Declining keeps it off for good.
 */
export function PendingEmployments({ pending }: { pending: PendingEmployment[] }) {
  const answer = useAnswerEmployment();
  if (pending.length === 0) return null;

  const respond = async (employment: PendingEmployment, choice: 'confirm' | 'decline') => {
    try {
      await answer.mutateAsync({ id: employment.id, answer: choice });
      toast.success(choice === 'confirm' ? text.confirmedToast : text.declinedToast);
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(text.confirmFailed, reason ? { description: reason } : undefined);
    }
  };
  const busy = (employment: PendingEmployment, choice: 'confirm' | 'decline') => answer.isPending && answer.variables.id === employment.id && answer.variables.answer === choice;

  return (
    <section className="space-y-3 rounded-lg border border-amber-200 bg-amber-50/60 p-4" aria-labelledby="pending-employments-title" data-testid="pending-employments">
      <div>
        <h3 id="pending-employments-title" className="text-sm font-semibold text-slate-900">
          {text.pendingTitle}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{text.pendingIntro}</p>
      </div>
      <ul className="space-y-3">
        {pending.map((employment) => (
          <li key={employment.id} className="rounded-md border border-amber-200 bg-white p-3" data-testid="pending-employment">
            <p className="font-medium break-words text-slate-900">{employment.title} <span className="font-normal text-slate-600">· {employment.company_name}</span></p>
            <p className="mt-0.5 text-sm text-slate-600">{employmentPeriod(employment)}</p>
            <p className="mt-0.5 text-xs text-slate-500">{fill(text.pendingRecordedOn, { company: employment.company_name, date: formatMoment(employment.recorded_at) })}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" disabled={answer.isPending} aria-label={fill(text.confirmNamed, { company: employment.company_name })} onClick={() => void respond(employment, 'confirm')}>
                <Check className="size-4" aria-hidden="true" />
                {busy(employment, 'confirm') ? text.confirming : text.confirm}
              </Button>
              <Button size="sm" variant="outline" disabled={answer.isPending} aria-label={fill(text.declineNamed, { company: employment.company_name })} onClick={() => void respond(employment, 'decline')}>
                <X className="size-4" aria-hidden="true" />
                {busy(employment, 'decline') ? text.declining : text.decline}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
