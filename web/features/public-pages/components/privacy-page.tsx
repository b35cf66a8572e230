import { privacyIntro, privacySections, privacyUpdated } from '../content/privacy.tsx';
import { LegalDocument } from './legal-document.tsx';

/** /privacy: the privacy notice under India's DPDP Act, 2023. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy notice"
      metaTitle="Privacy notice"
      description="How WorkCred collects, uses, stores and protects personal data under India's Digital Personal Data Protection Act, 2023, your rights as a Data Principal, and how to reach our Grievance Officer."
      updated={privacyUpdated}
      intro={privacyIntro}
      sections={privacySections}
    />
  );
}
