import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { useAccount } from '../api/account.ts';
import { AccountEmailForm } from './account-email-form.tsx';
import { AccountNameForm } from './account-name-form.tsx';
import { AccountPasswordForm } from './account-password-form.tsx';
import { AccountSessions } from './account-sessions.tsx';
import { ApplicationNoticesSection } from './application-notices-section.tsx';
import { SettingsSection } from './settings-section.tsx';

const text = messages.account;

/**
 * Settings → Your account (issue 13), for every signed-in member whatever their role: name, email
 * (changed by a link to the new address), password, two-step verification, active sessions.
 */
export function AccountTab() {
  const account = useAccount();
  const state = account.status;
  const retry = () => void account.refetch();
  // Issue 36 §2: those told of new applications (owners, admins, recruiters) choose how.
  const canMove = useCan('pipeline.move');
  const inCompany = Boolean(useMe().data?.user.company_id);
  const hearsOfApplications = canMove && inCompany;
  return (
    <div className="space-y-6">
      <SettingsSection title={text.nameHeading} intro={text.nameIntro} state={state} onRetry={retry}>
        {account.isSuccess ? <AccountNameForm account={account.data} /> : null}
      </SettingsSection>
      <SettingsSection title={text.emailHeading} intro={text.emailIntro} state={state} onRetry={retry}>
        {account.isSuccess ? <AccountEmailForm account={account.data} /> : null}
      </SettingsSection>
      <SettingsSection title={text.passwordHeading} intro={text.passwordIntro} state={state} onRetry={retry}>
        {account.isSuccess ? <AccountPasswordForm account={account.data} /> : null}
      </SettingsSection>
      <TwoStepSection />
      {hearsOfApplications ? <ApplicationNoticesSection /> : null}
      <AccountSessions />
    </div>
  );
}

/** Whether a second factor guards the sign-in, and the way to the page that manages them. */
function TwoStepSection() {
  const on = useMe().data?.session.next_aal === 'aal2';
  return (
    <SettingsSection title={text.twoStepHeading} intro={on ? text.twoStepOn : text.twoStepOff} state="success" onRetry={() => undefined}>
      <Link
        to="/account/security"
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ShieldCheck className="size-4" aria-hidden="true" />
        {text.twoStepLink}
      </Link>
    </SettingsSection>
  );
}
