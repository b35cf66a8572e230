import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { EMPLOYMENT_LIMITS, employmentTitleSchema, joiningDateSchema, type Employee } from '@shared/schemas/employment.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useUpdateEmployee } from '../api/update-employee.ts';
import { employeeName } from '../lib/employee-name.ts';

const text = messages.employment;
const formSchema = z.object({ title: employmentTitleSchema, joining_date: joiningDateSchema });
type FormValues = z.input<typeof formSchema>;

/** Edit: corrects the title or joining date of an active employment; only what changed is sent. */
export function EditEmploymentDialog({ employee, open, onOpenChange }: { employee: Employee; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const update = useUpdateEmployee();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), values: { title: employee.title, joining_date: employee.joining_date } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const changes = {
      ...(values.title.trim() !== employee.title ? { title: values.title } : {}),
      ...(values.joining_date.trim() !== employee.joining_date ? { joining_date: values.joining_date } : {}),
    };
    if (Object.keys(changes).length === 0) return onOpenChange(false);
    try {
      await update.mutateAsync({ id: employee.id, values: changes });
      toast.success(text.saved);
      onOpenChange(false);
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(text.saveFailed, reason ? { description: reason } : undefined);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{fill(text.editTitle, { name: employeeName(employee) })}</DialogTitle>
        <DialogDescription>{text.editDescription}</DialogDescription>
        {employee.confirmed_by === 'person' ? <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{text.editReconfirm}</p> : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4" aria-busy={isSubmitting}>
          <TextField id={`${id}-title`} label={text.titleLabel} required maxLength={EMPLOYMENT_LIMITS.title} error={errors.title?.message} {...form.register('title')} />
          <TextField id={`${id}-joining`} type="date" label={text.joiningDateLabel} required error={errors.joining_date?.message} {...form.register('joining_date')} />
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? text.saving : text.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
