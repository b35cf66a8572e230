import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { addEmployeeBodySchema, EMPLOYMENT_LIMITS, type AddEmployeeInput } from '@shared/schemas/employment.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useAddEmployee } from '../api/add-employee.ts';
import { employeeName } from '../lib/employee-name.ts';

const text = messages.employment;
const EMPTY: AddEmployeeInput = { candidate_code: '', title: '', joining_date: '' };

/** Add employee: someone the company employs who was not hired through WorkCred, by candidate ID. */
export function AddEmployeeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const add = useAddEmployee();
  const form = useForm<AddEmployeeInput>({ resolver: zodResolver(addEmployeeBodySchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const employee = await add.mutateAsync(values);
      // Unconfirmed until the person answers; the name shows only if they applied here.
      toast.success(fill(text.addedPending, { name: employeeName(employee) }));
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(text.addFailed, reason ? { description: reason } : undefined);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{text.addTitle}</DialogTitle>
        <DialogDescription>{text.addDescription}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4" aria-busy={isSubmitting}>
          <TextField
            id={`${id}-code`}
            label={text.candidateCodeLabel}
            placeholder={text.candidateCodePlaceholder}
            required
            autoComplete="off"
            className="font-mono uppercase"
            maxLength={20}
            error={errors.candidate_code?.message}
            {...form.register('candidate_code')}
          />
          <TextField id={`${id}-title`} label={text.titleLabel} required maxLength={EMPLOYMENT_LIMITS.title} error={errors.title?.message} {...form.register('title')} />
          <TextField id={`${id}-joining`} type="date" label={text.joiningDateLabel} required error={errors.joining_date?.message} {...form.register('joining_date')} />
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? text.adding : text.add}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
