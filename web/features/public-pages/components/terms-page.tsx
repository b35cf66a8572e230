import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function TermsPage() {
  return <ComingSoonPage title="Terms" />;
}
