import { UserX, Undo2 } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { Interview } from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useNoShow } from '../api/save-interview.ts';

const text = messages.interviews;

/**
 * A past interview's action in place of Cancel (issue 36 §4): "Mark as no-show" while it is
 * scheduled, "Undo no-show" once marked. No dialog: either is undone with one click.
 */
export function NoShowButton({ interview }: { interview: Interview }) {
  const mutation = useNoShow();
  const marked = interview.status === 'no_show';

  async function toggle() {
    try {
      await mutation.mutateAsync({ id: interview.id, noShow: !marked });
      toast.success(marked ? text.noShowUndone : text.markedNoShow);
    } catch (error) {
      const detail = errorMessage(error, '');
      toast.error(marked ? text.undoNoShowFailed : text.noShowFailed, detail ? { description: detail } : undefined);
    }
  }

  const Icon = marked ? Undo2 : UserX;
  return (
    <Button variant="outline" size="sm" disabled={mutation.isPending} onClick={() => void toggle()}>
      <Icon className="size-4" aria-hidden="true" />
      {mutation.isPending ? text.saving : marked ? text.undoNoShow : text.markNoShow}
    </Button>
  );
}
