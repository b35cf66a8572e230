import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { fill } from '@web/lib/fill.ts';
import { formatIstDate } from '@shared/gst.ts';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { personalBodySchema } from '@shared/schemas/candidate.ts';
import { CheckboxField } from '@web/components/ui/checkbox-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useSaveProfileSection } from '../api/save-profile.ts';
import { showServerError } from '../lib/server-errors.ts';
import { FormActions } from './form-actions.tsx';
import { FormMessage } from './form-message.tsx';
import type { ProfileFormProps } from './profile-form-props.ts';

const text = messages.candidate;
const privacy = messages.privacy;

/**
 * Until the declaration is recorded, both boxes must be ticked (the server refuses the step
 * otherwise); with a guardian's consent recorded, only the notice is asked.
 */
const declaringSchema = (askAge: boolean) =>
  personalBodySchema.superRefine((values, ctx) => {
    if (askAge && values.adult_confirmed !== true) ctx.addIssue({ code: 'custom', path: ['adult_confirmed'], message: privacy.adultRequired });
    if (values.notice_accepted !== true) ctx.addIssue({ code: 'custom', path: ['notice_accepted'], message: privacy.noticeRequired });
  });

/**
 * Personal Details: full name and education; at registration also "I am 18 or older" and the
 * privacy notice (issue 18), asked once.
 */
export function PersonalForm({ state, submitLabel, onSaved, back }: ProfileFormProps) {
  const id = useId();
  const save = useSaveProfileSection('personal');
  const declaring = !state.declared;
  const askAge = declaring && state.guardian_consent_at === null;
  const form = useForm<z.input<typeof personalBodySchema>, unknown, z.output<typeof personalBodySchema>>({
    resolver: zodResolver(declaring ? declaringSchema(askAge) : personalBodySchema),
    defaultValues: { full_name: state.full_name, education: state.education ?? '', ...(declaring ? { ...(askAge ? { adult_confirmed: false } : {}), notice_accepted: false } : {}) },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync(values));
    } catch (error) {
      if (!showServerError(form, error, ['full_name', 'education', 'adult_confirmed', 'notice_accepted'], 'root.server')) toast.error(text.registration.saveFailed);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={save.isPending} className="space-y-5">
      <TextField id={`${id}-name`} label={text.personal.fullNameLabel} autoComplete="name" maxLength={100} required error={errors.full_name?.message} {...form.register('full_name')} />
      <TextField
        id={`${id}-education`}
        label={text.personal.educationLabel}
        placeholder="B.Tech, Computer Science"
        maxLength={200}
        required
        error={errors.education?.message}
        {...form.register('education')}
      />
      {declaring ? (
        <div className="space-y-3">
          {askAge ? (
            <CheckboxField id={`${id}-adult`} label={privacy.adultLabel} required error={errors.adult_confirmed?.message} {...form.register('adult_confirmed')} />
          ) : state.guardian_consent_at ? (
            <p className="text-sm text-slate-700">{fill(privacy.guardianConsentRecorded, { date: formatIstDate(new Date(state.guardian_consent_at)) })}</p>
          ) : null}
          <CheckboxField
            id={`${id}-notice`}
            label={
              <>
                {privacy.noticeLabel}{' '}
                <Link to="/privacy" target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
                  {privacy.noticeLink}
                </Link>
              </>
            }
            required
            error={errors.notice_accepted?.message}
            {...form.register('notice_accepted')}
          />
        </div>
      ) : null}
      <FormMessage message={errors.root?.server?.message} />
      <FormActions submitLabel={submitLabel} busy={save.isPending} busyLabel={text.registration.saving} back={back} />
    </form>
  );
}
