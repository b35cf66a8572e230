import type { FormEvent, ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { showServerErrors } from './settings-section.tsx';

const text = messages.account;

/**
 * A Your-account change confirmed with the current password (the email, the password): checked by
 * the shared schema, then sent; on success the form empties and a toast says what happened, and a
 * refusal is shown beside the field it is about (`errorFields`: code → field).
 */
export function usePasswordConfirmedForm<T extends FieldValues, Saved>({
  resolver,
  defaultValues,
  send,
  savedMessage,
  errorFields,
}: {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  send: (values: T) => Promise<Saved>;
  savedMessage: (saved: Saved) => string;
  errorFields: Record<string, string>;
}) {
  const form = useForm<T>({ resolver, defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await send(values);
      form.reset();
      toast.success(savedMessage(saved));
    } catch (error) {
      showServerErrors(form, error, errorFields);
    }
  });
  return { form, onSubmit };
}

/** The form of such a change: its fields two to a row from 640 px, then the submit button. */
export function PasswordConfirmedForm({ label, busy, submitLabel, onSubmit, children }: { label: string; busy: boolean; submitLabel: string; onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>; children: ReactNode }) {
  return (
    <form aria-label={label} onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={busy}>
      {children}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The current password that confirms the change. */
export function CurrentPasswordField({ id, error, registration }: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return <TextField id={id} type="password" label={text.currentPasswordLabel} required autoComplete="current-password" error={error} {...registration} />;
}
