import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { offersMessages as text } from '@shared/messages/offers.ts';
import { CTC_COMPONENTS, ctcField, ctcTotal, formatRupees, monthlyPaise, type CtcBreakup } from '@shared/offer-ctc.ts';
import { offerBodySchema, type CompanyOffer, type OfferInput, type OfferValues } from '@shared/schemas/offers.ts';
import { FormDialogActions } from '@web/components/form-dialog-actions.tsx';
import { RupeeInput } from '@web/components/rupee-input.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useSaveOffer } from '../api/offers.ts';

const initial = (offer: CompanyOffer | null, title: string): OfferInput =>
  offer
    ? {
        title: offer.title,
        joining_date: offer.joining_date,
        expires_on: offer.expires_on,
        ...(Object.fromEntries(CTC_COMPONENTS.map((component) => [ctcField(component), offer[ctcField(component)]])) as CtcBreakup),
      }
    : { title, joining_date: '', expires_on: null, basic_paise: 0, hra_paise: 0, special_allowance_paise: 0, employer_pf_paise: 0, gratuity_paise: 0, variable_pay_paise: 0 };

/** Zero shows as a blank field (none of this component); blank is zero. What the form holds may be typed text in a rupee field: count only amounts that are amounts. */
const amountOf = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/**
 * Create or change an offer: the title and joining date, an optional last day, and the six CTC
 * components a year in rupees with the total (and a month's) worked out as they are typed. A
 * change to an offer waiting for approval or approved takes it back to a draft (the server's rule).
 */
export function OfferFormDialog({ applicationId, offer, candidateName, jobTitle, open, onOpenChange }: { applicationId: string; offer: CompanyOffer | null; candidateName: string; jobTitle: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const save = useSaveOffer(applicationId);
  const form = useForm<OfferInput, unknown, OfferValues>({ resolver: zodResolver(offerBodySchema), defaultValues: initial(offer, jobTitle) });
  const watched = useWatch({ control: form.control });
  const breakup = Object.fromEntries(CTC_COMPONENTS.map((component) => [ctcField(component), amountOf(watched[ctcField(component)])])) as CtcBreakup;
  const total = ctcTotal(breakup);
  const { errors } = form.formState;

  async function submit(values: OfferValues) {
    try {
      await save.mutateAsync({ offerId: offer?.id ?? null, values });
      toast.success(text.saved);
      onOpenChange(false);
    } catch (error) {
      // The server names a field it refused ("joining_date: …"): show it there.
      const named = isApiError(error) ? /^(\w+): (.*)$/.exec(error.message) : null;
      if (named && named[1]! in form.getValues()) form.setError(named[1] as keyof OfferInput, { message: named[2] });
      else toast.error(text.saveFailed, { description: errorMessage(error, '') || undefined });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogTitle>{fill(text.formTitle, { name: candidateName })}</DialogTitle>
        <DialogDescription>{text.formDescription}</DialogDescription>
        <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="mt-4 space-y-4" aria-busy={save.isPending}>
          <TextField id={`${id}-title`} label={text.titleLabel} required error={errors.title?.message} {...form.register('title')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id={`${id}-joining`} type="date" label={text.joiningDateLabel} required error={errors.joining_date?.message} {...form.register('joining_date')} />
            <TextField
              id={`${id}-expires`}
              type="date"
              label={text.expiryLabel}
              hint={text.expiryHint}
              error={errors.expires_on?.message}
              {...form.register('expires_on', { setValueAs: (value: string | null) => (value === '' || value === null ? null : value) })}
            />
          </div>
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold text-slate-900">{text.components.total}</legend>
            {CTC_COMPONENTS.map((component) => (
              <Controller
                key={component}
                control={form.control}
                name={ctcField(component)}
                render={({ field, fieldState }) => (
                  <RupeeInput
                    id={`${id}-${component}`}
                    label={text.components[component]}
                    hint={component === 'employer_pf' ? text.employerPfHint : text.componentHint}
                    value={field.value === 0 ? null : field.value}
                    onChange={(value) => field.onChange(value === null ? 0 : value)}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ))}
          </fieldset>
          <p className="flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-slate-50 px-4 py-3" aria-live="polite" data-testid="offer-total">
            <span className="font-semibold text-slate-900">
              {text.totalLabel}: {formatRupees(total)}
            </span>
            <span className="text-sm text-slate-600">{fill(text.monthlyTotal, { amount: formatRupees(CTC_COMPONENTS.reduce((sum, component) => sum + monthlyPaise(breakup[ctcField(component)]), 0)) })}</span>
          </p>
          <FormDialogActions onCancel={() => onOpenChange(false)} cancelLabel={text.cancel} submitLabel={text.save} busy={save.isPending} busyLabel={text.saving} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
