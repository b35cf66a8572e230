import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { uanBodySchema } from '@shared/schemas/candidate.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useSaveProfileSection } from '../api/save-profile.ts';
import { showServerError } from '../lib/server-errors.ts';
import { FormActions } from './form-actions.tsx';
import type { ProfileFormProps } from './profile-form-props.ts';

const text = messages.candidate;

/** UAN: 12 digits, one candidate per UAN (the server says so at the field when it is taken). */
export function UanForm({ state, submitLabel, onSaved, back }: ProfileFormProps) {
  const id = useId();
  const save = useSaveProfileSection('uan');
  const form = useForm<z.input<typeof uanBodySchema>, unknown, z.output<typeof uanBodySchema>>({
    resolver: zodResolver(uanBodySchema),
    defaultValues: { uan: state.uan ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync(values));
    } catch (error) {
      if (!showServerError(form, error, ['uan'], 'uan')) toast.error(text.registration.saveFailed);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={save.isPending} className="space-y-5">
      <TextField
        id={`${id}-uan`}
        label={text.uan.label}
        hint={text.uan.hint}
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        required
        className="max-w-64 tracking-wider"
        error={form.formState.errors.uan?.message}
        {...form.register('uan')}
      />
      <FormActions submitLabel={submitLabel} busy={save.isPending} busyLabel={text.registration.saving} back={back} />
    </form>
  );
}
