import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function FeaturesPage() {
  return <ComingSoonPage title="Features" />;
}
