import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { BarChart3, LogOut, ScrollText, Settings, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { Brand } from '@web/components/brand.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';
import { roleLabel } from '@web/lib/role-label.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useSignOut } from '@web/lib/session/sign-out.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { AdminNotificationsTab } from '@web/features/admin-notifications/components/admin-notifications-tab.tsx';
import { NotificationBell } from '@web/features/notifications/components/notification-bell.tsx';
import { AdminSupportTab } from '@web/features/admin-support/components/admin-support-tab.tsx';
import { AdminUsersTab } from '@web/features/admin-users/components/admin-users-tab.tsx';
import { AdminVerificationTab } from '@web/features/verification/components/admin-verification-tab.tsx';
import { AdminPlansTab } from '@web/features/billing/components/admin-plans-tab.tsx';
import { AdminPrivacyTab } from '@web/features/privacy/components/admin-privacy-tab.tsx';
import { AuditLogPanel } from './audit-log-panel.tsx';
import { StatCards } from './stat-cards.tsx';

type QuickAction = 'manage-users' | 'settings' | 'audit-logs' | 'analytics';
const quickActions = [
  { id: 'manage-users', label: messages.adminPage.manageUsers, icon: Users },
  { id: 'settings', label: messages.adminPage.settings, icon: Settings },
  { id: 'audit-logs', label: messages.adminPage.auditLogs, icon: ScrollText },
  { id: 'analytics', label: messages.adminPage.analytics, icon: BarChart3 },
] as const satisfies readonly { id: QuickAction; label: string; icon: unknown }[];

/**
 * /admin: who is signed in, the platform figures, the quick actions and the tabs. Manage Users
 * brings the Users tab (whose rows carry the manage menu) to the search box; Audit Logs opens the
 * audit log above the tabs; Settings and Analytics are still "coming soon".
 */
export function AdminPage() {
  const me = useMe().data;
  const signOut = useSignOut();
  const [tab, setTab] = useState('users');
  const [auditOpen, setAuditOpen] = useState(false);
  const userSearch = useRef<HTMLInputElement>(null);
  const auditHeading = useRef<HTMLHeadingElement>(null);
  const auditButton = useRef<HTMLButtonElement>(null);
  if (!me) return null;

  function runQuickAction(action: QuickAction, label: string) {
    if (action === 'manage-users') {
      // Commit the tab switch now, so the search box exists to be focused.
      flushSync(() => setTab('users'));
      userSearch.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      userSearch.current?.focus({ preventScroll: true });
    } else if (action === 'audit-logs') {
      flushSync(() => setAuditOpen(true));
      auditHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      auditHeading.current?.focus({ preventScroll: true });
    } else {
      toast.info(fill(messages.comingSoon.feature, { feature: label }));
    }
  }

  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Brand />
          <span className="rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">{messages.shell.adminTitle}</span>
          {/* Below sm the two actions show only their icons (the names stay for screen readers), so the header fits 375 px. */}
          <div className="ml-auto flex items-center gap-2">
            {/* Hidden below sm: the header is full at 375 px; banners and toasts still reach the admin there. */}
            <NotificationBell className="max-sm:hidden" />
            <Button asChild variant="ghost" size="sm">
              <Link to="/account/security" title={messages.accountSecurity.menuItem}>
                <ShieldCheck className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{messages.accountSecurity.menuItem}</span>
              </Link>
            </Button>
            <Button variant="outline" size="sm" title={messages.shell.signOut} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
              <LogOut className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{messages.shell.signOut}</span>
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{fill(messages.shell.welcome, { name: me.user.full_name })}</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="user-role">
            {fill(messages.shell.signedInAs, { role: roleLabel(me.user.role) })}
          </p>
        </div>
        <section aria-labelledby="stats-heading" className="space-y-3">
          <h2 id="stats-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
            {messages.adminPage.platformStats}
          </h2>
          <StatCards />
        </section>
        <section aria-labelledby="actions-heading" className="space-y-3">
          <h2 id="actions-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
            {messages.adminPage.quickActions}
          </h2>
          <div className="flex flex-wrap gap-3">
            {quickActions.map(({ id, label, icon: Icon }) => (
              <Button key={id} ref={id === 'audit-logs' ? auditButton : undefined} variant="outline" aria-expanded={id === 'audit-logs' ? auditOpen : undefined} onClick={() => runQuickAction(id, label)}>
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Button>
            ))}
          </div>
        </section>
        {auditOpen ? <AuditLogPanel
            headingRef={auditHeading}
            onClose={() => {
              setAuditOpen(false);
              auditButton.current?.focus();
            }}
          /> : null}
        <Tabs value={tab} onValueChange={setTab}>
          {/* Four tabs do not fit one line at 375 px: the list scrolls sideways (see TabsList), never wraps. */}
          <TabsList aria-label={messages.adminPage.tabsLabel}>
            <TabsTrigger value="users">{messages.adminPage.usersTab}</TabsTrigger>
            <TabsTrigger value="notifications">{messages.adminPage.notificationsTab}</TabsTrigger>
            <TabsTrigger value="support">{messages.adminPage.supportTab}</TabsTrigger>
            <TabsTrigger value="verification">{messages.verification.adminTab}</TabsTrigger>
            <TabsTrigger value="plans">{messages.billing.adminTab}</TabsTrigger>
            <TabsTrigger value="privacy">{messages.privacy.adminTab}</TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            <AdminUsersTab searchRef={userSearch} />
          </TabsContent>
          <TabsContent value="notifications">
            <AdminNotificationsTab />
          </TabsContent>
          <TabsContent value="verification">
            <AdminVerificationTab />
          </TabsContent>
          <TabsContent value="plans">
            <AdminPlansTab />
          </TabsContent>
          <TabsContent value="privacy">
            <AdminPrivacyTab />
          </TabsContent>
          <TabsContent value="support">
            <AdminSupportTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
