import { messages } from '@shared/messages.ts';
import { ComingSoonPanel } from '@web/components/coming-soon.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';
import { roleLabel } from '@web/lib/role-label.ts';
import { useMe } from '@web/lib/session/get-me.ts';

/** /dashboard index for now: who is signed in (a later release builds the overview). */
export function DashboardHome() {
  const me = useMe().data;
  if (!me) return null;
  const { user } = me;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">{fill(messages.shell.welcome, { name: user.full_name })}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">{messages.shell.role}</dt>
              <dd className="mt-1 font-medium text-slate-900" data-testid="user-role">
                {roleLabel(user.role)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{messages.shell.email}</dt>
              <dd className="mt-1 truncate font-medium text-slate-900">{user.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{messages.shell.company}</dt>
              <dd className="mt-1 font-medium text-slate-900">{user.company_name ?? messages.shell.noCompany}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <ComingSoonPanel title={messages.shell.overviewTitle} />
    </div>
  );
}
