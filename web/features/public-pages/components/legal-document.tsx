import type { ReactNode } from 'react';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { PageIntro } from './page-intro.tsx';
import { Prose } from './prose.tsx';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  metaTitle: string;
  description: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A legal page (/privacy, /terms): numbered sections with a contents list that links to each. */
export function LegalDocument({ title, metaTitle, description, updated, intro, sections }: LegalDocumentProps) {
  return (
    <PublicLayout title={metaTitle} description={description}>
      <PageIntro eyebrow="Legal" title={title}>
        <p className="text-base">Last updated: {updated}</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-6 lg:self-start">
          <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-600 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 max-w-3xl">
          <Prose>{intro}</Prose>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-6">
              <h2 id={`${section.id}-heading`} className="text-xl font-bold tracking-tight text-slate-900">
                {index + 1}. {section.heading}
              </h2>
              <Prose className="mt-3">{section.body}</Prose>
            </section>
          ))}
        </div>
      </div>
    </PublicLayout>
  );
}
