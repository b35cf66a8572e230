import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { hireDetailsSchema, type HireDetails } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { fill } from '@web/lib/fill.ts';
import { NoteField } from './note-field.tsx';

const text = messages.pipeline;
type HireForm = z.input<typeof hireDetailsSchema>;

/** Moving to Hired asks for the employment's title and joining date (the Employees view lists them). */
export function HireDialog({
  name,
  defaultTitle,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  defaultTitle: string;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (hire: HireDetails) => void;
}) {
  const form = useForm<HireForm, unknown, HireDetails>({ resolver: zodResolver(hireDetailsSchema), defaultValues: { title: defaultTitle, joining_date: '' } });
  useEffect(() => {
    if (open) form.reset({ title: defaultTitle, joining_date: '' });
  }, [open, defaultTitle, form]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{fill(text.hireTitle, { name })}</DialogTitle>
        <DialogDescription>{text.hireDescription}</DialogDescription>
        <form className="mt-4 space-y-4" noValidate onSubmit={(event) => void form.handleSubmit(onConfirm)(event)}>
          <TextField id="hire-title" label={text.hireJobTitle} error={form.formState.errors.title?.message} {...form.register('title')} />
          <TextField id="hire-joining-date" type="date" label={text.hireJoiningDate} error={form.formState.errors.joining_date?.message} {...form.register('joining_date')} />
          <div className="flex justify-end gap-3 pt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? text.moving : text.hireConfirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Moving to Rejected asks for an optional reason, which the candidate's email carries. */
export function RejectDialog({
  name,
  initialNote,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  name: string;
  initialNote: string;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (note: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogTitle>{fill(text.rejectTitle, { name })}</DialogTitle>
        <DialogDescription>{text.rejectDescription}</DialogDescription>
        {/* Mounted on each opening, so the reason starts from initialNote every time. */}
        <RejectForm initialNote={initialNote} pending={pending} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} />
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({ initialNote, pending, onCancel, onConfirm }: { initialNote: string; pending: boolean; onCancel: () => void; onConfirm: (note: string) => void }) {
  const [note, setNote] = useState(initialNote);
  return (
    <>
      <div className="mt-4">
        <NoteField id="reject-reason" label={text.rejectReason} value={note} onChange={setNote} />
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button variant="destructive" disabled={pending} onClick={() => onConfirm(note)}>
          {pending ? text.moving : text.rejectConfirm}
        </Button>
      </div>
    </>
  );
}
