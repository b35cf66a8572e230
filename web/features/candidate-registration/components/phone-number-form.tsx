import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { phoneSchema } from '@shared/schemas/candidate.ts';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { useSendPhoneOtp } from '../api/send-phone-otp.ts';
import { FormActions } from './form-actions.tsx';

const text = messages.candidate;
const phoneFormSchema = z.object({ phone: phoneSchema });

export interface OtpSent {
  /** The number as typed: the code is verified against it (the server normalises both the same way). */
  phone: string;
  masked: string;
  resendAt: number;
}

/** When another code may be asked for, from the server's resend_after_seconds. */
export function resendAtFrom(seconds: number): number {
  return Date.now() + seconds * 1000;
}

/** Add Your Phone, first state: the number, and Send OTP. */
export function PhoneNumberForm({ defaultPhone, onSent, back }: { defaultPhone: string; onSent: (sent: OtpSent) => void; back?: { label: string; onClick: () => void } }) {
  const id = useId();
  const send = useSendPhoneOtp();
  const form = useForm<z.input<typeof phoneFormSchema>, unknown, z.output<typeof phoneFormSchema>>({ resolver: zodResolver(phoneFormSchema), defaultValues: { phone: defaultPhone } });

  const onSubmit = form.handleSubmit(async ({ phone }) => {
    try {
      const result = await send.mutateAsync(phone);
      toast.success(text.phone.sent);
      onSent({ phone, masked: result.phone, resendAt: resendAtFrom(result.resend_after_seconds) });
    } catch (error) {
      if (!isApiError(error)) console.error('Sending the phone OTP failed', error);
      // A number the server refuses is explained at the field; limits (429) and failures by a toast.
      if (isApiError(error, 400) || isApiError(error, 409)) form.setError('phone', { type: 'server', message: error.message }, { shouldFocus: true });
      toast.error(errorMessage(error, text.phone.sendFailed));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={send.isPending} className="space-y-5">
      <TextField
        id={`${id}-phone`}
        label={text.phone.phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+91 98765 43210"
        maxLength={20}
        required
        className="max-w-72"
        error={form.formState.errors.phone?.message}
        {...form.register('phone')}
      />
      <FormActions submitLabel={text.phone.sendOtp} busy={send.isPending} busyLabel={text.flow.sending} back={back} />
    </form>
  );
}
