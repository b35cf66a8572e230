import { useState, type Ref } from 'react';
import { X } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { AuditLogEntry } from '@shared/schemas/admin-console.ts';
import { Pager } from '@web/components/pager.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { useAuditFacets, useAuditLogs, type AuditFilter } from '../api/get-audit-logs.ts';

const text = messages.adminConsole;
const selectClass =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';
// Audit dates are India dates (the filters are too), whatever the admin's own time zone.
const whenFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const emptyFilter = { actor: '', action: '', company: '', from: '', to: '' };

/** 'user_role_changed' → 'user role changed' (the dashboard's Recent Activity writes actions the same way). */
const humanise = (value: string) => value.replace(/_/g, ' ');

// jsonb keeps keys in its own order (shortest first); show the telling ones first.
const KEY_ORDER = ['from', 'to', 'title', 'name', 'email', 'role'];
const rank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);

function detailsText(details: Record<string, unknown>): string {
  const ordered = Object.entries(details).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const parts = ordered.map(([key, value]) => `${humanise(key)}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.length > 0 ? parts.join(' · ') : text.noDetails;
}

/**
 * The audit log the "Audit Logs" quick action opens above the tabs: every admin and employer
 * action, newest first, filtered by actor, action, company and a range of India dates, 50 a page.
 */
export function AuditLogPanel({ onClose, headingRef }: { onClose: () => void; headingRef?: Ref<HTMLHeadingElement> }) {
  const [filter, setFilter] = useState(emptyFilter);
  const [page, setPage] = useState(1);
  const actor = useDebouncedValue(filter.actor.trim(), 300);
  const query: AuditFilter = { ...filter, actor, page };
  const logs = useAuditLogs(query);
  const facets = useAuditFacets();

  const update = (key: keyof typeof emptyFilter) => (value: string) => {
    setFilter((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const filtered = Object.values(filter).some((value) => value !== '');

  return (
    <section aria-labelledby="audit-log-heading" className="space-y-4" data-testid="audit-log-panel">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="audit-log-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            {text.auditTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{text.auditDescription}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
          {text.close}
        </Button>
      </div>

      <fieldset className="grid min-w-0 grid-cols-2 gap-3 lg:grid-cols-[2fr_1.5fr_1.5fr_1fr_1fr_auto] lg:items-end">
        <legend className="sr-only">{text.auditFiltersLabel}</legend>
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor="audit-actor">{text.actorLabel}</Label>
          <Input id="audit-actor" type="search" maxLength={200} placeholder={text.actorPlaceholder} value={filter.actor} onChange={(event) => update('actor')(event.target.value)} />
        </div>
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor="audit-action">{text.actionLabel}</Label>
          <select id="audit-action" className={selectClass} value={filter.action} onChange={(event) => update('action')(event.target.value)}>
            <option value="">{text.allActions}</option>
            {(facets.data?.actions ?? []).map((action) => (
              <option key={action} value={action}>
                {humanise(action)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <Label htmlFor="audit-company">{text.companyLabel}</Label>
          <select id="audit-company" className={selectClass} value={filter.company} onChange={(event) => update('company')(event.target.value)}>
            <option value="">{text.allCompanies}</option>
            {(facets.data?.companies ?? []).map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-from">{text.fromLabel}</Label>
          <Input id="audit-from" type="date" max={filter.to || undefined} value={filter.from} onChange={(event) => update('from')(event.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-to">{text.toLabel}</Label>
          <Input id="audit-to" type="date" min={filter.from || undefined} value={filter.to} onChange={(event) => update('to')(event.target.value)} />
        </div>
        <Button
          variant="outline"
          className="col-span-2 sm:col-span-1"
          disabled={!filtered}
          onClick={() => {
            setFilter(emptyFilter);
            setPage(1);
          }}
        >
          {text.clearFilters}
        </Button>
      </fieldset>

      <Card className="overflow-hidden">
        {logs.isError ? (
          <div role="alert" className="flex items-center justify-between gap-4 p-6 text-sm text-red-800">
            {errorMessage(logs.error, text.auditLoadFailed)}
            <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : !logs.data ? (
          <div className="flex justify-center p-10">
            <Spinner label={text.loadingAudit} />
          </div>
        ) : logs.data.entries.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500">{text.noEntries}</p>
        ) : (
          <AuditEntries entries={logs.data.entries} busy={logs.isFetching} />
        )}
      </Card>

      {logs.data && !logs.isError ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600" data-testid="audit-total">
            {logs.data.total === 1 ? text.totalEntriesOne : fill(text.totalEntries, { count: logs.data.total.toLocaleString('en-IN') })}
          </p>
          <Pager
            page={logs.data.page}
            pageCount={logs.data.page_count}
            busy={logs.isFetching}
            onPageChange={setPage}
            texts={{ label: text.auditPagination, previous: text.previous, next: text.next, pageOf: text.pageOf }}
          />
        </div>
      ) : null}
    </section>
  );
}

/** A table from md up; below it, one block per entry (a six-column table does not fit 375 px). */
function AuditEntries({ entries, busy }: { entries: AuditLogEntry[]; busy: boolean }) {
  const head = 'px-4 py-3 font-medium';
  const actorOf = (entry: AuditLogEntry) => (
    <>
      <span className="font-medium text-slate-900">{entry.actor_name || entry.actor_email || text.unknownActor}</span>
      {/* One line with an ellipsis, never broken mid-word (issue 12, defect 8); the whole value is in the DOM and the tooltip. */}
      {entry.actor_email && entry.actor_name ? (
        <span className="block truncate text-xs text-slate-500 md:max-w-56" title={entry.actor_email}>
          {entry.actor_email}
        </span>
      ) : null}
    </>
  );
  const entityOf = (entry: AuditLogEntry) => (
    <>
      {humanise(entry.entity_type)}
      {entry.entity_id ? (
        <span className="block max-w-40 truncate font-mono text-xs text-slate-500" title={entry.entity_id}>
          {entry.entity_id}
        </span>
      ) : null}
    </>
  );
  return (
    <div className={cn('transition-opacity', busy && 'opacity-60')} aria-busy={busy}>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className={head}>
              {text.columnWhen}
            </th>
            <th scope="col" className={head}>
              {text.columnActor}
            </th>
            <th scope="col" className={head}>
              {text.columnAction}
            </th>
            <th scope="col" className={head}>
              {text.columnEntity}
            </th>
            <th scope="col" className={head}>
              {text.columnCompany}
            </th>
            <th scope="col" className={head}>
              {text.columnDetails}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top" data-testid="audit-row">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={entry.created_at}>{whenFormat.format(new Date(entry.created_at))}</time>
              </td>
              <td className="px-4 py-3">{actorOf(entry)}</td>
              <td className="px-4 py-3 text-slate-900">{humanise(entry.action)}</td>
              <td className="max-w-40 px-4 py-3 text-slate-700">{entityOf(entry)}</td>
              <td className="px-4 py-3 text-slate-700">{entry.company_name ?? text.noCompany}</td>
              <td className="max-w-72 px-4 py-3 break-words text-slate-600">{detailsText(entry.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 md:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="space-y-1 p-4 text-sm" data-testid="audit-item">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-medium text-slate-900">{humanise(entry.action)}</span>
              <time dateTime={entry.created_at} className="shrink-0 text-xs text-slate-500">
                {whenFormat.format(new Date(entry.created_at))}
              </time>
            </div>
            <div className="text-slate-700">{actorOf(entry)}</div>
            <p className="text-slate-600">
              {humanise(entry.entity_type)}
              {entry.company_name ? ` · ${entry.company_name}` : ''}
            </p>
            <p className="break-words text-slate-600">{detailsText(entry.details)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
