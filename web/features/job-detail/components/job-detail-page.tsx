import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function JobDetailPage() {
  return <ComingSoonPage title="Job Details" />;
}
