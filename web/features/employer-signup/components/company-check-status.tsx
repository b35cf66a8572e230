import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import type { CompanyCheckState } from '../hooks/use-company-check.ts';

/**
 * The live check's answer under the company name: yellow when the company already exists, green
 * otherwise (spec point 2). A polite live region, so screen readers hear the answer too.
 */
export function CompanyCheckStatus({ id, state }: { id: string; state: CompanyCheckState }) {
  return (
    <div id={id} aria-live="polite" className="min-h-6">
      {state.kind === 'checking' ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" label={messages.employerSignupFlow.checking} />
          <span aria-hidden="true">{messages.employerSignupFlow.checking}</span>
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <p className="flex items-start gap-2 text-sm text-red-700" data-testid="company-check-status" data-state="failed">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {messages.employerSignup.checkFailed}
        </p>
      ) : null}
      {state.kind === 'done' ? (
        <p
          data-testid="company-check-status"
          data-state={state.result.company_exists ? 'exists' : 'available'}
          className={cn(
            'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
            state.result.company_exists ? 'border-yellow-300 bg-yellow-50 text-yellow-900' : 'border-green-300 bg-green-50 text-green-800',
          )}
        >
          {state.result.company_exists ? (
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span>{state.result.status_message}</span>
        </p>
      ) : null}
    </div>
  );
}
