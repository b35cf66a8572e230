import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { AdminUser } from '@shared/schemas/admin-console.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useSetUserSuspended } from '../api/manage-user.ts';

const text = messages.adminConsole;

/** Manage Users → Suspend (signs the user out everywhere at once) or Restore, after a confirmation. */
export function SuspensionDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const mutation = useSetUserSuspended();
  const suspending = !user.suspended;
  const name = user.full_name || user.email;
  const values = { name, email: user.email };

  function confirm() {
    mutation.mutate(
      { userId: user.id, suspended: suspending },
      {
        onSuccess() {
          toast.success(fill(suspending ? text.suspended : text.restored, values));
          onClose();
        },
        onError(error) {
          console.error(suspending ? 'Suspending an account failed' : 'Restoring an account failed', error);
          toast.error(errorMessage(error, suspending ? text.suspendFailed : text.restoreFailed));
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogTitle>{suspending ? text.suspendTitle : text.restoreTitle}</DialogTitle>
        <DialogDescription>{fill(suspending ? text.suspendDescription : text.restoreDescription, values)}</DialogDescription>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            {text.cancel}
          </Button>
          <Button variant={suspending ? 'destructive' : 'primary'} onClick={confirm} disabled={mutation.isPending}>
            {mutation.isPending ? (suspending ? text.suspending : text.restoring) : suspending ? text.suspendConfirm : text.restoreConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
