import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function CompaniesPage() {
  return <ComingSoonPage title="Companies" />;
}
