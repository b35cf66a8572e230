import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { filterEmailTyping, INVALID_WORK_EMAIL, MAX_EMAIL_LENGTH } from '@shared/schemas/work-email-rules.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';

const text = messages.landing;
const WAITLIST_TOAST = 'waitlist';

/** The waitlist form (spec point 5): a work email, checked here and again on the server. */
export function WaitlistSection() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const join = useJoinWaitlist();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  // One message per error (issue 12, defect 7): a refused address is shown next to the field only;
  // a failure of the service is a toast. Every toast of this form shares one id, so the success
  // toast replaces a stale error toast instead of standing beside it.
  const refuse = (message: string) => {
    setError(message);
    toast.dismiss(WAITLIST_TOAST);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The schema (and zod) load on the first submit, not with the landing page (issue 14, item 4).
    const { joinWaitlistSchema } = await import('@shared/schemas/waitlist.ts');
    const parsed = joinWaitlistSchema.safeParse({ email });
    if (!parsed.success) return refuse(messages.waitlist.invalidWorkEmail);
    setError(undefined);
    join.mutate(parsed.data, {
      onSuccess() {
        setEmail('');
        setError(undefined);
        toast.success(messages.waitlist.joined, { id: WAITLIST_TOAST });
      },
      onError(failure) {
        if (isApiError(failure, 400) && failure.code === INVALID_WORK_EMAIL) return refuse(messages.waitlist.invalidWorkEmail);
        if (isApiError(failure, 429)) return void toast.error(messages.errors.rateLimited, { id: WAITLIST_TOAST });
        console.error('Joining the waitlist failed', failure);
        toast.error(messages.waitlist.failed, { id: WAITLIST_TOAST });
      },
    });
  };

  return (
    <section id="waitlist" aria-labelledby="waitlist-heading" className="px-4 sm:px-6">
      <div className="mx-auto max-w-4xl rounded-2xl bg-slate-900 px-6 py-10 text-white shadow-lg sm:px-10 sm:py-12">
        <div className="flex flex-col gap-8 md:flex-row md:items-center">
          <div className="md:w-1/2">
            <h2 id="waitlist-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
              <Mail className="size-7 text-brand-500" aria-hidden="true" />
              {text.waitlistHeading}
            </h2>
            <p className="mt-3 text-slate-300">
              We are opening WorkCred to employers company by company. Leave your work email and we will write as soon as your team can start
              posting jobs and verifying candidates.
            </p>
          </div>
          <form noValidate onSubmit={(event) => void submit(event)} className="md:w-1/2" aria-labelledby="waitlist-heading">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
              {text.waitlistEmailLabel}
            </label>
            <div className="mt-2 flex flex-col gap-3 sm:flex-row">
              <Input
                id={inputId}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                required
                maxLength={MAX_EMAIL_LENGTH}
                placeholder={text.waitlistEmailPlaceholder}
                value={email}
                onChange={(event) => {
                  setEmail(filterEmailTyping(event.target.value));
                  if (error) setError(undefined);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${errorId} ${hintId}` : hintId}
                className="h-11 text-base sm:text-sm"
              />
              <Button type="submit" size="lg" disabled={join.isPending} className="shrink-0">
                {join.isPending ? text.waitlistSubmitting : text.waitlistSubmit}
              </Button>
            </div>
            {error ? (
              <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-300">
                {error}
              </p>
            ) : null}
            <p id={hintId} className="mt-2 text-sm text-slate-300">
              Use your company address; personal mail such as Gmail or Yahoo cannot be linked to an employer.
            </p>
          </form>
        </div>
      </div>
    </section>
  );
}
