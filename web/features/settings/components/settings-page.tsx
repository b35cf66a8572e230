import { useNavigate, useParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import type { CompanyPermission } from '@shared/permissions.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs.tsx';
import { useMe } from '@web/lib/session/get-me.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { AccountTab } from './account-tab.tsx';
import { BillingProfileTab } from './billing-profile-tab.tsx';
import { CandidateEmailsTab } from './candidate-emails-tab.tsx';
import { CompanyTab } from './company-tab.tsx';
import { DevelopersTab } from '@web/features/developers/components/developers-tab.tsx';
import { LetterTemplatesTab } from '@web/features/letters/components/letter-templates-tab.tsx';

const text = messages.settings;

const TABS = [
  { key: 'company', label: text.companyTab, permission: 'settings.company', Panel: CompanyTab },
  { key: 'billing', label: text.billingTab, permission: 'billing.manage', Panel: BillingProfileTab },
  { key: 'emails', label: text.emailsTab, permission: 'settings.emails', Panel: CandidateEmailsTab },
  { key: 'letters', label: messages.letters.templatesTab, permission: 'settings.letters', Panel: LetterTemplatesTab },
  { key: 'developers', label: messages.developers.tab, permission: 'developers.manage', Panel: DevelopersTab },
  { key: 'account', label: text.accountTab, permission: null, Panel: AccountTab },
] as const satisfies readonly { key: string; label: string; permission: CompanyPermission | null; Panel: () => React.JSX.Element }[];

/**
 * Settings (issue 13): one tab per concern, each shown only to the roles the server lets change
 * it (interviewers see only Your account). The tab is in the path: /dashboard/settings/:tab.
 */
export function SettingsPage() {
  usePageMeta(text.pageTitle, text.pageTitle);
  // Without a company only "Your account" applies (issue 33, B2: the others failed with raw errors).
  const inCompany = Boolean(useMe().data?.user.company_id);
  const allowed = {
    company: useCan('settings.company') && inCompany,
    billing: useCan('billing.manage') && inCompany,
    emails: useCan('settings.emails') && inCompany,
    letters: useCan('settings.letters') && inCompany,
    developers: useCan('developers.manage') && inCompany,
    account: true,
  };
  const tabs = TABS.filter((tab) => allowed[tab.key]);
  const { tab } = useParams();
  const navigate = useNavigate();
  const current = tabs.find((entry) => entry.key === tab) ?? tabs[0]!;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.pageTitle}</h2>
      <Tabs value={current.key} onValueChange={(value) => void navigate(`/dashboard/settings/${value}`, { replace: true })}>
        <TabsList aria-label={text.tabsLabel}>
          {tabs.map((entry) => (
            <TabsTrigger key={entry.key} value={entry.key}>
              {entry.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((entry) => (
          <TabsContent key={entry.key} value={entry.key} className="mt-6">
            <entry.Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
