import { useId, useState } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { canAssignRole, companyRoleLabels, type CompanyRole } from '@shared/permissions.ts';
import type { TeamMember } from '@shared/schemas/dashboard.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useChangeRole, useRemoveMember, useTransferOwnership } from '../api/team-invites.ts';
import { RolePicker } from './role-picker.tsx';

const text = messages.team;

/**
 * Manage a member: change their role (within what the actor may give), remove them from the
 * company (after a confirmation), or, for an owner, hand them ownership with the owner's password.
 */
export function ManageMemberDialog({
  member,
  actorRole,
  isSelf,
  companyName,
  onOpenChange,
}: {
  member: TeamMember;
  actorRole: CompanyRole | null;
  isSelf: boolean;
  companyName: string;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const current = member.company_role ?? 'interviewer';
  const [role, setRole] = useState<CompanyRole>(current);
  const [roleError, setRoleError] = useState<string>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removeError, setRemoveError] = useState<string>();
  const [password, setPassword] = useState('');
  const [transferError, setTransferError] = useState<string>();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const name = member.full_name || member.email;
  const canRemove = canAssignRole(actorRole, current, null);
  const canTransfer = actorRole === 'owner' && !isSelf && current !== 'owner';

  const saveRole = async () => {
    setRoleError(undefined);
    try {
      await changeRole.mutateAsync({ userId: member.id, role });
      toast.success(fill(text.roleSaved, { name, role: companyRoleLabels[role] }));
      onOpenChange(false);
    } catch (error) {
      setRoleError(errorMessage(error, messages.auth.unexpected));
    }
  };
  const removeNow = async () => {
    setRemoveError(undefined);
    try {
      await remove.mutateAsync(member.id);
      toast.success(fill(text.removed, { name }));
      onOpenChange(false);
    } catch (error) {
      setRemoveError(errorMessage(error, messages.auth.unexpected));
    }
  };
  const transferNow = async () => {
    if (!password) return setTransferError(text.passwordRequired);
    setTransferError(undefined);
    try {
      await transfer.mutateAsync({ user_id: member.id, password });
      toast.success(fill(text.transferred, { name }));
      onOpenChange(false);
    } catch (error) {
      setTransferError(isApiError(error) ? error.message : messages.auth.unexpected);
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogTitle>{fill(text.manageTitle, { name })}</DialogTitle>
        <DialogDescription>
          <span className="block break-all">{member.email}</span>
          {text.manageDescription}
        </DialogDescription>

        <section className="mt-4 space-y-3">
          <RolePicker name={`${id}-role`} legend={text.inviteRoleLabel} value={role} onChange={setRole} allowed={(option) => option === current || canAssignRole(actorRole, current, option)} error={roleError} />
          <div className="flex justify-end">
            <Button type="button" onClick={() => void saveRole()} disabled={role === current || changeRole.isPending}>
              {text.saveRole}
            </Button>
          </div>
        </section>

        {canTransfer ? (
          <section className="mt-6 space-y-3 border-t border-slate-200 pt-4" aria-labelledby={`${id}-transfer`}>
            <h3 id={`${id}-transfer`} className="font-semibold text-slate-900">
              {text.transferTitle}
            </h3>
            <p className="text-sm text-slate-600">{fill(text.transferDescription, { name })}</p>
            <TextField
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              label={text.transferPasswordLabel}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={transferError}
            />
            <div className="flex justify-end">
              <Button type="button" variant="outline" onClick={() => void transferNow()} disabled={transfer.isPending}>
                {text.transferSubmit}
              </Button>
            </div>
          </section>
        ) : null}

        {canRemove ? (
          <section className="mt-6 space-y-3 border-t border-slate-200 pt-4">
            {confirmRemove ? (
              <div role="alertdialog" aria-labelledby={`${id}-remove`} className="space-y-3 rounded-lg bg-red-50 p-3">
                <p id={`${id}-remove`} className="text-sm text-red-900">
                  {fill(text.removeConfirm, { name, company: companyName })}
                </p>
                <FieldError id={`${id}-remove-error`} message={removeError} />
                <div className="flex justify-end gap-2">
                  <Button type="button" variant="outline" onClick={() => setConfirmRemove(false)}>
                    {text.cancel}
                  </Button>
                  <Button type="button" variant="destructive" onClick={() => void removeNow()} disabled={remove.isPending}>
                    {text.removeConfirmButton}
                  </Button>
                </div>
              </div>
            ) : (
              <Button type="button" variant="outline" className="text-red-700" onClick={() => setConfirmRemove(true)}>
                {text.removeMember}
              </Button>
            )}
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
