import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '@web/lib/api-client.ts';

/**
 * Puts a refusal from the server (400 with field issues, 409 UAN taken, ...) where the user looks:
 * at the fields the issues name, else at `fallback` (a field, or the form's own message).
 * Returns false for failures that are not a refusal (network, 5xx): the caller says so generically.
 */
export function showServerError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly Path<T>[], fallback: Path<T> | 'root.server'): boolean {
  if (!isApiError(error) || error.status >= 500) return false;
  let placed = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path);
    if (field) {
      form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (!placed) form.setError(fallback, { type: 'server', message: error.message }, { shouldFocus: fallback !== 'root.server' });
  return true;
}
