import { ArrowRight, Braces, Building2, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { BrandMark } from '@web/components/brand.tsx';
import { Button } from '@web/components/ui/button.tsx';

const ways = [
  {
    icon: Building2,
    title: 'ATS and HRMS',
    body: 'Send shortlisted candidates to your applicant tracking system and new hires to your HRMS, with their verification results attached.',
  },
  {
    icon: Braces,
    title: 'API access',
    body: 'Create jobs, pull applications and read verification results from your own software. Included from the Starter plan.',
  },
  {
    icon: Workflow,
    title: 'Custom integration',
    body: 'On Professional and above, we build the connection to your in-house tools and approval steps together with your team.',
  },
] as const;

function Node({ label, highlight = false }: { label: string; highlight?: boolean }) {
  return (
    <div
      className={
        highlight
          ? 'flex items-center gap-2 rounded-xl bg-slate-900 px-4 py-3 text-sm font-semibold text-white shadow-lg'
          : 'rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-700 shadow-sm'
      }
    >
      {highlight ? <BrandMark className="size-6" /> : null}
      {label}
    </div>
  );
}

/** How WorkCred connects to an employer's existing tools (the API and integrations the plans offer). */
export function IntegrationSection() {
  return (
    <section id="integrations" aria-labelledby="integrations-heading" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Integrations</p>
          <h2 id="integrations-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {messages.landing.integrationHeading}
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            WorkCred does the verifying; your existing systems keep doing the rest. Results flow to where your recruiters and HR team already work.
          </p>
          <ul className="mt-8 space-y-6">
            {ways.map(({ icon: Icon, title, body }) => (
              <li key={title} className="flex gap-4">
                <Icon className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{body}</p>
                </div>
              </li>
            ))}
          </ul>
          <Button asChild variant="outline" className="mt-8">
            <Link to="/contact">
              Talk to us about integration
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>

        {/* A diagram of the flow described in the text beside it. */}
        <div aria-hidden="true" className="mx-auto flex w-full max-w-md flex-col items-center gap-3">
          <div className="grid w-full grid-cols-2 gap-3 text-center">
            <Node label="Careers page" />
            <Node label="Job link and QR code" />
          </div>
          <div className="h-8 w-px bg-brand-600/40" />
          <Node label="WorkCred verification" highlight />
          <div className="h-8 w-px bg-brand-600/40" />
          <div className="grid w-full grid-cols-3 gap-3 text-center">
            <Node label="ATS" />
            <Node label="HRMS" />
            <Node label="Your API" />
          </div>
        </div>
      </div>
    </section>
  );
}
