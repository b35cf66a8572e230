import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { companySizes, industries } from '@shared/options.ts';
import { COMPANY_LIMITS, updateCompanyBodySchema, type CompanySettings, type UpdateCompanyInput } from '@shared/schemas/company-settings.ts';
import { Button } from '@web/components/ui/button.tsx';
import { SelectField, TextareaField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useCompanySettings, useSaveCompany } from '../api/company-settings.ts';
import { LogoField } from './logo-field.tsx';
import { SettingsSection, showServerErrors } from './settings-section.tsx';

const text = messages.settings;
const orNull = (value: unknown) => (value === '' ? null : value);

/** Settings → Company: the profile candidates see on /companies/:slug and the job posts. */
export function CompanyTab() {
  const hasCompany = Boolean(useMe().data?.user.company_id);
  const settings = useCompanySettings(hasCompany);
  return (
    <div className="space-y-6">
      <SettingsSection title={text.companyHeading} intro={text.companyIntro} state={settings.status} onRetry={() => void settings.refetch()}>
        {settings.data ? <CompanyForm key={settings.data.id} settings={settings.data} /> : null}
      </SettingsSection>
    </div>
  );
}

function CompanyForm({ settings }: { settings: CompanySettings }) {
  const id = useId();
  const save = useSaveCompany();
  const form = useForm<UpdateCompanyInput>({
    resolver: zodResolver(updateCompanyBodySchema),
    defaultValues: {
      name: settings.name,
      industry: settings.industry,
      company_size: settings.company_size,
      website: settings.website ?? '',
      description: settings.description ?? '',
      slug: settings.slug,
      brand_color: settings.brand_color,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const colour = useWatch({ control: form.control, name: 'brand_color' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset({ ...values, website: saved.website ?? '', slug: saved.slug, brand_color: saved.brand_color });
      toast.success(text.saved);
    } catch (error) {
      showServerErrors(form, error, { SLUG_TAKEN: 'slug', COMPANY_NAME_TAKEN: 'name' });
    }
  });

  return (
    <div className="space-y-8">
      <LogoField settings={settings} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={isSubmitting}>
        <div className="sm:col-span-2">
          <TextField id={`${id}-name`} label={text.nameLabel} required maxLength={COMPANY_LIMITS.name} error={errors.name?.message} {...form.register('name')} />
        </div>
        <SelectField id={`${id}-industry`} label={text.industryLabel} error={errors.industry?.message} {...form.register('industry', { setValueAs: orNull })}>
          <option value="">{text.notSet}</option>
          {industries.map((industry) => (
            <option key={industry} value={industry}>
              {industry}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-size`} label={text.sizeLabel} error={errors.company_size?.message} {...form.register('company_size', { setValueAs: orNull })}>
          <option value="">{text.notSet}</option>
          {companySizes.map((size) => (
            <option key={size} value={size}>
              {fill(text.sizeOption, { size })}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <TextField id={`${id}-website`} type="url" inputMode="url" label={text.websiteLabel} placeholder={text.websitePlaceholder} error={errors.website?.message} {...form.register('website')} />
        </div>
        <div className="sm:col-span-2">
          <TextareaField id={`${id}-description`} label={text.descriptionLabel} rows={4} maxLength={COMPANY_LIMITS.description} error={errors.description?.message} {...form.register('description')} />
        </div>
        <TextField
          id={`${id}-slug`}
          label={text.slugLabel}
          hint={
            <>
              {text.slugHint}{' '}
              <a href={`/companies/${settings.slug}`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
                {text.viewCareersPage}
                <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            </>
          }
          autoCapitalize="none"
          spellCheck={false}
          error={errors.slug?.message}
          {...form.register('slug')}
        />
        <div className="space-y-1.5">
          <TextField id={`${id}-colour`} label={text.brandColorLabel} error={errors.brand_color?.message} autoCapitalize="none" spellCheck={false} {...form.register('brand_color')} />
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={text.brandColorPicker}
              value={/^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#047857'}
              onChange={(event) => form.setValue('brand_color', event.target.value, { shouldDirty: true, shouldValidate: true })}
              className="h-9 w-14 cursor-pointer rounded border border-slate-300 bg-white"
            />
            <span className="h-6 flex-1 rounded" style={{ backgroundColor: /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : undefined }} aria-hidden="true" />
          </div>
        </div>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? text.saving : text.save}
          </Button>
        </div>
      </form>
    </div>
  );
}
