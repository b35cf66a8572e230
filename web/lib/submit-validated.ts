import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { fieldErrorsOf } from '@web/features/settings/components/settings-section.tsx';

/**
 * A dialog form's submit: checks the values with the shared schema (each field's first message
 * beside it), sends them, and puts the server's refusals beside their fields (a named code, or
 * VALIDATION_FAILED issues); anything else becomes a toast.
 */
export async function submitValidated<Output, Result>({
  schema,
  values,
  send,
  onSent,
  setErrors,
  codes = {},
}: {
  schema: z.ZodType<Output>;
  values: unknown;
  send: (values: Output) => Promise<Result>;
  onSent: (result: Result) => void;
  setErrors: (errors: Record<string, string>) => void;
  codes?: Record<string, string>;
}): Promise<void> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    return setErrors(found);
  }
  setErrors({});
  try {
    onSent(await send(parsed.data));
  } catch (error) {
    const fields = fieldErrorsOf(error, codes);
    if (Object.keys(fields).length > 0) setErrors(fields);
    else toast.error(errorMessage(error, messages.auth.unexpected));
  }
}
