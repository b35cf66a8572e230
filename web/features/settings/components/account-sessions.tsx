import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { AccountSession } from '@shared/schemas/account.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useEndSession, useSessions, useSignOutOthers } from '../api/account.ts';
import { SettingsSection } from './settings-section.tsx';

const text = messages.account;
const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const isPhone = (device: string) => / on (iOS|Android)$/.test(device);

/** Active sessions: this device first; any other can be signed out, one by one or all at once. */
export function AccountSessions() {
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  const endOthers = async () => {
    try {
      const { signed_out: count } = await signOutOthers.mutateAsync();
      toast.success(count === 1 ? text.otherSignedOut : fill(text.othersSignedOut, { count: String(count) }));
    } catch (error) {
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  };

  return (
    <SettingsSection title={text.sessionsHeading} intro={text.sessionsIntro} state={sessions.status} onRetry={() => void sessions.refetch()}>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={text.sessionsHeading}>
        {sessions.data?.map((session) => <SessionRow key={session.id} session={session} />)}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        {others > 0 ? (
          <Button variant="outline" onClick={() => void endOthers()} disabled={signOutOthers.isPending} className="ml-auto">
            <LogOut className="size-4" aria-hidden="true" />
            {text.signOutOthers}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">{text.noOtherSessions}</p>
        )}
      </div>
    </SettingsSection>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const Icon = isPhone(session.device) ? Smartphone : Monitor;
  const lastSeen = when(session.last_seen_at);
  const signOut = async () => {
    try {
      await end.mutateAsync(session.id);
      toast.success(text.sessionSignedOut);
    } catch (error) {
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  };

  return (
    <li className="flex items-center gap-3 p-3 sm:p-4" data-testid="account-session-row">
      <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
          {session.device}
          {session.current ? <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">{text.thisDevice}</span> : null}
        </p>
        <p className="mt-0.5 text-xs break-words text-slate-600">
          {fill(text.lastSeen, { date: lastSeen })}
          {session.ip_address ? ` · ${fill(text.fromAddress, { ip: session.ip_address })}` : null}
        </p>
        <p className="text-xs text-slate-500">{fill(text.signedInAt, { date: when(session.created_at) })}</p>
      </div>
      {session.current ? null : (
        <Button variant="outline" size="sm" onClick={() => void signOut()} disabled={end.isPending} aria-label={fill(text.signOutSessionNamed, { device: session.device, date: lastSeen })}>
          {text.signOutSession}
        </Button>
      )}
    </li>
  );
}
