import { useSearchParams } from 'react-router';
import { analyticsMessages as text } from '@shared/messages/analytics.ts';
import { can } from '@shared/permissions.ts';
import { analyticsQuerySchema, type AnalyticsQuery } from '@shared/schemas/analytics.ts';
import { todayInIndia } from '@shared/schemas/jobs.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { PRESETS, presetRange, type Preset } from '../lib/date-range.ts';
import { AnalyticsFiltersBar, type AnalyticsFilters } from './analytics-filters.tsx';
import { FunnelSection } from './funnel-section.tsx';
import { JobsSection } from './jobs-section.tsx';
import { SourcesSection } from './sources-section.tsx';
import { SpeedSection } from './speed-section.tsx';
import { VerificationSection } from './verification-section.tsx';

/** The filters live in the address (?range=&from=&to=&job=&recruiter=), so a report can be bookmarked and shared. */
function useFilters(): [AnalyticsFilters, (next: Partial<AnalyticsFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const today = todayInIndia();
  const named = params.get('range');
  const preset: Preset = (PRESETS as readonly string[]).includes(named ?? '') ? (named as Preset) : 'last30';
  const fallback = presetRange('last30', today);
  const range = preset === 'custom' ? { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to } : presetRange(preset, today);
  const filters = { preset, ...range, jobId: params.get('job') ?? '', recruiterId: params.get('recruiter') ?? '' };
  const update = (next: Partial<AnalyticsFilters>) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams();
    if (merged.preset !== 'last30') search.set('range', merged.preset);
    if (merged.preset === 'custom') {
      search.set('from', merged.from);
      search.set('to', merged.to);
    }
    if (merged.jobId) search.set('job', merged.jobId);
    if (merged.recruiterId) search.set('recruiter', merged.recruiterId);
    setParams(search, { replace: true });
  };
  return [filters, update];
}

/** /dashboard/analytics (issue 17): the hiring reports for owners, admins and recruiters. */
export function AnalyticsPage() {
  usePageMeta(`${text.pageTitle} · WorkCred`, text.pageDescription);
  const me = useMe().data;
  const [filters, setFilters] = useFilters();
  const query: AnalyticsQuery = { from: filters.from, to: filters.to, ...(filters.jobId ? { job_id: filters.jobId } : {}), ...(filters.recruiterId ? { recruiter_id: filters.recruiterId } : {}) };
  const checked = analyticsQuerySchema.safeParse(query);
  const rangeError = checked.success ? undefined : checked.error.issues[0]?.message;
  const filename = `workcred-${filters.from}-to-${filters.to}`;
  const allowed = !me?.user.company_id || can(me.user.company_role, 'analytics.view');

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.pageTitle}</h2>
        <p className="mt-1 text-sm text-slate-600">{text.pageDescription}</p>
      </div>
      {!allowed ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          {text.notAllowed}
        </p>
      ) : (
        <>
          <AnalyticsFiltersBar value={filters} onChange={setFilters} rangeError={rangeError} />
          {checked.success ? (
            <>
              <FunnelSection query={checked.data} filename={filename} />
              <SourcesSection query={checked.data} filename={filename} />
              <SpeedSection query={checked.data} filename={filename} />
              <JobsSection query={checked.data} filename={filename} />
              <VerificationSection query={checked.data} filename={filename} />
            </>
          ) : filters.preset === 'custom' ? null : (
            // A bad job or recruiter in the address (custom dates show their error under the field).
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              {rangeError}
            </p>
          )}
        </>
      )}
    </div>
  );
}
