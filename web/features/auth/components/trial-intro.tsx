import { Link } from 'react-router';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { Button } from '@web/components/ui/button.tsx';

const text = messages.trialSignIn;

/** Where a new visitor creates the account that starts the trial (issue 33, B1). */
export const TRIAL_SIGNUP_PATH = '/employer-signup?trial=true';

/**
 * /auth?trial=true, above the sign-in form: "Start your free trial" brought new visitors to a
 * sign-in form, where their email and password could only be refused. The way to create the
 * account comes first; the form below is for those who have one.
 */
export function TrialIntro() {
  return (
    <>
      <section aria-labelledby="trial-new-heading" className="rounded-lg border border-brand-100 bg-brand-50 p-4">
        <h2 id="trial-new-heading" className="text-base font-semibold text-slate-900">
          {text.newHere}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{text.createAccountIntro}</p>
        <Button asChild size="lg" className="mt-4 w-full">
          <Link to={TRIAL_SIGNUP_PATH}>{text.createAccount}</Link>
        </Button>
      </section>
      <div className="my-6 flex items-center gap-3 text-sm text-slate-600">
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        <h2 className="text-sm font-medium">{text.haveAccount}</h2>
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </div>
    </>
  );
}

/**
 * Under the form after a refused sign-in in trial mode: the way to create the account, with the
 * email typed so far (carried in the history entry's state, not the address, so it reaches no
 * log). Shown for every refusal alike: it never says whether the email has an account (6.3.8).
 */
export function TrialSignupHint({ email }: { email: string }) {
  return (
    <p role="status" className="mt-4 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-slate-700" data-testid="trial-signup-hint">
      {`${text.failedPrompt} `}
      <Link to={TRIAL_SIGNUP_PATH} state={{ email }} className="font-medium text-brand-700 underline-offset-2 hover:underline">
        {text.failedLink}
      </Link>
    </p>
  );
}
