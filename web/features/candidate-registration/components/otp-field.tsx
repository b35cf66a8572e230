import type { UseFormRegisterReturn } from 'react-hook-form';
import { OTP_LENGTH } from '@shared/options.ts';
import { TextField } from '@web/components/ui/text-field.tsx';

/** The one-time code a text or an email brought (phone and email verification): focused on arrival, its digits spaced out. */
export function OtpField({ id, label, error, registration }: { id: string; label: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <TextField
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      required
      autoFocus
      className="max-w-48 text-lg tracking-[0.4em]"
      error={error}
      {...registration}
    />
  );
}
