import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '@shared/messages.ts';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';

/**
 * The account password, asked again before second factors change (ASVS 7.5.1). It takes focus when
 * it appears: the dialogs show it only once they know the account has a password, after the dialog
 * has already placed focus elsewhere. React's autoFocus did not always win that race (the dialog's
 * focus scope could leave focus on the first field), so the field focuses itself once mounted.
 */
export function PasswordField({ id, error, registration }: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const { ref, ...field } = registration;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{messages.accountSecurity.passwordLabel}</Label>
      <Input id={id} type="password" autoComplete="current-password" required aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...field}
        ref={(element) => {
          input.current = element;
          ref(element);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {messages.accountSecurity.passwordHint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
