import { Bot, Cable, LockKeyhole, RefreshCw, ShieldCheck } from 'lucide-react';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { SectionHeading } from './section-heading.tsx';

// The features of spec point 1.
const features = [
  {
    icon: Bot,
    title: 'AI document verification',
    body: 'Experience letters, salary slips and bank statements are read, scans included, checked against the profile and EPFO records, and examined for edits. Anything flagged goes to our verification team.',
  },
  {
    icon: RefreshCw,
    title: 'Real-time updates',
    body: 'New applications, interviews and verification results appear on your dashboard the moment they change, with no refreshing.',
  },
  {
    icon: LockKeyhole,
    title: 'Secure storage',
    body: 'Candidate documents sit in private storage that only your own team can reach, and every account can add two-step verification.',
  },
  {
    icon: Cable,
    title: 'API integration',
    body: 'Connect WorkCred to your applicant tracking and HR systems, so verified candidates and new hires move across without copy and paste.',
  },
  {
    icon: ShieldCheck,
    title: 'Compliance',
    body: 'Candidates share their own documents and UAN with consent, and administrative actions are logged, so you can show how each hire was checked.',
  },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-heading" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <SectionHeading id="features-heading" eyebrow="Features" title={messages.landing.featuresHeading}>
        Built for Indian hiring: UAN-backed employment records, document checks and a team that reviews what software cannot.
      </SectionHeading>
      <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-600/15">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
