import { useState, type ReactNode } from 'react';
import { ArrowLeft, KeyRound, MessageSquareText, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Brand } from '@web/components/brand.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { homeFor } from '@web/lib/session/destinations.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { AddAuthenticatorDialog } from './add-authenticator-dialog.tsx';
import { AddPhoneDialog } from './add-phone-dialog.tsx';
import { ShowRecoveryCodesContext } from '../hooks/use-show-recovery-codes.ts';
import { FactorList } from './factor-list.tsx';
import { RecoveryCodesCard } from './recovery-codes-card.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';

/** /account/security: the signed-in user's second factors, and adding or removing one. */
export function AccountSecurityPage() {
  usePageMeta(messages.accountSecurity.heading, messages.accountSecurity.intro);
  const me = useMe().data;
  // A new set of recovery codes, shown once above whatever dialog produced it.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!me) return null;
  const home = homeFor(me);

  return (
    <ShowRecoveryCodesContext.Provider value={setRecoveryCodes}>
      <div className="min-h-dvh bg-slate-50">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-16 max-w-3xl items-center gap-4 px-4 sm:px-6">
            <Brand />
            <Link
              to={home}
              className="ml-auto inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {home === '/admin' ? messages.accountSecurity.backToAdmin : messages.accountSecurity.backToDashboard}
            </Link>
          </div>
        </header>
        <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
          <div className="flex gap-3">
            <ShieldCheck className="mt-1 size-7 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{messages.accountSecurity.heading}</h1>
              <p className="mt-1 text-sm text-slate-600">{messages.accountSecurity.intro}</p>
            </div>
          </div>
          <Card>
            <CardHeader className="border-b border-slate-200 pb-4">
              <CardTitle id="factors-heading">{messages.accountSecurity.listHeading}</CardTitle>
            </CardHeader>
            <section aria-labelledby="factors-heading">
              <FactorList />
            </section>
          </Card>
          <section aria-labelledby="add-heading" className="space-y-3">
            <h2 id="add-heading" className="text-lg font-semibold text-slate-900">
              {messages.accountSecurity.addHeading}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <AddOption icon={KeyRound} title={messages.accountSecurity.appTitle} description={messages.accountSecurity.appDescription}>
                <AddAuthenticatorDialog />
              </AddOption>
              <AddOption icon={MessageSquareText} title={messages.accountSecurity.phoneTitle} description={messages.accountSecurity.phoneDescription}>
                <AddPhoneDialog />
              </AddOption>
            </div>
          </section>
          <RecoveryCodesCard />
        </main>
        <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
      </div>
    </ShowRecoveryCodesContext.Provider>
  );
}

function AddOption({ icon: Icon, title, description, children }: { icon: typeof KeyRound; title: string; description: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <Icon className="size-6 text-brand-700" aria-hidden="true" />
        <h3 className="text-base font-semibold tracking-tight text-slate-900">{title}</h3>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">{children}</CardContent>
    </Card>
  );
}
