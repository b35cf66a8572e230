import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { changeNameBodySchema, type Account, type ChangeNameInput } from '@shared/schemas/account.ts';
import { MAX_FULL_NAME_LENGTH } from '@shared/schemas/employer-signup.ts';
import { Button } from '@web/components/ui/button.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useChangeName } from '../api/account.ts';
import { showServerErrors } from './settings-section.tsx';

const text = messages.account;

/** Your name: trimmed, 1 to 100 characters, no control characters (the server says the same). */
export function AccountNameForm({ account }: { account: Account }) {
  const id = useId();
  const save = useChangeName();
  const form = useForm<ChangeNameInput>({ resolver: zodResolver(changeNameBodySchema), defaultValues: { full_name: account.full_name } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset({ full_name: saved.full_name });
      toast.success(text.nameSaved);
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form aria-label={text.nameHeading} onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start" aria-busy={isSubmitting}>
      <div className="min-w-0 flex-1">
        <TextField id={`${id}-name`} label={text.nameLabel} required autoComplete="name" maxLength={MAX_FULL_NAME_LENGTH} error={errors.full_name?.message} {...form.register('full_name')} />
      </div>
      <Button type="submit" disabled={isSubmitting} className="self-end sm:mt-7">
        {isSubmitting ? text.saving : text.nameSave}
      </Button>
    </form>
  );
}
