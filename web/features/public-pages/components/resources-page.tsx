import { BookOpen, Clock } from 'lucide-react';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { guides } from '../content/guides.tsx';
import { PageIntro } from './page-intro.tsx';
import { Prose } from './prose.tsx';

/** /resources: practical guides for employers and candidates, listed as cards and then in full. */
export function ResourcesPage() {
  return (
    <PublicLayout
      title="Resources: hiring and verification guides"
      description="Practical guides for Indian employers and candidates: verifying employment history with UAN, writing better job posts, preparing your documents and understanding notice periods."
    >
      <PageIntro eyebrow="Resources" title="Guides for hiring with verified credentials">
        <p>Short, practical reading for hiring teams and job seekers in India. No sign-up needed.</p>
      </PageIntro>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <nav aria-label="Guides">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {guides.map((guide) => (
              <li key={guide.slug}>
                <a
                  href={`#${guide.slug}`}
                  className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">For {guide.audience.toLowerCase()}</span>
                  <span className="mt-2 font-semibold text-slate-900">{guide.title}</span>
                  <span className="mt-2 flex-1 text-sm text-slate-600">{guide.summary}</span>
                  <span className="mt-4 inline-flex items-center gap-1.5 text-xs text-slate-500">
                    <Clock className="size-3.5" aria-hidden="true" />
                    {guide.minutes} min read
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mx-auto mt-12 max-w-3xl space-y-8">
          {guides.map((guide) => (
            <article key={guide.slug} id={guide.slug} aria-labelledby={`${guide.slug}-title`} className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
              <p className="inline-flex items-center gap-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">
                <BookOpen className="size-4" aria-hidden="true" />
                For {guide.audience.toLowerCase()} · {guide.minutes} min read
              </p>
              <h2 id={`${guide.slug}-title`} className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
                {guide.title}
              </h2>
              <Prose className="mt-4">{guide.body}</Prose>
              <p className="mt-6 text-sm">
                <a href="#main" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  Back to all guides
                </a>
              </p>
            </article>
          ))}
        </div>
      </div>
    </PublicLayout>
  );
}
