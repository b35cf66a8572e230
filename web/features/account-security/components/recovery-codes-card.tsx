import { mfaRecoveryMessages as text } from '@shared/messages/mfa-recovery.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useRecoveryCodesStatus } from '../api/get-recovery-codes.ts';
import { RegenerateRecoveryCodesDialog } from './regenerate-recovery-codes-dialog.tsx';

/** /account/security: how many recovery codes are left, and "Regenerate recovery codes". */
export function RecoveryCodesCard() {
  const status = useRecoveryCodesStatus();
  let body;
  if (status.isPending) {
    body = (
      <div className="flex justify-center py-2">
        <Spinner className="size-5" />
      </div>
    );
  } else if (status.isError) {
    body = (
      <p role="alert" className="text-sm text-red-600">
        {text.loadFailed}
      </p>
    );
  } else if (!status.data.enabled) {
    body = <p className="text-sm text-slate-600">{text.off}</p>;
  } else {
    const { remaining, total } = status.data;
    const summary = remaining === 0 ? text.noneLeft : remaining === 1 ? fill(text.remainingOne, { total }) : fill(text.remaining, { count: remaining, total });
    body = (
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <p data-testid="recovery-codes-left" className={cn('min-w-0 text-sm sm:flex-1', remaining <= 1 ? 'font-medium text-amber-900' : 'text-slate-700')}>
          {summary}
        </p>
        <RegenerateRecoveryCodesDialog />
      </div>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle id="recovery-heading">{text.heading}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <section aria-labelledby="recovery-heading">{body}</section>
      </CardContent>
    </Card>
  );
}
