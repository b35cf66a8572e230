import { forCount } from '@shared/english.ts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { RecordShare, RecordSharesOverview } from '@shared/schemas/employment.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useRevokeShare } from '../api/revoke-share.ts';
import { useShareRecord } from '../api/share-record.ts';
import { formatMoment, formatMomentWithTime } from '../lib/format-dates.ts';

const text = messages.employment;

/** "Share with an employer": a company the candidate applied to, and an explicit consent tick. */
export function ShareForm({ overview }: { overview: RecordSharesOverview }) {
  const id = useId();
  const share = useShareRecord();
  const [companyId, setCompanyId] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const choices = overview.companies.filter((company) => !company.shared);
  const chosen = choices.find((company) => company.id === companyId);

  if (overview.companies.length === 0) return <p className="text-sm text-slate-500">{text.noEmployersToShare}</p>;
  if (choices.length === 0) return <p className="text-sm text-slate-500">{text.allEmployersShared}</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return setError(text.invalidCompany);
    if (!consent) return setError(text.consentRequired);
    setError(undefined);
    try {
      await share.mutateAsync(chosen.id);
      toast.success(fill(text.shared, { company: chosen.name }));
      setCompanyId('');
      setConsent(false);
    } catch (failure) {
      toast.error(text.shareFailed, { description: errorMessage(failure, '') || undefined });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3" aria-label={text.sharingTitle}>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-company`}>{text.shareWithLabel}</Label>
        <select
          id={`${id}-company`}
          value={companyId}
          onChange={(event) => setCompanyId(event.target.value)}
          className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        >
          <option value="">{text.shareWithPlaceholder}</option>
          {choices.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </select>
      </div>
      {chosen ? <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{text.sharePurpose.replace('{company}', chosen.name)}</p> : null}
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" checked={consent} onChange={(event) => setConsent(event.target.checked)} aria-describedby={error ? `${id}-error` : undefined} />
        {text.consentLabel}
      </label>
      <FieldError id={`${id}-error`} message={error} />
      <Button type="submit" size="sm" disabled={share.isPending}>
        {share.isPending ? text.sharing : text.share}
      </Button>
    </form>
  );
}

function ShareRow({ share }: { share: RecordShare }) {
  const revoke = useRevokeShare();
  const active = share.revoked_at === null;

  async function stop() {
    try {
      await revoke.mutateAsync(share.id);
      toast.success(fill(text.revoked, { company: share.company_name }));
    } catch (failure) {
      toast.error(text.revokeFailed, { description: errorMessage(failure, '') || undefined });
    }
  }

  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="record-share" aria-label={share.company_name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-slate-900">{share.company_name}</p>
          <p className="text-xs text-slate-600">
            {fill(text.sharedSince, { date: formatMoment(share.granted_at) })}
            {share.revoked_at ? ` · ${fill(text.revokedOn, { date: formatMoment(share.revoked_at) })}` : null}
          </p>
        </div>
        {active ? (
          <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={fill(text.revokeNamed, { company: share.company_name })} onClick={() => void stop()}>
            {revoke.isPending ? text.revoking : text.revoke}
          </Button>
        ) : null}
      </div>
      <div className="mt-2">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{text.viewsTitle}</p>
        {share.views.length === 0 ? (
          <p className="text-sm text-slate-500">{text.viewsEmpty}</p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700" aria-label={`${text.viewsTitle} ${share.company_name}`}>
            {share.views.map((view, index) => (
              <li key={`${view.viewed_at}-${index}`}>
                {view.viewer_name ? fill(text.viewedBy, { name: view.viewer_name, company: view.company_name }) : fill(text.viewedByFormer, { company: view.company_name })}
                <span className="text-slate-500"> · </span>
                <time dateTime={view.viewed_at} className="text-slate-500">
                  {formatMomentWithTime(view.viewed_at)}
                </time>
              </li>
            ))}
            {share.view_count > share.views.length ? <li className="text-slate-500">{fill(forCount(share.view_count - share.views.length, text.moreViewsOne, text.moreViews), { count: share.view_count - share.views.length })}</li> : null}
          </ul>
        )}
      </div>
    </li>
  );
}

/** Who the record is shared with (and was), with every view. */
export function SharesList({ shares }: { shares: RecordShare[] }) {
  if (shares.length === 0) return <p className="text-sm text-slate-500">{text.sharesEmpty}</p>;
  return (
    <ul className="space-y-3">
      {shares.map((share) => (
        <ShareRow key={share.id} share={share} />
      ))}
    </ul>
  );
}
