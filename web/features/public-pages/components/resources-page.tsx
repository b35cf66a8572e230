import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function ResourcesPage() {
  return <ComingSoonPage title="Resources" />;
}
