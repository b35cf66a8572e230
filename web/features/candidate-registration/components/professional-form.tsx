import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { professionalBodySchema } from '@shared/schemas/candidate.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useSaveProfileSection } from '../api/save-profile.ts';
import { showServerError } from '../lib/server-errors.ts';
import { FormActions } from './form-actions.tsx';
import { FormMessage } from './form-message.tsx';
import type { ProfileFormProps } from './profile-form-props.ts';

const text = messages.candidate;

/** Professional Info: current employer, notice period (days) and experience (years), all required. */
export function ProfessionalForm({ state, submitLabel, onSaved, back }: ProfileFormProps) {
  const id = useId();
  const save = useSaveProfileSection('professional');
  const form = useForm<z.input<typeof professionalBodySchema>, unknown, z.output<typeof professionalBodySchema>>({
    resolver: zodResolver(professionalBodySchema),
    defaultValues: {
      current_employer: state.current_employer ?? '',
      notice_period_days: state.notice_period_days ?? undefined,
      experience_years: state.experience_years ?? undefined,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync(values));
    } catch (error) {
      const fields = ['current_employer', 'notice_period_days', 'experience_years'] as const;
      if (!showServerError(form, error, fields, 'root.server')) toast.error(text.registration.saveFailed);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={save.isPending} className="space-y-5">
      <TextField
        id={`${id}-employer`}
        label={text.professional.currentEmployerLabel}
        autoComplete="organization"
        maxLength={200}
        required
        error={errors.current_employer?.message}
        {...form.register('current_employer')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-notice`}
          label={text.professional.noticePeriodLabel}
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          step={1}
          required
          error={errors.notice_period_days?.message}
          {...form.register('notice_period_days', { valueAsNumber: true })}
        />
        <TextField
          id={`${id}-experience`}
          label={text.professional.experienceLabel}
          type="number"
          inputMode="decimal"
          min={0}
          max={60}
          step={0.1}
          required
          error={errors.experience_years?.message}
          {...form.register('experience_years', { valueAsNumber: true })}
        />
      </div>
      <FormMessage message={errors.root?.server?.message} />
      <FormActions submitLabel={submitLabel} busy={save.isPending} busyLabel={text.registration.saving} back={back} />
    </form>
  );
}
