import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { useDeleteJob } from '../api/delete-job.ts';

const text = messages.jobsManagement;

/** Delete asks to confirm first; the job is soft-deleted and the list refetched. */
export function DeleteJobDialog({ job, open, onOpenChange }: { job: { id: string; title: string }; open: boolean; onOpenChange: (open: boolean) => void }) {
  const deleteJob = useDeleteJob();

  async function confirm() {
    try {
      await deleteJob.mutateAsync(job.id);
      toast.success(text.deleted);
      onOpenChange(false);
    } catch {
      toast.error(text.deleteFailed);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogTitle>{text.deleteTitle}</DialogTitle>
        <DialogDescription>{text.deleteDescription.replace('{title}', job.title)}</DialogDescription>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {text.cancel}
          </Button>
          <Button variant="destructive" disabled={deleteJob.isPending} onClick={() => void confirm()}>
            {deleteJob.isPending ? text.deleting : text.delete}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
