import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { CandidateBenefits } from './candidate-benefits.tsx';
import { RegistrationSteps } from './registration-steps.tsx';

const text = messages.candidateLanding;

/** /candidate (spec point 2): Register Now, Browse Jobs and the three benefits. */
export function CandidateLandingPage() {
  return (
    <PublicLayout title={text.title} description={text.description}>
      <section aria-labelledby="candidate-heading" className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-4xl px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24">
          <p className="inline-flex items-center rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">For candidates</p>
          <h1 id="candidate-heading" className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {text.heading}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
            Register once, verify your phone, UAN and documents, and apply to jobs from verified employers. Your WorkCred profile goes with every
            application, so you never send the same papers twice.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            {/* The spec's Register Now points at /candidate-registration (the registration screen, like /candidate/register). */}
            <Button asChild size="lg">
              <Link to="/candidate-registration">{text.registerNow}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/jobs">{text.browseJobs}</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-600">Free for candidates. Keep your UAN and documents at hand.</p>
        </div>
      </section>
      <CandidateBenefits />
      <RegistrationSteps />
    </PublicLayout>
  );
}
