import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { nomineeBodySchema, type Nominee } from '@shared/schemas/privacy.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useRemoveNominee, useSetNominee } from '../api/privacy.ts';
import { PrivacySection } from './privacy-section.tsx';

const text = messages.privacy;
type NomineeInput = z.input<typeof nomineeBodySchema>;

function NomineeForm({ nominee, onDone }: { nominee: Nominee | null; onDone: () => void }) {
  const id = useId();
  const save = useSetNominee();
  const form = useForm<NomineeInput, unknown, z.output<typeof nomineeBodySchema>>({
    resolver: zodResolver(nomineeBodySchema),
    defaultValues: { full_name: nominee?.full_name ?? '', relationship: nominee?.relationship ?? '', email: nominee?.email ?? '', phone: nominee?.phone ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(text.nomineeSaved);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status < 500) form.setError('root.server', { type: 'server', message: error.message });
      else toast.error(errorMessage(error, text.nomineeFailed));
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={save.isPending} className="grid gap-4 sm:grid-cols-2">
      <TextField id={`${id}-name`} label={text.nomineeNameLabel} autoComplete="off" maxLength={100} required error={errors.full_name?.message} {...form.register('full_name')} />
      <TextField id={`${id}-relationship`} label={text.nomineeRelationshipLabel} placeholder="Mother" maxLength={60} required error={errors.relationship?.message} {...form.register('relationship')} />
      <TextField id={`${id}-email`} label={text.nomineeEmailLabel} type="email" autoComplete="off" maxLength={254} required error={errors.email?.message} {...form.register('email')} />
      <TextField id={`${id}-phone`} label={text.nomineePhoneLabel} type="tel" autoComplete="off" maxLength={20} error={errors.phone?.message} {...form.register('phone')} />
      <div className="sm:col-span-2">
        <FieldError id={`${id}-server`} message={errors.root?.server?.message} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : text.saveNominee}
        </Button>
      </div>
    </form>
  );
}

/** Nomination: the person who may use these rights on the person's behalf. */
export function NomineeSection({ nominee }: { nominee: Nominee | null }) {
  const [editing, setEditing] = useState(false);
  const remove = useRemoveNominee();
  return (
    <PrivacySection id="nominee" title={text.nomineeTitle} intro={text.nomineeIntro}>
      {editing || !nominee ? (
        <>
          {nominee ? null : <p className="mb-4 text-sm text-slate-600">{text.nomineeNone}</p>}
          <NomineeForm nominee={nominee} onDone={() => setEditing(false)} />
        </>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-800" data-testid="nominee">
            {fill(text.nomineeSummary, { name: nominee.full_name, relationship: nominee.relationship, email: nominee.email })}
            {nominee.phone ? `, ${nominee.phone}` : ''}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              {text.changeNominee}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(text.nomineeRemoved),
                  onError: (error) => toast.error(errorMessage(error, text.nomineeFailed)),
                })
              }
            >
              {text.removeNominee}
            </Button>
          </div>
        </div>
      )}
    </PrivacySection>
  );
}
