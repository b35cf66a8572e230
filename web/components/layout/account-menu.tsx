import { ChevronDown, LogOut, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import type { Me } from '@shared/schemas/auth.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu.tsx';
import { initialsOf, roleLabel } from '@web/lib/role-label.ts';
import { useSignOut } from '@web/lib/session/sign-out.ts';

/** The header's Account menu: who is signed in, "Security" (second factors) and "Sign out". */
export function AccountMenu({ me }: { me: Me }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={messages.shell.accountMenu}
        className="flex cursor-pointer items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800">
          {initialsOf(me.user.full_name)}
        </span>
        <span className="hidden max-w-40 truncate font-medium sm:inline">{me.user.full_name}</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-slate-900">{me.user.full_name}</span>
          <span className="block truncate text-xs font-normal text-slate-500">{me.user.email}</span>
          <span className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">{roleLabel(me.user.role)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account/security">
            <ShieldCheck className="size-4" aria-hidden="true" />
            {messages.accountSecurity.menuItem}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut className="size-4" aria-hidden="true" />
          {messages.shell.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
