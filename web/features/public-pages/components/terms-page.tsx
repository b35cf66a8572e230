import { termsIntro, termsSections, termsUpdated } from '../content/terms.tsx';
import { LegalDocument } from './legal-document.tsx';

/** /terms: the terms of service for employers and candidates. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of service"
      metaTitle="Terms of service"
      description="The terms for using WorkCred as an employer or a candidate: accounts, job posts, verification and its limits, plans and payment, acceptable use and how disputes are resolved."
      updated={termsUpdated}
      intro={termsIntro}
      sections={termsSections}
    />
  );
}
