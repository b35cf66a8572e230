import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { roles, type Role } from '@shared/options.ts';
import type { AdminUser } from '@shared/schemas/admin-console.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { roleLabel } from '@web/lib/role-label.ts';
import { useChangeUserRole } from '../api/manage-user.ts';

const text = messages.adminConsole;

/** Manage Users → Change role: a select of the three roles; the server applies the rules (not your own role, not the last admin). */
export function ChangeRoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const changeRole = useChangeUserRole();
  const name = user.full_name || user.email;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (role === user.role) return;
    changeRole.mutate(
      { userId: user.id, role },
      {
        onSuccess(updated) {
          toast.success(fill(text.roleChanged, { name, role: roleLabel(updated.role) }));
          onClose();
        },
        onError(error) {
          console.error('Changing a role failed', error);
          toast.error(errorMessage(error, text.roleChangeFailed));
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !changeRole.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{text.changeRoleTitle}</DialogTitle>
        <DialogDescription>{fill(text.changeRoleDescription, { name, email: user.email })}</DialogDescription>
        <form className="mt-5 space-y-4" onSubmit={submit}>
          <div className="space-y-1.5">
            <Label htmlFor="admin-new-role">{text.newRoleLabel}</Label>
            <select
              id="admin-new-role"
              className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {roles.map((value) => (
                <option key={value} value={value}>
                  {roleLabel(value)}
                </option>
              ))}
            </select>
          </div>
          {role !== user.role && role !== 'employer' && user.company_name ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{fill(text.leavesCompany, { name, company: user.company_name })}</p>
          ) : null}
          {role !== user.role && role === 'employer' && !user.company_id ? <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{text.employerWithoutCompany}</p> : null}
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={onClose} disabled={changeRole.isPending}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={role === user.role || changeRole.isPending}>
              {changeRole.isPending ? text.saving : text.saveRole}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
