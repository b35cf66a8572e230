import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { z } from 'zod';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@shared/options.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthLayout } from './auth-layout.tsx';

const newPasswordSchema = z
  .object({
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, messages.passwordReset.passwordTooShort).max(MAX_PASSWORD_LENGTH),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: messages.passwordReset.mismatch });
type NewPassword = z.infer<typeof newPasswordSchema>;

/** /auth/reset-password?token=… : where the emailed reset link lands (?error=… when it is spent). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<NewPassword>({ resolver: zodResolver(newPasswordSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    if (!token) return;
    try {
      await reset.mutateAsync({ token, newPassword });
      toast.success(messages.passwordReset.success);
      await navigate('/auth', { replace: true });
    } catch (error) {
      if (!isApiError(error)) console.error('Password reset failed', error);
      toast.error(isApiError(error) && error.code === 'INVALID_TOKEN' ? messages.passwordReset.invalidLink : errorMessage(error, messages.auth.unexpected));
    }
  });

  if (!token || searchParams.has('error')) {
    return (
      <AuthLayout heading={messages.passwordReset.heading}>
        <p role="alert" className="text-sm text-slate-700">
          {messages.passwordReset.invalidLink}
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/auth">{messages.passwordReset.backToSignIn}</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout heading={messages.passwordReset.heading} subtitle={messages.passwordReset.subtitle}>
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <div className="space-y-1.5">
          <Label htmlFor="new-password">{messages.passwordReset.newPasswordLabel}</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={errors.newPassword ? true : undefined}
            aria-describedby={errors.newPassword ? 'new-password-error' : undefined}
            {...form.register('newPassword')}
          />
          <FieldError id="new-password-error" message={errors.newPassword?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="confirm-password">{messages.passwordReset.confirmPasswordLabel}</Label>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={errors.confirmPassword ? 'confirm-password-error' : undefined}
            {...form.register('confirmPassword')}
          />
          <FieldError id="confirm-password-error" message={errors.confirmPassword?.message} />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? messages.auth.processing : messages.passwordReset.submit}
        </Button>
        <p className="text-center text-sm">
          <Link to="/auth" className="font-medium text-brand-700 hover:underline">
            {messages.passwordReset.backToSignIn}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
