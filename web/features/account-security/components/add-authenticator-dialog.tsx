import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import type { z } from 'zod';
import { messages } from '@shared/messages.ts';
import { enrolFactorSchema, type EnrolledFactor } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { useEnrolMfaFactor } from '../api/enrol-mfa-factor.ts';
import { useFactorVerification } from '../hooks/use-factor-verification.ts';
import { showRefusal } from '../lib/enrol-errors.ts';
import { EnrolDialog } from './enrol-dialog.tsx';
import { FriendlyNameField } from './friendly-name-field.tsx';
import { ReauthField } from './reauth-field.tsx';
import { useFactorEnabled } from '../hooks/use-show-recovery-codes.ts';
import { TotpQrCode } from './totp-qr-code.tsx';
import { VerifyCodeForm } from './verify-code-form.tsx';

const appFormSchema = enrolFactorSchema.options[0].pick({ password: true, email_code: true, friendly_name: true });
type AppForm = z.input<typeof appFormSchema>;

/** "Add authenticator app": password and name → QR code and key → the first code from the app. */
export function AddAuthenticatorDialog() {
  return <EnrolDialog icon={KeyRound} label={messages.accountSecurity.appButton}>{(onDone) => <AddAuthenticatorFlow onDone={onDone} />}</EnrolDialog>;
}

function AddAuthenticatorFlow({ onDone }: { onDone: () => void }) {
  const [enrolled, setEnrolled] = useState<EnrolledFactor | null>(null);
  const verification = useFactorVerification();
  const factorEnabled = useFactorEnabled(onDone);

  if (enrolled?.totp) {
    return (
      <div className="space-y-5">
        <div>
          <DialogTitle>{messages.accountSecurity.appTitle}</DialogTitle>
          <DialogDescription>{messages.accountSecurity.scanPrompt}</DialogDescription>
        </div>
        <TotpQrCode uri={enrolled.totp.uri} secret={enrolled.totp.secret} />
        <VerifyCodeForm
          factor={enrolled}
          verification={verification}
          onVerified={factorEnabled}
        />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <div>
        <DialogTitle>{messages.accountSecurity.appTitle}</DialogTitle>
        <DialogDescription>{messages.accountSecurity.appDescription}</DialogDescription>
      </div>
      <AppDetailsForm onEnrolled={setEnrolled} />
    </div>
  );
}

function AppDetailsForm({ onEnrolled }: { onEnrolled: (factor: EnrolledFactor) => void }) {
  const enrol = useEnrolMfaFactor();
  const form = useForm<AppForm>({ resolver: zodResolver(appFormSchema), defaultValues: { password: '', email_code: '', friendly_name: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password, email_code, friendly_name }) => {
    try {
      onEnrolled(await enrol.mutateAsync({ factor_type: 'totp', password: password || undefined, email_code: email_code || undefined, friendly_name: friendly_name || undefined }));
    } catch (error) {
      showRefusal(form, error, ['password', 'email_code']);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate aria-busy={enrol.isPending}>
      <ReauthField id="app-password" password={form.register('password')} emailCode={form.register('email_code')} passwordError={errors.password?.message} codeError={errors.email_code?.message} />
      <FriendlyNameField id="app-name" placeholder={messages.accountSecurity.appNamePlaceholder} error={errors.friendly_name?.message} registration={form.register('friendly_name')} />
      <Button type="submit" className="w-full" disabled={enrol.isPending}>
        {enrol.isPending ? messages.accountSecurity.working : messages.accountSecurity.continue}
      </Button>
    </form>
  );
}
