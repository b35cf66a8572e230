import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { destinationAfterSignIn } from '@web/lib/session/destinations.ts';
import { meQueryKey, meQueryOptions, needsSecondFactor } from '@web/lib/session/get-me.ts';
import { servedSignedOut } from '@web/lib/session/served-signed-out.ts';
import { signOut } from '@web/lib/session/sign-out.ts';
import { AuthLayout } from './auth-layout.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { TrialIntro } from './trial-intro.tsx';

// Only people with a second factor see this step: its code (and zod) loads when it is needed.
const SecondFactorStep = lazy(() => import('./second-factor-step.tsx').then((module) => ({ default: module.SecondFactorStep })));

type View = 'checking' | 'redirecting' | 'ending' | 'credentials' | 'second-factor';

/** /auth (spec point 2): sign in, or start the free trial with ?trial=true. */
export function AuthPage() {
  const [searchParams] = useSearchParams();
  const trial = searchParams.get('trial') === 'true';
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery({ ...meQueryOptions(), refetchOnMount: 'always' });
  // A page the server rendered for a visitor without a session shows the form at once (issue 14).
  const [view, setView] = useState<View>(() => (servedSignedOut() ? 'credentials' : 'checking'));

  // The on-load check decides once; later changes of the session are the sign-in's own doing.
  if (view === 'checking' && !session.isFetching) {
    if (session.isError) setView('ending');
    else if (!session.data) setView('credentials');
    else setView(needsSecondFactor(session.data) ? 'second-factor' : 'redirecting');
  }

  useEffect(() => {
    if (view === 'redirecting' && session.data) {
      void navigate(destinationAfterSignIn(location.state, session.data), { replace: true });
    } else if (view === 'ending') {
      // A session we cannot read is ended rather than trusted.
      console.error('Session check failed', session.error);
      void signOut()
        .catch(() => undefined)
        .finally(() => {
          queryClient.setQueryData(meQueryKey, null);
          setView('credentials');
        });
    }
  }, [view, session.data, session.error, location.state, navigate, queryClient]);

  if (view === 'checking' || view === 'redirecting') return <FullPageSpinner label="Checking your session" />;

  if (view === 'second-factor') {
    return (
      <AuthLayout heading={messages.secondFactor.heading} subtitle={messages.auth.mfaRequired}>
        <Suspense fallback={<FullPageSpinner label="Checking your session" />}>
          <SecondFactorStep onCancel={() => setView('credentials')} />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout heading={trial ? messages.auth.trialHeading : messages.auth.signInHeading} subtitle={trial ? messages.auth.trialSubtitle : messages.auth.signInSubtitle}>
      {/* Issue 33, B1: the trial's new visitors are led to create their account first. */}
      {trial ? <TrialIntro /> : null}
      <SignInForm trial={trial} onSecondFactor={() => setView('second-factor')} />
      <GoogleSignInButton />
      {trial ? null : (
        <p className="mt-6 text-center text-sm text-slate-600">
          {`${messages.signIn.noAccount} `}
          <Link to="/employer-signup" className="font-medium text-brand-700 hover:underline">
            {messages.signIn.employerSignupLink}
          </Link>
        </p>
      )}
      {/* Candidates register without a password: they come back with a code sent to their email. */}
      <p className={`${trial ? 'mt-6' : 'mt-2'} text-center text-sm text-slate-600`}>
        {`${messages.signIn.candidatePrompt} `}
        <Link to="/candidate/register" state={location.state} className="font-medium text-brand-700 hover:underline">
          {messages.signIn.candidateCodeLink}
        </Link>
      </p>
    </AuthLayout>
  );
}
