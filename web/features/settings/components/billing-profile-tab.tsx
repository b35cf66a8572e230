import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { billingProfileBodySchema, indianStates, type BillingProfile, type BillingProfileInput } from '@shared/schemas/company-settings.ts';
import { Button } from '@web/components/ui/button.tsx';
import { SelectField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useMe } from '@web/lib/session/get-me.ts';
import { useBillingProfile, useSaveBillingProfile } from '../api/company-settings.ts';
import { SettingsSection, showServerErrors } from './settings-section.tsx';

const text = messages.settings;

/** Settings → Billing profile (owners): who the invoices are made out to, with a checked GSTIN. */
export function BillingProfileTab() {
  const hasCompany = Boolean(useMe().data?.user.company_id);
  const profile = useBillingProfile(hasCompany);
  return (
    <SettingsSection title={text.billingHeading} intro={text.billingIntro} state={profile.status} onRetry={() => void profile.refetch()}>
      {profile.isSuccess ? <BillingForm profile={profile.data} /> : null}
    </SettingsSection>
  );
}

function BillingForm({ profile }: { profile: BillingProfile | null }) {
  const id = useId();
  const save = useSaveBillingProfile();
  const form = useForm<BillingProfileInput>({
    resolver: zodResolver(billingProfileBodySchema),
    defaultValues: {
      legal_name: profile?.legal_name ?? '',
      gstin: profile?.gstin ?? '',
      address_line1: profile?.address_line1 ?? '',
      address_line2: profile?.address_line2 ?? '',
      city: profile?.city ?? '',
      state: profile?.state ?? ('' as BillingProfileInput['state']),
      pincode: profile?.pincode ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(text.saved);
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={isSubmitting}>
      <div className="sm:col-span-2">
        <TextField id={`${id}-legal`} label={text.legalNameLabel} required autoComplete="organization" error={errors.legal_name?.message} {...form.register('legal_name')} />
      </div>
      <div className="sm:col-span-2">
        <TextField
          id={`${id}-gstin`}
          label={text.gstinLabel}
          hint={text.gstinHint}
          maxLength={15}
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
          error={errors.gstin?.message}
          {...form.register('gstin')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField id={`${id}-line1`} label={text.addressLine1Label} required autoComplete="address-line1" error={errors.address_line1?.message} {...form.register('address_line1')} />
      </div>
      <div className="sm:col-span-2">
        <TextField id={`${id}-line2`} label={text.addressLine2Label} autoComplete="address-line2" error={errors.address_line2?.message} {...form.register('address_line2')} />
      </div>
      <TextField id={`${id}-city`} label={text.cityLabel} required autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
      <SelectField id={`${id}-state`} label={text.stateLabel} required autoComplete="address-level1" error={errors.state?.message} {...form.register('state')}>
        <option value="">{text.statePlaceholder}</option>
        {indianStates.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </SelectField>
      <TextField id={`${id}-pin`} label={text.pincodeLabel} required inputMode="numeric" maxLength={6} autoComplete="postal-code" error={errors.pincode?.message} {...form.register('pincode')} />
      <div className="flex items-end justify-end sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}
