import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function EmployerSignupPage() {
  return <ComingSoonPage title="Employer Signup" />;
}
