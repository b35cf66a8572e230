import { useState } from 'react';
import { Search } from 'lucide-react';
import { adminConsoleMessages as consoleText } from '@shared/messages/admin-console.ts';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatIstDate } from '@shared/gst.ts';
import { PLANS } from '@shared/plans.ts';
import type { AdminCompanyPlan } from '@shared/schemas/billing.ts';
import { Pager } from '@web/components/pager.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { useCompanyPlans } from '../api/admin-billing.ts';
import { EnterpriseDialog, ExtendTrialDialog } from './admin-plan-dialogs.tsx';

const STANDING = { trial: text.standingTrial, active: text.standingActive, lapsed: text.standingLapsed } as const;

/** The Plans tab of /admin: each company's plan, standing, dates and listings; extend a trial or set Enterprise limits. */
export function AdminPlansTab() {
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(input.trim(), 300);
  const [acting, setActing] = useState<{ company: AdminCompanyPlan; action: 'extend' | 'enterprise' } | null>(null);
  const companies = useCompanyPlans(q, page);

  return (
    <section aria-labelledby="admin-plans-heading" className="space-y-4">
      <h2 id="admin-plans-heading" className="sr-only">
        {text.adminTab}
      </h2>
      <div className="max-w-md space-y-1.5">
        <Label htmlFor="admin-plans-search">{text.adminSearch}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            id="admin-plans-search"
            type="search"
            className="pl-9"
            maxLength={100}
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      {companies.isPending ? <Spinner label={text.adminTab} /> : null}
      {companies.data ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[text.adminCompany, text.adminPlan, text.adminUntil, text.adminListings, text.adminActions].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-2 font-semibold whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {companies.data.companies.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-4 py-6 text-center text-slate-600">
                    {text.adminNoCompanies}
                  </td>
                </tr>
              ) : null}
              {companies.data.companies.map((company) => {
                const until = company.status === 'trialing' ? company.trial_ends_at : company.period_ends_at;
                return (
                  <tr key={company.id}>
                    <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                      {company.name}
                    </th>
                    <td className="px-4 py-2 whitespace-nowrap">
                      {PLANS[company.plan].name} · {STANDING[company.standing]}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap">{until ? formatIstDate(new Date(until)) : '—'}</td>
                    <td className="px-4 py-2 whitespace-nowrap tabular-nums">
                      {company.limits.listings === null ? fill(text.unlimited, { used: company.listings }) : fill(text.ofLimit, { used: company.listings, limit: company.limits.listings })}
                    </td>
                    <td className="px-4 py-2">
                      <div className="flex flex-wrap gap-2">
                        {company.status === 'trialing' ? (
                          <Button size="sm" variant="outline" onClick={() => setActing({ company, action: 'extend' })} aria-label={`${text.adminExtendTrial}: ${company.name}`}>
                            {text.adminExtendTrial}
                          </Button>
                        ) : null}
                        <Button size="sm" variant="outline" onClick={() => setActing({ company, action: 'enterprise' })} aria-label={`${text.adminSetEnterprise}: ${company.name}`}>
                          {text.adminSetEnterprise}
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {companies.data && (page > 1 || companies.data.has_more) ? (
        <Pager page={page} hasMore={companies.data.has_more} busy={companies.isFetching} onPageChange={setPage} texts={{ label: text.adminPagination, previous: consoleText.previous, next: consoleText.next, pageOf: text.adminPage }} />
      ) : null}
      {acting?.action === 'extend' ? <ExtendTrialDialog company={acting.company} onClose={() => setActing(null)} /> : null}
      {acting?.action === 'enterprise' ? <EnterpriseDialog company={acting.company} onClose={() => setActing(null)} /> : null}
    </section>
  );
}
