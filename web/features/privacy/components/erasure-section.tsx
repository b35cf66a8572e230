import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import type { PrivacyRequest } from '@shared/schemas/privacy.ts';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useCancelErasure, useRequestErasure } from '../api/privacy.ts';
import { PrivacySection } from './privacy-section.tsx';

const text = messages.privacy;

/** Erasure: what goes and what the law keeps, asked with a confirmation, 30 days of grace with Cancel. */
export function ErasureSection({ requests }: { requests: PrivacyRequest[] }) {
  const ask = useRequestErasure();
  const cancel = useCancelErasure();
  const scheduled = requests.find((request) => request.kind === 'erasure' && request.status === 'open');
  return (
    <PrivacySection id="erasure" title={text.erasureTitle} intro={text.erasureIntro}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>{text.erasureWhatGoes}</p>
        <p>{text.erasureWhatStays}</p>
        {scheduled ? (
          <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
            <p>{fill(text.erasureScheduledNote, { date: formatIstDate(new Date(scheduled.due_at)), reference: scheduled.reference })}</p>
            <Button
              variant="outline"
              size="sm"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => toast.success(text.erasureCancelled),
                  onError: (error) => toast.error(errorMessage(error, text.erasureFailed)),
                })
              }
            >
              {text.cancelErasure}
            </Button>
          </div>
        ) : (
          <ConfirmButton
            cancelLabel={text.cancel}
            label={text.requestErasure}
            title={text.erasureConfirmTitle}
            body={`${text.erasureWhatGoes} ${text.erasureWhatStays}`}
            action={text.erasureConfirm}
            destructive
            onConfirm={async () => {
              const request = await ask.mutateAsync();
              toast.success(fill(text.erasureScheduled, { date: formatIstDate(new Date(request.due_at)) }));
            }}
          />
        )}
      </div>
    </PrivacySection>
  );
}
