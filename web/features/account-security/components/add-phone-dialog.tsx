import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareText } from 'lucide-react';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { enrolFactorSchema, type EnrolledFactor } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { fill } from '@web/lib/fill.ts';
import { useEnrolMfaFactor } from '../api/enrol-mfa-factor.ts';
import { useFactorVerification, type FactorVerification } from '../hooks/use-factor-verification.ts';
import { showRefusal } from '../lib/enrol-errors.ts';
import { withIndianCode } from '../lib/format.ts';
import { EnrolDialog } from './enrol-dialog.tsx';
import { FriendlyNameField } from './friendly-name-field.tsx';
import { ReauthField } from './reauth-field.tsx';
import { useFactorEnabled } from '../hooks/use-show-recovery-codes.ts';
import { VerifyCodeForm } from './verify-code-form.tsx';

const phoneFormSchema = enrolFactorSchema.options[1].pick({ password: true, email_code: true, phone: true, friendly_name: true });
type PhoneForm = z.input<typeof phoneFormSchema>;

/** "Add mobile number": password and number → a texted code → that code. */
export function AddPhoneDialog() {
  return <EnrolDialog icon={MessageSquareText} label={messages.accountSecurity.phoneButton}>{(onDone) => <AddPhoneFlow onDone={onDone} />}</EnrolDialog>;
}

function AddPhoneFlow({ onDone }: { onDone: () => void }) {
  const [enrolled, setEnrolled] = useState<EnrolledFactor | null>(null);
  const verification = useFactorVerification();
  const factorEnabled = useFactorEnabled(onDone);

  return (
    <div className="space-y-5">
      <div>
        <DialogTitle>{messages.accountSecurity.phoneTitle}</DialogTitle>
        <DialogDescription>
          {enrolled
            ? enrolled.phone_hint
              ? fill(messages.accountSecurity.smsPrompt, { phone: enrolled.phone_hint })
              : messages.accountSecurity.smsPromptNoPhone
            : messages.accountSecurity.phoneDescription}
        </DialogDescription>
      </div>
      {enrolled ? (
        <VerifyCodeForm
          factor={enrolled}
          verification={verification}
          onVerified={factorEnabled}
        />
      ) : (
        <PhoneDetailsForm verification={verification} onEnrolled={setEnrolled} />
      )}
    </div>
  );
}

function PhoneDetailsForm({ verification, onEnrolled }: { verification: FactorVerification; onEnrolled: (factor: EnrolledFactor) => void }) {
  const enrol = useEnrolMfaFactor();
  const form = useForm<PhoneForm>({ resolver: zodResolver(phoneFormSchema), defaultValues: { password: '', email_code: '', phone: '', friendly_name: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password, email_code, phone, friendly_name }) => {
    let enrolled: EnrolledFactor;
    try {
      enrolled = await enrol.mutateAsync({ factor_type: 'phone', password: password || undefined, email_code: email_code || undefined, phone: withIndianCode(phone), friendly_name: friendly_name || undefined });
    } catch (error) {
      showRefusal(form, error, ['password', 'email_code', 'phone']);
      return;
    }
    onEnrolled(enrolled);
    // Texts the code; a refusal (e.g. asked again too soon) is toasted, and "Send a new code" stays.
    await verification.sendCode(enrolled);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate aria-busy={form.formState.isSubmitting}>
      <ReauthField id="phone-password" password={form.register('password')} emailCode={form.register('email_code')} passwordError={errors.password?.message} codeError={errors.email_code?.message} />
      <div className="space-y-1.5">
        <Label htmlFor="phone-number">{messages.accountSecurity.phoneLabel}</Label>
        <div className="flex">
          <span aria-hidden="true" className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">
            +91
          </span>
          <Input
            id="phone-number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={messages.accountSecurity.phonePlaceholder}
            required
            className="rounded-l-none"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? 'phone-number-help phone-number-error' : 'phone-number-help'}
            {...form.register('phone')}
          />
        </div>
        <p id="phone-number-help" className="text-xs text-slate-500">
          {messages.accountSecurity.phoneHelp}
        </p>
        <FieldError id="phone-number-error" message={errors.phone?.message} />
      </div>
      <FriendlyNameField id="phone-name" placeholder={messages.accountSecurity.phoneNamePlaceholder} error={errors.friendly_name?.message} registration={form.register('friendly_name')} />
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? messages.accountSecurity.working : messages.accountSecurity.continue}
      </Button>
    </form>
  );
}
