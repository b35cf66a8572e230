import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { personalBodySchema } from '@shared/schemas/candidate.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useSaveProfileSection } from '../api/save-profile.ts';
import { showServerError } from '../lib/server-errors.ts';
import { FormActions } from './form-actions.tsx';
import { FormMessage } from './form-message.tsx';
import type { ProfileFormProps } from './profile-form-props.ts';

const text = messages.candidate;

/** Personal Details: full name and education. */
export function PersonalForm({ state, submitLabel, onSaved, back }: ProfileFormProps) {
  const id = useId();
  const save = useSaveProfileSection('personal');
  const form = useForm<z.input<typeof personalBodySchema>, unknown, z.output<typeof personalBodySchema>>({
    resolver: zodResolver(personalBodySchema),
    defaultValues: { full_name: state.full_name, education: state.education ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync(values));
    } catch (error) {
      if (!showServerError(form, error, ['full_name', 'education'], 'root.server')) toast.error(text.registration.saveFailed);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={save.isPending} className="space-y-5">
      <TextField id={`${id}-name`} label={text.personal.fullNameLabel} autoComplete="name" maxLength={100} required error={errors.full_name?.message} {...form.register('full_name')} />
      <TextField
        id={`${id}-education`}
        label={text.personal.educationLabel}
        placeholder="B.Tech, Computer Science"
        maxLength={200}
        required
        error={errors.education?.message}
        {...form.register('education')}
      />
      <FormMessage message={errors.root?.server?.message} />
      <FormActions submitLabel={submitLabel} busy={save.isPending} busyLabel={text.registration.saving} back={back} />
    </form>
  );
}
