import { useState, type FormEvent } from 'react';
import { mfaRecoveryMessages as text } from '@shared/messages/mfa-recovery.ts';
import { messages } from '@shared/messages.ts';
import type { AdminUser } from '@shared/schemas/admin-console.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldFrame, fieldDescribedBy } from '@web/components/ui/field-frame.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useResetUserMfa } from '../api/manage-user.ts';

/**
 * Manage Users → Reset two-step verification (issue 33, A7): for an owner who lost the phone and
 * the recovery codes. The reason is required and kept in the audit log; the user is signed out and
 * emailed.
 */
export function ResetMfaDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const mutation = useResetUserMfa();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const name = user.full_name || user.email;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < 5 || trimmed.length > 500) {
      setError(text.invalidReason);
      return;
    }
    setError(undefined);
    mutation.mutate(
      { userId: user.id, reason: trimmed },
      {
        onSuccess() {
          toast.success(fill(text.adminResetDone, { name }));
          onClose();
        },
        onError(failure) {
          if (isApiError(failure, 400)) {
            setError(failure.message);
            return;
          }
          console.error('Resetting two-step verification failed', failure);
          toast.error(errorMessage(failure, text.adminResetFailed));
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogTitle>{text.adminResetTitle}</DialogTitle>
        <DialogDescription>{fill(text.adminResetDescription, { name, email: user.email })}</DialogDescription>
        <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
          <FieldFrame id="reset-mfa-reason" label={text.adminReasonLabel} error={error}>
            <textarea
              id="reset-mfa-reason"
              rows={3}
              maxLength={500}
              placeholder={text.adminReasonPlaceholder}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldDescribedBy('reset-mfa-reason', error, undefined)}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            />
          </FieldFrame>
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
              {messages.adminConsole.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={mutation.isPending}>
              {mutation.isPending ? text.adminResetting : text.adminResetConfirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
