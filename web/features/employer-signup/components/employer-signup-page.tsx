import { Gift, Sparkles } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { signupPlanSchema, type SignupPlan } from '@shared/schemas/employer-signup.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { fill } from '@web/lib/fill.ts';
import { EmployerSignupForm } from './employer-signup-form.tsx';

const text = messages.employerSignupFlow;
const planName = (plan: SignupPlan) => plan.charAt(0).toUpperCase() + plan.slice(1);

/** The email a visitor typed on /auth?trial=true, carried in the history entry's state (issue 33, B1). */
function carriedEmail(state: unknown): string {
  const email = state && typeof state === 'object' && 'email' in state ? state.email : undefined;
  return typeof email === 'string' ? email.slice(0, 254) : '';
}

/**
 * /employer-signup (spec point 2). ?plan=starter|professional comes from the landing's pricing;
 * ?trial=true from "Start your free trial" (by way of /auth?trial=true), with the email typed there.
 */
export function EmployerSignupPage() {
  const [searchParams] = useSearchParams();
  const plan = signupPlanSchema.safeParse(searchParams.get('plan')).data;
  const trial = searchParams.get('trial') === 'true';
  const email = carriedEmail(useLocation().state);
  return (
    <PublicLayout title={text.pageTitle} description={text.pageDescription}>
      <div className="mx-auto w-full max-w-lg px-4 py-10 sm:px-6 sm:py-14">
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{text.pageTitle}</h1>
          <p className="mt-2 text-sm text-slate-600">{text.subtitle}</p>
          {plan ? (
            <p className="mt-4 inline-flex items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800" data-testid="selected-plan">
              <Sparkles className="size-4" aria-hidden="true" />
              {fill(text.planSelected, { plan: planName(plan) })}
            </p>
          ) : null}
          {trial ? (
            <p className="mt-4 inline-flex items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800" data-testid="trial-badge">
              <Gift className="size-4" aria-hidden="true" />
              {messages.trialSignIn.signupBadge}
            </p>
          ) : null}
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <EmployerSignupForm plan={plan} email={email} />
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          {text.haveAccount}{' '}
          <Link to="/auth" className="rounded-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {text.signIn}
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
