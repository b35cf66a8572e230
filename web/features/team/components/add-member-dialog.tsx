import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { canAssignRole, type CompanyRole } from '@shared/permissions.ts';
import { createInviteBodySchema, type CreateInviteInput } from '@shared/schemas/team.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useCreateInvite } from '../api/team-invites.ts';
import { RolePicker } from './role-picker.tsx';

const text = messages.team;
const EMPTY = { email: '', company_role: undefined as unknown as CompanyRole };
/** Refusals about the address itself are shown beside the email field. */
const EMAIL_CODES = new Set(['ALREADY_MEMBER', 'ALREADY_INVITED', 'MEMBER_OF_ANOTHER_COMPANY', 'NOT_AN_EMPLOYER_ACCOUNT', 'VALIDATION_FAILED']);

/** Add Team Member: a work email and a role; the server emails a single-use link valid for 7 days. */
export function AddMemberDialog({ open, onOpenChange, companyName, actorRole }: { open: boolean; onOpenChange: (open: boolean) => void; companyName: string; actorRole: CompanyRole | null }) {
  const id = useId();
  const create = useCreateInvite();
  const form = useForm<CreateInviteInput>({ resolver: zodResolver(createInviteBodySchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const invite = await create.mutateAsync(values);
      toast.success(fill(text.invited, { email: invite.email }));
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && EMAIL_CODES.has(error.code)) form.setError('email', { message: error.message });
      else if (isApiError(error) && error.code === 'CANNOT_ASSIGN_OWNER') form.setError('company_role', { message: error.message });
      else toast.error(errorMessage(error, messages.auth.unexpected));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(EMPTY);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogTitle>{text.inviteTitle}</DialogTitle>
        <DialogDescription>{fill(text.inviteDescription, { company: companyName })}</DialogDescription>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4" aria-busy={isSubmitting}>
          <TextField
            id={`${id}-email`}
            type="email"
            label={text.inviteEmailLabel}
            placeholder={text.inviteEmailPlaceholder}
            autoComplete="off"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Controller
            control={form.control}
            name="company_role"
            render={({ field }) => (
              <RolePicker
                name={`${id}-role`}
                legend={text.inviteRoleLabel}
                value={field.value}
                onChange={field.onChange}
                allowed={(role) => canAssignRole(actorRole, null, role)}
                error={errors.company_role?.message}
              />
            )}
          />
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? text.inviteSending : text.inviteSubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
