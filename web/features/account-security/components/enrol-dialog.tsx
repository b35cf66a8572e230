import { useState, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '@web/components/ui/dialog.tsx';

/**
 * The frame of an "add a second factor" dialog: its trigger button and a body that is unmounted
 * when the dialog closes, so a new opening starts again from the password.
 */
export function EnrolDialog({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: (onDone: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">{children(() => setOpen(false))}</DialogContent>
    </Dialog>
  );
}
