import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { industries } from '@shared/options.ts';
import { COMPANY_NAME_MAX, completeProfileBodySchema, POSITION_MAX, type CompleteProfileInput, type CompleteProfileValues } from '@shared/schemas/dashboard.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { JoinSuggestion } from '@web/features/team/components/join-suggestion.tsx';
import { useCompleteProfile } from '../api/complete-profile.ts';
import { useSignupCompany } from '../api/get-signup-company.ts';

const text = messages.dashboardOverview;

interface CompleteProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Complete Your Profile" (spec point 2): shown while the profile has no company; closable;
 * the company name arrives filled in from the signup.
 * Not modal, so the rest of the dashboard (the Account menu, the sidebar) stays usable.
 */
export function CompleteProfileDialog({ open, onOpenChange }: CompleteProfileDialogProps) {
  const id = useId();
  const mutation = useCompleteProfile();
  const form = useForm<CompleteProfileInput, unknown, CompleteProfileValues>({
    resolver: zodResolver(completeProfileBodySchema),
    defaultValues: { company_name: '', position: '' },
  });
  const { errors } = form.formState;

  // Issue 33, B2: the company named at signup is offered again (the server reads the caller's own
  // signup), unless something has been typed already.
  const signupCompany = useSignupCompany(true).data?.company_name;
  useEffect(() => {
    if (signupCompany && !form.getFieldState('company_name').isDirty && !form.getValues('company_name')) form.setValue('company_name', signupCompany);
  }, [signupCompany, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success(text.profileUpdated);
      form.reset();
      onOpenChange(false);
    } catch (error) {
      // A known refusal (the name is taken, say) is explained; anything else stays generic.
      const reason = isApiError(error) && error.status < 500 && error.status !== 400 ? error.message : undefined;
      toast.error(text.profileUpdateFailed, reason ? { description: reason } : undefined);
      if (isApiError(error, 409) && error.code === 'COMPANY_NAME_TAKEN') form.setError('company_name', { message: error.message }, { shouldFocus: true });
    }
  });

  const industryError = errors.industry?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} modal={false}>
      <DialogContent aria-describedby={`${id}-description`} onInteractOutside={(event) => event.preventDefault()}>
        <DialogTitle>{text.completeProfileTitle}</DialogTitle>
        <DialogDescription id={`${id}-description`}>{text.completeProfileDescription}</DialogDescription>
        {/* Issue 13: a colleague's company may already be here (a verified email domain). */}
        <JoinSuggestion />
        <form onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4" noValidate aria-busy={mutation.isPending}>
          <TextField id={`${id}-company`} label={text.companyNameLabel} autoComplete="organization" required maxLength={COMPANY_NAME_MAX} error={errors.company_name?.message} {...form.register('company_name')} />
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-industry`}>{text.industryLabel}</Label>
            <select
              id={`${id}-industry`}
              required
              aria-invalid={industryError ? true : undefined}
              aria-describedby={industryError ? `${id}-industry-error` : undefined}
              className={cn(
                'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm',
                'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500',
              )}
              defaultValue=""
              {...form.register('industry')}
            >
              <option value="">{text.industryPlaceholder}</option>
              {industries.map((industry) => (
                <option key={industry} value={industry}>
                  {industry}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-industry-error`} message={industryError} />
          </div>
          <TextField
            id={`${id}-position`}
            label={text.positionLabel}
            placeholder={text.positionPlaceholder}
            autoComplete="organization-title"
            required
            maxLength={POSITION_MAX}
            error={errors.position?.message}
            {...form.register('position')}
          />
          <Button type="submit" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? text.completingProfile : text.completeProfile}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
