import { useNavigate, useParams } from 'react-router';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatIstDate, formatPaise } from '@shared/gst.ts';
import { PLANS } from '@shared/plans.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { useDevCheckout, usePayTestCheckout } from '../api/billing.ts';

/**
 * /dashboard/billing/test-checkout/:checkoutId: the development provider's payment page, plainly
 * labelled as a test. Paying sends the signed events a real payment would to our webhook.
 */
export function TestCheckoutPage() {
  usePageMeta(`${text.testCheckoutTitle} · WorkCred`, text.testCheckoutIntro);
  const { checkoutId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useDevCheckout(checkoutId);
  const pay = usePayTestCheckout();
  const back = () => void navigate('/dashboard/billing');

  async function payNow() {
    if (!checkout.data) return;
    try {
      await pay.mutateAsync(checkoutId);
      const plan = PLANS[checkout.data.plan].name;
      toast.success(checkout.data.starts_at ? fill(text.testCheckoutBooked, { plan, date: formatIstDate(new Date(checkout.data.starts_at)) }) : fill(text.testCheckoutDone, { plan }));
      back();
    } catch (error) {
      toast.error(errorMessage(error, text.loadFailed));
    }
  }

  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 rounded-xl border-2 border-dashed border-violet-300 bg-white p-6 shadow-sm">
      <p>
        <span className="rounded bg-violet-700 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">{text.testModeBadge}</span>
      </p>
      <h2 className="text-xl font-bold text-slate-900">{text.testCheckoutTitle}</h2>
      <p className="text-sm text-slate-700">{text.testCheckoutIntro}</p>
      {checkout.isPending ? <Spinner label={text.testCheckoutTitle} /> : null}
      {checkout.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(checkout.error, text.loadFailed)}
        </p>
      ) : null}
      {checkout.data ? (
        checkout.data.status === 'created' ? (
          <>
            <dl className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 text-sm">
              <dt className="text-slate-600">{text.planColumn}</dt>
              <dd className="text-right font-medium text-slate-900">
                {PLANS[checkout.data.plan].name}
                {checkout.data.checks_add_on ? text.addOnInvoiceLine : ''}
              </dd>
              <dt className="text-slate-600">{text.amount}</dt>
              <dd className="text-right font-medium text-slate-900 tabular-nums">{formatPaise(checkout.data.amount_paise)}</dd>
            </dl>
            {checkout.data.starts_at ? (
              // Paying early keeps the trial's (or the cancelled plan's) days: the first charge is when they end.
              <p className="text-sm text-slate-800">
                {fill(checkout.data.continues === 'trial' ? text.checkoutTrialText : text.testCheckoutPlanText, {
                  trialEnd: formatIstDate(new Date(checkout.data.starts_at)),
                  date: formatIstDate(new Date(checkout.data.starts_at)),
                  amount: formatPaise(checkout.data.amount_paise),
                })}
              </p>
            ) : null}
            <Button size="lg" disabled={pay.isPending} onClick={() => void payNow()}>
              {pay.isPending ? text.testCheckoutPaying : checkout.data.starts_at ? text.testCheckoutAuthorise : fill(text.testCheckoutPay, { amount: formatPaise(checkout.data.amount_paise) })}
            </Button>
          </>
        ) : (
          <p className="text-sm text-slate-700">{text.testCheckoutUsed}</p>
        )
      ) : null}
      <Button variant="ghost" onClick={back}>
        {text.testCheckoutBack}
      </Button>
    </div>
  );
}
