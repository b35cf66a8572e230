import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function JobBoardPage() {
  return <ComingSoonPage title="Jobs" />;
}
