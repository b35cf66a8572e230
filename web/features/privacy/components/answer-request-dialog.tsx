import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { FormDialogActions } from '@web/components/form-dialog-actions.tsx';
import { answerRequestBodySchema, answerStatuses, type AdminPrivacyRequest } from '@shared/schemas/privacy.ts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { SelectField, TextareaField } from '@web/components/ui/select-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useAnswerPrivacyRequest } from '../api/privacy.ts';

const text = messages.privacy;

/** An admin answers a request: in progress, resolved or declined, with the text the person is emailed. */
export function AnswerRequestDialog({ request, onClose, scope = 'admin' }: { request: AdminPrivacyRequest; onClose: () => void; scope?: 'admin' | 'company' }) {
  const id = useId();
  const answer = useAnswerPrivacyRequest(scope);
  const form = useForm<z.input<typeof answerRequestBodySchema>, unknown, z.output<typeof answerRequestBodySchema>>({
    resolver: zodResolver(answerRequestBodySchema),
    defaultValues: { status: request.status === 'open' ? 'in_progress' : 'resolved', response: request.response ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await answer.mutateAsync({ id: request.id, body });
      toast.success(fill(text.answerSaved, { reference: request.reference }));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status < 500) form.setError('root.server', { type: 'server', message: error.message });
      else toast.error(errorMessage(error, text.answerFailed));
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogTitle>{fill(text.answerTitle, { reference: request.reference })}</DialogTitle>
        <DialogDescription className="mt-2 whitespace-pre-line">{request.details}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={answer.isPending} className="mt-4 space-y-4">
          <SelectField id={`${id}-status`} label={text.statusLabel} error={errors.status?.message} {...form.register('status')}>
            {answerStatuses.map((status) => (
              <option key={status} value={status}>
                {text.requestStatuses[status]}
              </option>
            ))}
          </SelectField>
          <TextareaField id={`${id}-response`} label={text.responseLabel} required maxLength={5000} error={errors.response?.message} {...form.register('response')} />
          <FieldError id={`${id}-server`} message={errors.root?.server?.message} />
          <FormDialogActions onCancel={onClose} cancelLabel={text.cancel} submitLabel={text.sendAnswer} busy={answer.isPending} busyLabel={text.saving} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
