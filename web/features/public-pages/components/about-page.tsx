import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function AboutPage() {
  return <ComingSoonPage title="About" />;
}
