import { messages } from '@shared/messages.ts';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { useProviderCalls } from '../api/provider-calls.ts';

const text = messages.epfo;
const providerName = (provider: string) => text.providerLabels[provider] ?? provider;

/** Calls per provider per day, failures and the average answer time; and this month's calls by who pays (issue 34 §5). */
export function ProviderCallsCard() {
  const calls = useProviderCalls();
  return (
    <Card data-testid="provider-calls">
      <CardHeader className="pb-2">
        <CardTitle>{text.callsTitle}</CardTitle>
        <CardDescription>{text.callsDescription}</CardDescription>
      </CardHeader>
      <div className="px-6 pb-4 text-sm">
        {calls.isPending ? (
          <Spinner />
        ) : calls.isError ? (
          <p role="alert" className="text-red-700">
            {text.callsLoadFailed}
          </p>
        ) : calls.data.days.length === 0 ? (
          <p className="text-slate-500">{text.callsEmpty}</p>
        ) : (
          <div className="space-y-4">
            <div className="overflow-x-auto">
              <table className="w-full min-w-[32rem] text-left">
                <thead className="border-b border-slate-200 text-slate-500">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">{text.colDay}</th>
                    <th scope="col" className="py-2 pr-4 font-medium">{text.colProvider}</th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">{text.colCalls}</th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">{text.colFailures}</th>
                    <th scope="col" className="py-2 text-right font-medium">{text.colAverage}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {calls.data.days.map((row) => (
                    <tr key={`${row.day}-${row.provider}-${row.kind}`}>
                      <td className="py-1.5 pr-4 whitespace-nowrap">{row.day}</td>
                      <td className="py-1.5 pr-4">
                        {providerName(row.provider)} <span className="text-slate-500">· {text.kinds[row.kind] ?? row.kind}</span>
                      </td>
                      <td className="py-1.5 pr-4 text-right tabular-nums">{row.calls}</td>
                      <td className={row.failures > 0 ? 'py-1.5 pr-4 text-right text-amber-800 tabular-nums' : 'py-1.5 pr-4 text-right tabular-nums'}>{row.failures}</td>
                      <td className="py-1.5 text-right tabular-nums">{fill(text.averageMs, { ms: row.average_ms })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <section>
              <h3 className="mb-1 font-medium text-slate-900">{text.byCompanyTitle}</h3>
              <ul className="space-y-0.5">
                {calls.data.by_company.map((row) => (
                  <li key={row.company_id ?? 'workcred'} className="flex justify-between gap-3">
                    <span>{row.company_name ?? text.workcredPays}</span>
                    <span className="tabular-nums">{row.calls}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </div>
    </Card>
  );
}
