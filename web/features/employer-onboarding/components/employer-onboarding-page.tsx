import { useState } from 'react';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Brand } from '@web/components/brand.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useMe } from '@web/lib/session/get-me.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { OnboardingWizard } from './onboarding-wizard.tsx';

const text = messages.employerOnboardingFlow;

/** /employer/onboarding (spec point 2), signed in. Pre-filled with what the profile knows. */
export function EmployerOnboardingPage() {
  usePageMeta(text.pageTitle, text.pageDescription);
  const me = useMe().data;
  const [completed, setCompleted] = useState(false);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Brand />
          <Button asChild variant="ghost">
            <Link to="/dashboard">{text.backToDashboard}</Link>
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <div className="mb-6">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{text.heading}</h1>
          <p className="mt-2 text-sm text-slate-600">{text.subtitle}</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          {completed ? (
            <section className="flex flex-col items-center py-6 text-center" aria-labelledby="onboarding-done">
              <CircleCheck className="mb-4 size-10 text-brand-600" aria-hidden="true" />
              <h2 id="onboarding-done" className="text-lg font-semibold text-slate-900">
                {text.completedHeading}
              </h2>
              <p className="mt-2 max-w-md text-sm text-slate-600">{text.completedBody}</p>
              <Button asChild className="mt-6">
                <Link to="/dashboard">{text.backToDashboard}</Link>
              </Button>
            </section>
          ) : me ? (
            <OnboardingWizard
              defaults={{ company_name: me.user.company_name ?? '', full_name: me.user.full_name, work_email: me.user.email }}
              onCompleted={() => setCompleted(true)}
            />
          ) : null}
        </div>
      </main>
    </div>
  );
}
