import { ArrowRight, BellRing, FileSearch, Lock, Plug, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { PageIntro } from './page-intro.tsx';

const steps = [
  {
    name: 'Drive',
    summary: 'Links and QR codes collect applications.',
    detail:
      'Every job you post gets a shareable link and a QR code. Put them on LinkedIn, WhatsApp groups, campus notice boards or a walk-in drive poster; applications arrive in one place, counted per job.',
  },
  {
    name: 'Screen',
    summary: 'Each candidate gets an ID, and credentials are checked.',
    detail:
      'Candidates register once and receive a WorkCred ID. Their UAN-based employment history and documents are checked by rules, by AI and, where something does not add up, by our verification team.',
  },
  {
    name: 'Handpick',
    summary: 'Filter by what matters for the role.',
    detail: 'Narrow applicants by experience, projects, notice period, pay scale and skills, and spend interview time only on people who fit.',
  },
  {
    name: 'Onboard and Manage',
    summary: 'Hired people join your organisation on WorkCred.',
    detail: 'Add new joiners under your organisation when they start and remove them when they are relieved, so your team list and their employment record stay accurate.',
  },
] as const;

const features = [
  {
    icon: FileSearch,
    name: 'AI document verification',
    body: 'Every document is read, scans and phone photos included (text recognition, its confidence recorded). The name, UAN, employer and net pay must match the profile, the bank statement must show the salary credited, and the employers and dates on letters and slips are compared with the EPFO service history. Each file is also examined the way forgeries are caught: the tool that saved it, revisions made after it was issued, figures covered and rewritten, a number in a font used nowhere else, a text layer that says what the scan does not, and sums that do not add up. Anything flagged goes to our verification team with its place marked on the page.',
  },
  {
    icon: BellRing,
    name: 'Real-time updates',
    body: 'New applications, verification results and interview changes appear on your dashboard as they happen, without refreshing, for everyone on your hiring team.',
  },
  {
    icon: Lock,
    name: 'Secure storage',
    body: 'Documents are stored encrypted in India, outside any public folder, and are only ever downloaded by the people allowed to see them. Sign-ins support two-step verification, and every access is logged.',
  },
  {
    icon: Plug,
    name: 'API integration',
    body: 'Connect WorkCred to your ATS or HRMS: push jobs out, pull verified candidate profiles and verification results in, and keep one source of truth for your hiring data.',
  },
  {
    icon: Scale,
    name: 'Compliance',
    body: "Consent is asked for every verification and recorded, in line with India's Digital Personal Data Protection Act, 2023. Candidates can see, correct and withdraw what they shared; you get an audit trail of who did what.",
  },
] as const;

/** /features: the five features and the four steps of spec point 1, explained. */
export function FeaturesPage() {
  return (
    <PublicLayout
      title="Features: verified hiring from job post to onboarding"
      description="How WorkCred works: drive applications with links and QR codes, screen candidates with verified credentials, handpick the best fit and onboard them. AI document checks, real-time updates, secure storage, APIs and DPDP compliance."
    >
      <PageIntro eyebrow="Features" title="Hire people whose history you can trust">
        <p>WorkCred is a credit bureau for employment: one place to post jobs, collect applications and see which credentials are verified before you make an offer.</p>
      </PageIntro>

      <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="steps-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          How it works, in four steps
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step.name} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.name}
                </h3>
                <p className="mt-1 text-sm font-medium text-brand-800">{step.summary}</p>
                <p className="mt-2 text-sm text-slate-600">{step.detail}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="features-heading" className="border-y border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            What you get
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, name, body }) => (
              <li key={name}>
                <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-3 font-semibold text-slate-900">{name}</h3>
                <p className="mt-1 text-sm text-slate-600">{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="features-cta-heading" className="mx-auto max-w-6xl px-4 py-12 text-center sm:px-6">
        <h2 id="features-cta-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Try it on your next opening
        </h2>
        <p className="mt-2 text-slate-600">14-day free trial. No credit card required.</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-brand-700! hover:bg-brand-800!">
            <Link to="/employer-signup">
              Start free trial
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact?plan=enterprise">Talk to sales</Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
