import { BadgeCheck, Search, TrendingUp } from 'lucide-react';

// The three benefit blurbs of spec point 2.
const benefits = [
  {
    icon: Search,
    title: 'Smart job search',
    body: 'Find published openings by role, location and pay, and apply in a few taps with the profile you have already verified.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified employers',
    body: 'Companies hiring on WorkCred go through a verification of their own, so you know who is on the other side of every job.',
  },
  {
    icon: TrendingUp,
    title: 'Career growth',
    body: 'A verified record of your experience, projects and pay makes every next move faster, from your first job to your next promotion.',
  },
] as const;

export function CandidateBenefits() {
  return (
    <section aria-labelledby="benefits-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="benefits-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        Why candidates choose WorkCred
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {benefits.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-600/15">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
