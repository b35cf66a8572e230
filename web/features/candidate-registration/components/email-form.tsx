import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { candidateEmailSchema } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { useStartEmail } from '../api/start-email.ts';
import { showServerError } from '../lib/server-errors.ts';

const text = messages.candidate;
const emailFormSchema = z.object({ email: candidateEmailSchema });

/** Welcome Aboard!: the email that creates (or resumes) the candidate account; a code goes to it. */
export function EmailForm({ defaultEmail, refusal, onSent }: { defaultEmail: string; refusal?: string; onSent: (email: string) => void }) {
  const id = useId();
  const start = useStartEmail();
  // Refused as too soon (429): the code sent a moment ago still works, so offer to enter it.
  const [limitedEmail, setLimitedEmail] = useState<string | null>(null);
  const form = useForm<z.input<typeof emailFormSchema>, unknown, z.output<typeof emailFormSchema>>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: defaultEmail },
  });
  // A refusal from the code step (the email belongs to an employer, say) is shown at the field.
  useEffect(() => {
    if (refusal) form.setError('email', { type: 'server', message: refusal }, { shouldFocus: true });
  }, [refusal, form]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setLimitedEmail(null);
    try {
      await start.mutateAsync(email);
      onSent(email);
    } catch (error) {
      if (!isApiError(error)) console.error('Sending the email code failed', error);
      if (isApiError(error, 429)) setLimitedEmail(email);
      if (!showServerError(form, error, ['email'], 'email')) toast.error(messages.errors.internal);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={start.isPending} className="space-y-5">
      <p className="text-sm text-slate-600">
        {text.flow.emailIntro} {messages.privacy.adultNote}
      </p>
      <TextField
        id={`${id}-email`}
        label={text.flow.emailLabel}
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={start.isPending}>
        {start.isPending ? text.flow.sending : text.registration.continueWithEmail}
      </Button>
      {limitedEmail ? (
        <Button variant="link" className="w-full" onClick={() => onSent(limitedEmail)}>
          {text.flow.haveCode}
        </Button>
      ) : null}
    </form>
  );
}
