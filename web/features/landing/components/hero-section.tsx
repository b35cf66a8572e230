import { ArrowRight, BadgeCheck, Clock3, FileCheck2, IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { Button } from '@web/components/ui/button.tsx';

const text = messages.landing;

const sampleChecks = [
  { icon: IdCard, label: 'Identity and phone', state: 'Verified' },
  { icon: BadgeCheck, label: 'UAN employment history', state: 'Verified' },
  { icon: FileCheck2, label: 'Experience letter', state: 'Verified' },
  { icon: Clock3, label: 'Salary slip', state: 'In review' },
] as const;

/** The pitch, the free trial and a picture of what an employer sees: a candidate whose record is checked. */
export function HeroSection() {
  return (
    <section id="hero" aria-labelledby="hero-heading" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">{text.tagline}</p>
          <h1 id="hero-heading" className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Hire people whose work history is <span className="text-brand-700">already verified</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-600">
            WorkCred is the credit bureau for employment. Post a job, collect applications by link and QR code, and shortlist candidates whose
            employment record, documents and credentials have been checked before you ever call them.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/auth?trial=true">
                {text.startTrial}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works">{text.seeHowItWorks}</a>
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-600">{text.trialNote}</p>
        </div>

        {/* An illustration of the product; everything it says is also said in words on the page. */}
        <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md sm:block">
          <div className="absolute -inset-4 -z-10 rounded-3xl bg-brand-100/60 blur-2xl" />
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5">
            <div className="flex items-center gap-4">
              <div className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800">AR</div>
              <div>
                <p className="font-semibold text-slate-900">Ananya Rao</p>
                <p className="text-sm text-slate-600">Senior Data Analyst · 6 years</p>
              </div>
              <span className="ml-auto rounded-full bg-slate-100 px-2.5 py-1 font-mono text-xs whitespace-nowrap text-slate-700">WC-48213</span>
            </div>
            <ul className="mt-6 space-y-3">
              {sampleChecks.map(({ icon: Icon, label, state }) => (
                <li key={label} className="flex items-center gap-3 rounded-lg border border-slate-100 bg-slate-50 px-3 py-2.5">
                  <Icon className="size-5 shrink-0 text-brand-600" />
                  <span className="text-sm text-slate-700">{label}</span>
                  <span
                    className={
                      state === 'Verified'
                        ? 'ml-auto rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800'
                        : 'ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800'
                    }
                  >
                    {state}
                  </span>
                </li>
              ))}
            </ul>
            <div className="mt-6 grid grid-cols-3 gap-3 border-t border-slate-100 pt-5 text-center">
              <div>
                <p className="text-lg font-semibold text-slate-900">30 days</p>
                <p className="text-xs text-slate-600">Notice period</p>
              </div>
              <div>
                <p className="text-lg font-semibold text-slate-900">4</p>
                <p className="text-xs text-slate-600">Projects</p>
              </div>
              <div>
                <p className="text-lg font-semibold text-slate-900">₹18–22 L</p>
                <p className="text-xs text-slate-600">Expected pay</p>
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
