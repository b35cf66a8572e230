import { forCount } from '@shared/english.ts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { EMPLOYMENT_LIMITS, indiaDateFromToday, MAX_DAYS_AHEAD_FOR_LAST_DAY, relieveBodySchema, type Employee, type RelieveInput } from '@shared/schemas/employment.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useRelieveEmployee } from '../api/relieve-employee.ts';
import { formatDay } from '../lib/format-dates.ts';
import { employeeName } from '../lib/employee-name.ts';

const text = messages.employment;

/** The server's rule, checked here too since the dialog knows the joining date. */
function schemaFor(joiningDate: string) {
  return relieveBodySchema.refine((values) => values.last_working_day >= joiningDate, {
    path: ['last_working_day'],
    message: fill(text.lastDayBeforeJoining, { date: formatDay(joiningDate) }),
  });
}

/** Relieve: the last working day (joining date … today + 90 days) and the reason; cannot be undone. */
export function RelieveDialog({ employee, open, onOpenChange }: { employee: Employee; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const relieve = useRelieveEmployee();
  const form = useForm<RelieveInput>({ resolver: zodResolver(schemaFor(employee.joining_date)), defaultValues: { last_working_day: '', reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const reasonLength = useWatch({ control: form.control, name: 'reason' }).length;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await relieve.mutateAsync({ id: employee.id, values });
      toast.success(fill(text.relieved, { name: employeeName(employee) }));
      form.reset();
      onOpenChange(false);
    } catch (error) {
      const reason = errorMessage(error, '');
      toast.error(text.relieveFailed, reason ? { description: reason } : undefined);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{fill(text.relieveTitle, { name: employeeName(employee) })}</DialogTitle>
        <DialogDescription>{fill(text.relieveDescription, { name: employeeName(employee) })}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4" aria-busy={isSubmitting}>
          <TextField
            id={`${id}-last-day`}
            type="date"
            label={text.lastDayLabel}
            required
            min={employee.joining_date}
            max={indiaDateFromToday(MAX_DAYS_AHEAD_FOR_LAST_DAY)}
            hint={fill(text.lastDayHint, { date: formatDay(employee.joining_date) })}
            error={errors.last_working_day?.message}
            {...form.register('last_working_day')}
          />
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-reason`}>{text.reasonLabel}</Label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              required
              maxLength={EMPLOYMENT_LIMITS.reason}
              placeholder={text.reasonPlaceholder}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={`${id}-reason-count${errors.reason ? ` ${id}-reason-error` : ''}`}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500"
              {...form.register('reason')}
            />
            <p id={`${id}-reason-count`} className="text-xs text-slate-500">
              {fill(forCount(EMPLOYMENT_LIMITS.reason - reasonLength, text.charactersLeftOne, text.charactersLeft), { count: EMPLOYMENT_LIMITS.reason - reasonLength })}
            </p>
            <FieldError id={`${id}-reason-error`} message={errors.reason?.message} />
          </div>
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? text.relieving : text.relieveConfirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
