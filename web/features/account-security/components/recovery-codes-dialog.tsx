import { Dialog, DialogContent } from '@web/components/ui/dialog.tsx';
import { RecoveryCodesDisplay } from './recovery-codes-display.tsx';

/**
 * The page's dialog for a new set of recovery codes. Closing it by Escape or outside clicks is
 * not offered: the codes are never shown again, so the person says they saved them.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onEscapeKeyDown={(event) => event.preventDefault()} onPointerDownOutside={(event) => event.preventDefault()}>
        {codes ? <RecoveryCodesDisplay codes={codes} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
