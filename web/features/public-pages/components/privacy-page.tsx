import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function PrivacyPage() {
  return <ComingSoonPage title="Privacy" />;
}
