import { useId, useState } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { Interview } from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { useCancelInterview } from '../api/save-interview.ts';

const text = messages.interviews;

/** Asks before cancelling; the optional reason goes to the candidate. */
export function CancelInterviewDialog({ interview, open, onOpenChange }: { interview: Interview; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const cancel = useCancelInterview();

  async function confirm() {
    try {
      await cancel.mutateAsync({ id: interview.id, reason });
      toast.success(text.cancelled);
      onOpenChange(false);
    } catch (error) {
      const detail = errorMessage(error, '');
      toast.error(text.cancelFailed, detail ? { description: detail } : undefined);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{text.cancelTitle}</DialogTitle>
        <DialogDescription>
          {interview.candidate_name} · {interview.starts_at_label}. {text.cancelDescription}
        </DialogDescription>
        <div className="mt-4 space-y-1.5">
          <Label htmlFor={`${id}-reason`}>{text.reasonLabel}</Label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
        </div>
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {text.keepInterview}
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => void confirm()}>
            {cancel.isPending ? text.cancelling : text.cancelInterview}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
