import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '@shared/messages.ts';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';

/** The optional name that tells a user's factors apart in the list and at sign-in. */
export function FriendlyNameField({ id, placeholder, error, registration }: { id: string; placeholder: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{messages.accountSecurity.nameLabel}</Label>
      <Input
        id={id}
        autoComplete="off"
        maxLength={60}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
