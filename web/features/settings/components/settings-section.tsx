import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';

/** One Settings tab's frame: heading, intro, and the loading and failure states of its data. */
export function SettingsSection({ title, intro, state, onRetry, children }: { title: string; intro: string; state: 'pending' | 'error' | 'success'; onRetry: () => void; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <div className="mt-6">
        {state === 'pending' ? (
          <div className="flex justify-center py-10">
            <Spinner label={messages.settings.pageTitle} />
          </div>
        ) : state === 'error' ? (
          <div role="alert" className="space-y-3 text-sm text-slate-700">
            <p>{messages.settings.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {messages.settings.retry}
            </Button>
          </div>
        ) : (
          children
        )}
      </div>
    </Card>
  );
}

/** Server refusals for a form: each field's message beside it (VALIDATION_FAILED issues or a named code). */
export function fieldErrorsOf(error: unknown, codes: Record<string, string> = {}): Record<string, string> {
  const { code, message, issues } = (error ?? {}) as { code?: string; message?: string; issues?: { path: string; message: string }[] };
  const out: Record<string, string> = {};
  for (const issue of issues ?? []) out[issue.path] ??= issue.message;
  if (code && codes[code] && message) out[codes[code]] = message;
  return out;
}

/** Puts a failed save's messages beside their fields; anything not about a field becomes a toast. */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, codes: Record<string, string> = {}): void {
  const fields = fieldErrorsOf(error, codes);
  for (const [field, message] of Object.entries(fields)) form.setError(field as Path<T>, { message });
  if (Object.keys(fields).length === 0) toast.error(errorMessage(error, messages.auth.unexpected));
}
