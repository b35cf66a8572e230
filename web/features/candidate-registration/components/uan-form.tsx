import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { uanSchema } from '@shared/schemas/candidate.ts';
import { CheckboxField } from '@web/components/ui/checkbox-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useSaveProfileSection } from '../api/save-profile.ts';
import { showServerError } from '../lib/server-errors.ts';
import { FormActions } from './form-actions.tsx';
import type { ProfileFormProps } from './profile-form-props.ts';

const text = messages.candidate;

/** The UAN when "I don't have a UAN yet" is not ticked; nothing else is checked when it is. */
const uanFormSchema = z
  .object({ no_uan: z.boolean(), uan: z.string() })
  .superRefine((values, ctx) => {
    if (values.no_uan) return;
    const uan = uanSchema.safeParse(values.uan);
    if (!uan.success) ctx.addIssue({ code: 'custom', path: ['uan'], message: text.uan.invalid });
  });

/**
 * UAN: 12 digits, one candidate per UAN (the server says so at the field when it is taken), or
 * "I don't have a UAN yet" (issue 33: freshers and campus hires have none), offered until a UAN
 * is saved, with which check needs it.
 */
export function UanForm({ state, submitLabel, onSaved, back }: ProfileFormProps) {
  const id = useId();
  const save = useSaveProfileSection('uan');
  const form = useForm<z.input<typeof uanFormSchema>, unknown, z.output<typeof uanFormSchema>>({
    resolver: zodResolver(uanFormSchema),
    defaultValues: { uan: state.uan ?? '', no_uan: state.no_uan },
  });
  const noUan = useWatch({ control: form.control, name: 'no_uan' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync(values.no_uan ? { no_uan: true } : { uan: values.uan.trim() }));
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
        required={!noUan}
        disabled={noUan}
        className="max-w-64 tracking-wider"
        error={noUan ? undefined : form.formState.errors.uan?.message}
        {...form.register('uan')}
      />
      {state.uan === null ? (
        <div className="space-y-2">
          <CheckboxField id={`${id}-no-uan`} label={text.uan.noUanLabel} {...form.register('no_uan')} />
          {noUan ? (
            <div className="space-y-1 rounded-md bg-slate-50 p-3 text-sm text-slate-700" data-testid="no-uan-note">
              <p>{text.uan.noUanHint}</p>
              <p>{text.uan.needsUan}</p>
            </div>
          ) : null}
        </div>
      ) : null}
      <FormActions submitLabel={submitLabel} busy={save.isPending} busyLabel={text.registration.saving} back={back} />
    </form>
  );
}
