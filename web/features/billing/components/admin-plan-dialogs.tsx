import { useId, useState, type FormEvent } from 'react';
import { billingMessages as text } from '@shared/messages/billing.ts';
import { formatIstDate } from '@shared/gst.ts';
import type { AdminCompanyPlan } from '@shared/schemas/billing.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useExtendTrial, useSetEnterprise } from '../api/admin-billing.ts';

/** "" → null (no limit); anything else a number the server checks. */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

export function ExtendTrialDialog({ company, onClose }: { company: AdminCompanyPlan; onClose: () => void }) {
  const id = useId();
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string>();
  const extend = useExtendTrial();
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const result = await extend.mutateAsync({ companyId: company.id, days: Number(days) });
      toast.success(fill(text.adminExtended, { company: company.name, date: formatIstDate(new Date(result.trial_ends_at)) }));
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, text.loadFailed));
    }
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>{fill(text.adminExtendTitle, { company: company.name })}</DialogTitle>
        <DialogDescription className="mt-1">{fill(text.trialEnds, { plan: 'Professional', date: formatIstDate(new Date(company.trial_ends_at)) })}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
          <TextField id={`${id}-days`} label={text.adminExtendDays} type="number" inputMode="numeric" min={1} max={60} value={days} onChange={(event) => setDays(event.target.value)} error={error} />
          <div className="flex justify-end">
            <Button type="submit" disabled={extend.isPending}>
              {text.adminExtendSubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function EnterpriseDialog({ company, onClose }: { company: AdminCompanyPlan; onClose: () => void }) {
  const id = useId();
  const enterprise = company.plan === 'enterprise';
  const [values, setValues] = useState({
    listings: enterprise && company.limits.listings !== null ? String(company.limits.listings) : '',
    applications: enterprise && company.limits.applications_per_listing !== null ? String(company.limits.applications_per_listing) : '',
    checks: enterprise && company.limits.checks_per_month !== null ? String(company.limits.checks_per_month) : '',
    price: company.custom_monthly_paise === null ? '' : String(company.custom_monthly_paise / 100),
  });
  const [error, setError] = useState<string>();
  const save = useSetEnterprise();
  const field = (key: keyof typeof values) => ({ value: values[key], onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }) });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const price = numberOrNull(values.price);
    try {
      await save.mutateAsync({
        companyId: company.id,
        body: {
          listings: numberOrNull(values.listings),
          applications_per_listing: numberOrNull(values.applications),
          checks_per_month: numberOrNull(values.checks),
          monthly_paise: price === null ? null : Math.round(price * 100),
        },
      });
      toast.success(fill(text.adminEnterpriseSaved, { company: company.name }));
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, text.loadFailed));
    }
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>{fill(text.adminEnterpriseTitle, { company: company.name })}</DialogTitle>
        <DialogDescription className="mt-1">{text.adminEnterpriseHint}</DialogDescription>
        <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <TextField id={`${id}-listings`} label={text.adminEnterpriseListings} type="number" inputMode="numeric" min={1} placeholder={text.noLimit} {...field('listings')} />
          <TextField id={`${id}-applications`} label={text.adminEnterpriseApplications} type="number" inputMode="numeric" min={1} placeholder={text.noLimit} {...field('applications')} />
          <TextField id={`${id}-checks`} label={text.adminEnterpriseChecks} type="number" inputMode="numeric" min={0} placeholder={text.noLimit} {...field('checks')} />
          <TextField id={`${id}-price`} label={text.adminEnterprisePrice} type="number" inputMode="decimal" min={1} step="0.01" {...field('price')} />
          {error ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {text.adminEnterpriseSubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
