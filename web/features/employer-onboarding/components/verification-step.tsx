import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { OTP_LENGTH } from '@shared/options.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useSendOnboardingCode } from '../api/send-onboarding-code.ts';
import { useCountdown } from '@web/lib/use-countdown.ts';
import type { OnboardingForm } from './onboarding-form.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { registerField } from '@web/lib/use-step-wizard.ts';

const text = messages.employerOnboardingFlow;

/**
 * Step 3, Verification: a code emailed to the work email, and the terms. When the next code may be
 * asked for is kept by the wizard, so leaving the step and coming back keeps the countdown.
 */
export function VerificationStep({ form, resendAt, onSent }: { form: OnboardingForm; resendAt: number | null; onSent: (resendAt: number) => void }) {
  const { errors } = form.formState;
  const email = useWatch({ control: form.control, name: 'work_email' });
  const sendCode = useSendOnboardingCode();
  const wait = useCountdown(resendAt);

  const send = () => {
    sendCode.mutate(
      { work_email: email },
      {
        onSuccess: (result) => {
          toast.success(fill(text.codeSent, { email: result.sent_to }));
          onSent(Date.now() + result.resend_after_seconds * 1000);
          form.setFocus('verification_code');
        },
        onError: (error) => {
          if (!isApiError(error)) console.error('Sending the onboarding code failed', error);
          toast.error(errorMessage(error, text.sendCodeFailed));
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{fill(text.codeIntro, { email })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={send} disabled={sendCode.isPending || wait > 0}>
          {sendCode.isPending ? text.sending : resendAt !== null ? text.resendCode : text.sendCode}
        </Button>
        {wait > 0 ? (
          <p className="text-sm text-slate-500">
            {fill(text.resendIn, { seconds: String(wait) })}
          </p>
        ) : null}
      </div>
      <TextField
        id="verification_code"
        label={text.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        required
        className="max-w-48 tracking-widest"
        error={errors.verification_code?.message}
        {...registerField(form, 'verification_code')}
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            id="terms_accepted"
            type="checkbox"
            required
            aria-invalid={errors.terms_accepted ? true : undefined}
            aria-describedby={errors.terms_accepted ? 'terms_accepted-error' : undefined}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            {...registerField(form, 'terms_accepted')}
          />
          <label htmlFor="terms_accepted" className="text-sm text-slate-700">
            {text.termsLabel}{' '}
            <Link to="/terms" target="_blank" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {text.termsLink}
            </Link>
          </label>
        </div>
        <FieldError id="terms_accepted-error" message={errors.terms_accepted?.message} />
      </div>
    </div>
  );
}
