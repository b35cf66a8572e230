import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { messages } from '@shared/messages.ts';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';

export interface RefusalTarget {
  /** The field the server's answer is about, to show it under that field; null for a toast. */
  field: 'password' | 'email_code' | 'phone' | null;
  message: string;
}

const fieldOfCode: Record<string, RefusalTarget['field']> = {
  WRONG_PASSWORD: 'password',
  PASSWORD_REQUIRED: 'password',
  REAUTH_CODE_REQUIRED: 'email_code',
  REAUTH_CODE_WRONG: 'email_code',
  REAUTH_CODE_EXPIRED: 'email_code',
  INVALID_PHONE: 'phone',
  PHONE_ALREADY_ENROLLED: 'phone',
};

/** Where to show why adding (or removing) a factor was refused, in the server's words. */
export function refusalTarget(error: unknown): RefusalTarget {
  if (!isApiError(error)) console.error('Changing second factors failed', error);
  const field = isApiError(error) ? (fieldOfCode[error.code] ?? null) : null;
  return { field, message: errorMessage(error, messages.auth.unexpected) };
}

/** Shows a refusal under its field when the form has that field (`fields`), else as a toast. */
export function showRefusal<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly (RefusalTarget['field'] & Path<T>)[]): void {
  const { field, message } = refusalTarget(error);
  const target = fields.find((name) => name === field);
  if (target) form.setError(target, { message }, { shouldFocus: true });
  else toast.error(message);
}
