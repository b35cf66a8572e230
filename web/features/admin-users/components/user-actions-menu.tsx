import { useState } from 'react';
import { ChevronDown, RotateCcw, ShieldBan, ShieldOff, UserCog } from 'lucide-react';
import { mfaRecoveryMessages } from '@shared/messages/mfa-recovery.ts';
import { messages } from '@shared/messages.ts';
import type { AdminUser } from '@shared/schemas/admin-console.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu.tsx';
import { fill } from '@web/lib/fill.ts';
import { ChangeRoleDialog } from './change-role-dialog.tsx';
import { ResetMfaDialog } from './reset-mfa-dialog.tsx';
import { SuspensionDialog } from './suspension-dialog.tsx';

const text = messages.adminConsole;

/**
 * Manage Users for one row (the spec's "Edit user"): change the role, suspend or restore, reset
 * two-step verification. An admin's own row offers nothing they may not do (the server refuses it too).
 */
export function UserActionsMenu({ user, isMe }: { user: AdminUser; isMe: boolean }) {
  const [dialog, setDialog] = useState<'role' | 'suspension' | 'mfa' | null>(null);
  const name = user.full_name || user.email;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={fill(text.manageUser, { name })}>
            {text.manage}
            <ChevronDown className="size-4" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem disabled={isMe} onSelect={() => setDialog('role')}>
            <UserCog className="size-4" aria-hidden="true" />
            {text.changeRole}
          </DropdownMenuItem>
          {user.suspended ? (
            <DropdownMenuItem onSelect={() => setDialog('suspension')}>
              <RotateCcw className="size-4" aria-hidden="true" />
              {text.restore}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem disabled={isMe} className="text-red-700 data-[highlighted]:text-red-800" onSelect={() => setDialog('suspension')}>
              <ShieldBan className="size-4" aria-hidden="true" />
              {text.suspend}
            </DropdownMenuItem>
          )}
          {/* Only when there is something to reset; an admin changes their own on their Security page. */}
          <DropdownMenuItem disabled={isMe || !user.mfa_enabled} onSelect={() => setDialog('mfa')}>
            <ShieldOff className="size-4" aria-hidden="true" />
            {mfaRecoveryMessages.adminReset}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog === 'role' ? <ChangeRoleDialog user={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'suspension' ? <SuspensionDialog user={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'mfa' ? <ResetMfaDialog user={user} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
