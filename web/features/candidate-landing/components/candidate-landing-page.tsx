import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function CandidateLandingPage() {
  return <ComingSoonPage title="Candidate" />;
}
