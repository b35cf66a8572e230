import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function EmployerOnboardingPage() {
  return <ComingSoonPage title="Employer Onboarding" />;
}
