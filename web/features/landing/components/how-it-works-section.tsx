import { ListFilter, QrCode, ScanSearch, UsersRound } from 'lucide-react';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { SectionHeading } from './section-heading.tsx';

// The four steps of spec point 1, in order.
const steps = [
  {
    icon: QrCode,
    title: 'Drive',
    body: 'Share each job as a link or a QR code: on your careers page, in messages, on campus notice boards. Every application lands in one place.',
  },
  {
    icon: ScanSearch,
    title: 'Screen',
    body: 'Each candidate gets a WorkCred ID. Their credentials are checked by our algorithm, by AI and by a verification team.',
  },
  {
    icon: ListFilter,
    title: 'Handpick',
    body: 'Filter verified candidates by experience, projects, notice period, pay scale and skills, and shortlist the ones who fit.',
  },
  {
    icon: UsersRound,
    title: 'Onboard and Manage',
    body: 'Add the people you hire under your organisation, and remove them when they are relieved, so your records stay current.',
  },
] as const;

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-it-works-heading" eyebrow="How it works" title={messages.landing.howItWorksHeading}>
          Four steps from a job post to a verified hire.
        </SectionHeading>
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ icon: Icon, title, body }, position) => (
            <li key={title} className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-brand-600 text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-slate-500">Step {position + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
