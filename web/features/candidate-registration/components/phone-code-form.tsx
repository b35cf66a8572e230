import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { otpSchema } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useSendPhoneOtp } from '../api/send-phone-otp.ts';
import { useVerifyPhoneOtp } from '../api/verify-phone-otp.ts';
import { useCountdown } from '@web/lib/use-countdown.ts';
import { resendAtFrom, type OtpSent } from './phone-number-form.tsx';
import { OtpField } from './otp-field.tsx';

const text = messages.candidate.phone;
const codeFormSchema = z.object({ otp: otpSchema });

interface PhoneCodeFormProps {
  sent: OtpSent;
  onResent: (sent: OtpSent) => void;
  onChangeNumber: () => void;
  onVerified: () => void;
}

/** Add Your Phone, second state: the OTP, Verify, Resend (after the countdown) and Change number. */
export function PhoneCodeForm({ sent, onResent, onChangeNumber, onVerified }: PhoneCodeFormProps) {
  const id = useId();
  const verify = useVerifyPhoneOtp();
  const resend = useSendPhoneOtp();
  const wait = useCountdown(sent.resendAt);
  const form = useForm<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>({ resolver: zodResolver(codeFormSchema), defaultValues: { otp: '' } });

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    try {
      const { verified } = await verify.mutateAsync({ phone: sent.phone, otp });
      if (!verified) {
        form.setError('otp', { type: 'server', message: text.wrongOtp }, { shouldFocus: true });
        toast.error(text.wrongOtp);
        return;
      }
      toast.success(text.verified);
      onVerified();
    } catch (error) {
      if (!isApiError(error)) console.error('Verifying the phone OTP failed', error);
      // An expired or exhausted code (400): the server's reason, at the field too.
      const message = errorMessage(error, text.verifyFailed);
      if (isApiError(error, 400)) form.setError('otp', { type: 'server', message }, { shouldFocus: true });
      toast.error(message);
    }
  });

  const resendOtp = () => {
    resend.mutate(sent.phone, {
      onSuccess: (result) => {
        toast.success(text.sent);
        form.reset({ otp: '' });
        onResent({ ...sent, masked: result.phone, resendAt: resendAtFrom(result.resend_after_seconds) });
      },
      onError: (error) => {
        if (!isApiError(error)) console.error('Resending the phone OTP failed', error);
        toast.error(errorMessage(error, text.sendFailed));
      },
    });
  };

  const busy = verify.isPending || resend.isPending;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy} className="space-y-5">
      <p className="text-sm text-slate-600">{fill(messages.candidate.flow.otpSentTo, { phone: sent.masked })}</p>
      <OtpField id={`${id}-otp`} label={text.otpLabel} error={form.formState.errors.otp?.message} registration={form.register('otp')} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {verify.isPending ? messages.candidate.flow.verifying : text.verifyOtp}
        </Button>
        <Button variant="outline" onClick={resendOtp} disabled={busy || wait > 0}>
          {wait > 0 ? fill(text.resendIn, { seconds: String(wait) }) : resend.isPending ? messages.candidate.flow.sending : text.resendOtp}
        </Button>
        <Button variant="link" onClick={onChangeNumber} disabled={busy}>
          {text.changeNumber}
        </Button>
      </div>
    </form>
  );
}
