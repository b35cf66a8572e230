import { Download } from 'lucide-react';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatIstDate, formatPaise } from '@shared/gst.ts';
import { PLANS } from '@shared/plans.ts';
import type { Payment } from '@shared/schemas/billing.ts';
import { fill } from '@web/lib/fill.ts';

/** Payment history, newest first, each with its GST invoice to download. */
export function PaymentsTable({ payments }: { payments: Payment[] }) {
  return (
    <section aria-labelledby="payments-heading" className="flex flex-col gap-3">
      <h3 id="payments-heading" className="text-lg font-semibold text-slate-900">
        {text.payments}
      </h3>
      {payments.length === 0 ? (
        <p className="text-sm text-slate-600">{text.noPayments}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {text.paidOn}
                </th>
                <th scope="col" className="hidden px-4 py-2 font-semibold sm:table-cell">
                  {text.planColumn}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  {text.amount}
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {text.invoice}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td className="px-4 py-2 whitespace-nowrap">{formatIstDate(new Date(payment.paid_at))}</td>
                  <td className="hidden px-4 py-2 sm:table-cell">{PLANS[payment.plan].name}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{formatPaise(payment.amount_paise)}</td>
                  <td className="px-4 py-2">
                    {payment.invoice ? (
                      <a
                        href={`/api/billing/invoices/${payment.invoice.id}/pdf`}
                        download
                        className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline"
                        aria-label={fill(text.download, { number: payment.invoice.number })}
                      >
                        <Download className="size-4" aria-hidden="true" />
                        {payment.invoice.number}
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
