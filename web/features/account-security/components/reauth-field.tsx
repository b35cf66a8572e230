import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Mail } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useReauthMethod } from '../api/get-mfa-factors.ts';
import { useSendReauthCode } from '../api/send-reauth-code.ts';
import { PasswordField } from './password-field.tsx';

const text = messages.accountSecurity;

/**
 * Proof of ownership before a second factor changes (ASVS 7.5.1): the password, or, for an account
 * that has none (a candidate who registered by email code), a 6-digit code emailed on request.
 */
export function ReauthField({
  id,
  password,
  emailCode,
  passwordError,
  codeError,
}: {
  id: string;
  password: UseFormRegisterReturn;
  emailCode: UseFormRegisterReturn;
  passwordError: string | undefined;
  codeError: string | undefined;
}) {
  const method = useReauthMethod();
  const send = useSendReauthCode();
  const [status, setStatus] = useState<string>();
  // Not known yet (the page's factor list usually has it already): no field that might be the wrong one.
  if (method.isPending) return null;
  if (method.data !== 'email_code') return <PasswordField id={id} error={passwordError} registration={password} />;

  const describedBy = [`${id}-hint`, status ? `${id}-status` : null, codeError ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{text.emailCodeLabel}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-invalid={codeError ? true : undefined} aria-describedby={describedBy} className="sm:w-40" {...emailCode} />
        <Button
          type="button"
          variant="outline"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: ({ email }) => setStatus(fill(messages.mfa.reauthCodeSent, { email })),
              onError: (error) => setStatus(errorMessage(error, messages.auth.unexpected)),
            })
          }
        >
          <Mail className="size-4" aria-hidden="true" />
          {send.isSuccess ? text.emailCodeAgain : text.emailCodeSend}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {text.emailCodeHint}
      </p>
      {status ? (
        <p id={`${id}-status`} role="status" className="text-sm text-slate-700">
          {status}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={codeError} />
    </div>
  );
}
