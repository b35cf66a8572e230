import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BookmarkPlus, SearchX, X } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { searchSorts, SEARCH_LIMITS, type SavedSearch, type SearchSort } from '@shared/schemas/candidate-search.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { useCompanyJobsForFilter } from '../api/company-jobs.ts';
import { useCandidateSearch } from '../api/search-candidates.ts';
import { EMPTY_FORM, filtersFromForm, formFromFilters, formFromParams, paramsFromForm, type SearchForm } from '../lib/search-params.ts';
import { CandidateResultCard } from './candidate-result-card.tsx';
import { DebouncedInput } from './debounced-input.tsx';
import { SavedSearchesMenu } from './saved-searches-menu.tsx';
import { SaveSearchDialog } from './save-search-dialog.tsx';
import { TagInput } from './tag-input.tsx';
import { Pager } from '@web/components/pager.tsx';
import { CandidateFinder } from '@web/features/pipeline/components/candidate-finder.tsx';

const text = messages.candidateSearch;
const SORT_LABELS: Record<SearchSort, string> = {
  relevance: text.sortRelevance,
  experience_desc: text.sortExperienceDesc,
  experience_asc: text.sortExperienceAsc,
  notice_asc: text.sortNoticeAsc,
  expected_pay_asc: text.sortExpectedPayAsc,
  recent: text.sortRecent,
};
const selectClass =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

type TextKey = 'experience_min' | 'experience_max' | 'notice_max' | 'current_pay_min' | 'current_pay_max' | 'expected_pay_min' | 'expected_pay_max' | 'projects' | 'location';

/**
 * /dashboard/candidates: Handpick, search over everyone who applied to the company's jobs. The
 * address bar holds the filters (a search can be shared, and Back returns to the previous one);
 * text boxes search once typing pauses.
 */
export function CandidateSearchPage() {
  usePageMeta(text.searchTitle, text.searchIntro);
  const id = useId();
  const hasCompany = Boolean(useMe().data?.user?.company_id);
  const [searchParams, setSearchParams] = useSearchParams();
  const form = useMemo(() => formFromParams(searchParams), [searchParams]);
  const filters = useMemo(() => filtersFromForm(form), [form]);
  const body = useMemo(() => (form.page > 1 ? { ...filters, page: form.page } : filters), [filters, form.page]);
  const search = useCandidateSearch(body, hasCompany);
  const jobs = useCompanyJobsForFilter(hasCompany);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  /** A change of filters goes back to page 1; typing replaces the history entry instead of adding one per pause. */
  const update = useCallback(
    (patch: Partial<SearchForm>, { replace = false } = {}) => {
      setSearchParams((current) => paramsFromForm({ ...formFromParams(current), page: 1, ...patch }), { replace });
    },
    [setSearchParams],
  );
  const commitText = useCallback((key: TextKey) => (value: string) => update({ [key]: value }, { replace: true }), [update]);
  const applySaved = (saved: SavedSearch) => {
    setSearchParams(paramsFromForm(formFromFilters(saved.filters)));
  };
  const filtered = searchParams.toString() !== '' && paramsFromForm({ ...form, page: 1 }).toString() !== '';

  const range = (label: string, min: TextKey, max: TextKey | null, decimal = true) => (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-700">{label}</legend>
      <div className="flex items-center gap-2">
        {max ? (
          <>
            <DebouncedInput aria-label={`${label}: ${text.minLabel}`} placeholder={text.minLabel} inputMode={decimal ? 'decimal' : 'numeric'} value={form[min]} onCommit={commitText(min)} />
            <span className="text-slate-400" aria-hidden="true">
              –
            </span>
            <DebouncedInput aria-label={`${label}: ${text.maxLabel}`} placeholder={text.maxLabel} inputMode={decimal ? 'decimal' : 'numeric'} value={form[max]} onCommit={commitText(max)} />
          </>
        ) : (
          <DebouncedInput aria-label={label} inputMode="numeric" value={form[min]} onCommit={commitText(min)} />
        )}
      </div>
    </fieldset>
  );

  let results: ReactNode;
  if (!hasCompany) {
    results = <Notice tone="error">{messages.profile.notInCompany}</Notice>;
  } else if (search.isPending) {
    results = (
      <div className="flex justify-center py-16">
        <Spinner label={text.loading} />
      </div>
    );
  } else if (search.isError) {
    results = (
      <Notice tone="error">
        <p>{errorMessage(search.error, text.searchFailed)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void search.refetch()}>
          {text.retry}
        </Button>
      </Notice>
    );
  } else if (search.data.results.length === 0) {
    results = (
      <Notice>
        <SearchX className="mx-auto mb-2 size-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-800">{filtered ? text.emptyTitle : text.noApplicantsYet}</p>
        {filtered ? <p className="mt-1 text-slate-600">{text.emptyBody}</p> : null}
      </Notice>
    );
  } else {
    const page = search.data;
    results = (
      <div className={cn('space-y-3', search.isPlaceholderData && 'opacity-60')} aria-busy={search.isFetching}>
        <p className="text-sm text-slate-600" aria-live="polite">
          {fill(text.resultsRange, { from: String((page.page - 1) * page.page_size + 1), to: String((page.page - 1) * page.page_size + page.results.length) })} ·{' '}
          {fill(text.pageOf, { page: String(page.page) })}
        </p>
        {page.results.map((result) => (
          <CandidateResultCard key={result.candidate_id} result={result} searchedSkills={form.skills} />
        ))}
        <div className="pt-2">
          <Pager
            page={page.page}
            hasMore={page.has_more}
            onPageChange={(next) => update({ page: next })}
            texts={{ label: text.pagesLabel, previous: text.previousPage, next: text.nextPage, pageOf: text.pageOf }}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6" data-testid="candidate-search">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.searchTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{text.searchIntro}</p>
        </div>
        {hasCompany ? (
          <div className="flex flex-wrap gap-2">
            <SavedSearchesMenu onApply={applySaved} />
            <Button onClick={() => setSaving(true)}>
              <BookmarkPlus className="size-4" aria-hidden="true" />
              {text.saveSearch}
            </Button>
          </div>
        ) : null}
      </div>

      {/* Find one candidate by name, email, phone or ID (issue 36 §2): their application opens on its job's pipeline. */}
      {hasCompany ? (
        <div role="search" aria-label={messages.companyCandidateSearch.label}>
          <CandidateFinder
            className="w-full sm:max-w-md"
            onSelect={(application) => void navigate(`/dashboard/jobs/${encodeURIComponent(application.job_id)}/pipeline?application=${encodeURIComponent(application.id)}`)}
          />
        </div>
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[18rem_1fr]">
        <Card className="space-y-4 p-5" role="search" aria-label={text.filtersTitle}>
          <div className="flex items-center justify-between">
            <h3 className="text-sm font-semibold text-slate-900">{text.filtersTitle}</h3>
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={() => setSearchParams(paramsFromForm({ ...EMPTY_FORM, sort: form.sort }))}>
                <X className="size-3.5" aria-hidden="true" />
                {text.clearFilters}
              </Button>
            ) : null}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-sort`}>{text.sortLabel}</Label>
            <select id={`${id}-sort`} className={selectClass} value={form.sort} onChange={(event) => update({ sort: event.target.value as SearchSort })}>
              {searchSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-skills`}>{text.skillsFilterLabel}</Label>
            <TagInput id={`${id}-skills`} value={form.skills} max={SEARCH_LIMITS.skills} onChange={(skills) => update({ skills })} placeholder={text.skillsPlaceholder} />
          </div>
          {range(text.experienceLabel, 'experience_min', 'experience_max')}
          {range(text.noticeMaxLabel, 'notice_max', null, false)}
          {range(text.currentPayRangeLabel, 'current_pay_min', 'current_pay_max')}
          {range(text.expectedPayRangeLabel, 'expected_pay_min', 'expected_pay_max')}
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-location`}>{text.locationFilterLabel}</Label>
            <DebouncedInput id={`${id}-location`} maxLength={SEARCH_LIMITS.location} value={form.location} onCommit={commitText('location')} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-projects`}>{text.projectsFilterLabel}</Label>
            <DebouncedInput id={`${id}-projects`} maxLength={SEARCH_LIMITS.projects} value={form.projects} onCommit={commitText('projects')} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-job`}>{text.jobFilterLabel}</Label>
            <select id={`${id}-job`} className={selectClass} value={form.job_id} onChange={(event) => update({ job_id: event.target.value })}>
              <option value="">{text.anyJob}</option>
              {(jobs.data ?? []).map((job) => (
                <option key={job.id} value={job.id}>
                  {job.title}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-start justify-between gap-3">
            <div>
              <Label htmlFor={`${id}-verified`}>{text.onlyVerifiedLabel}</Label>
              <p className="mt-0.5 text-xs text-slate-500">{text.onlyVerifiedHint}</p>
            </div>
            <button
              id={`${id}-verified`}
              type="button"
              role="switch"
              aria-checked={form.only_verified}
              onClick={() => update({ only_verified: !form.only_verified })}
              className={cn(
                'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                form.only_verified ? 'bg-brand-700' : 'bg-slate-300',
              )}
            >
              <span className={cn('absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform', form.only_verified && 'translate-x-5')} />
            </button>
          </div>
        </Card>
        <section aria-label={text.searchTitle}>{results}</section>
      </div>

      {hasCompany ? <SaveSearchDialog open={saving} onOpenChange={setSaving} filters={filters} /> : null}
    </div>
  );
}

function Notice({ children, tone }: { children: ReactNode; tone?: 'error' }) {
  return (
    <Card className="p-8 text-center text-sm text-slate-700" role={tone === 'error' ? 'alert' : undefined}>
      {children}
    </Card>
  );
}
