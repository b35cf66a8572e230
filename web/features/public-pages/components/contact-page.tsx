import { ComingSoonPage } from '@web/components/coming-soon.tsx';

export function ContactPage() {
  return <ComingSoonPage title="Contact" />;
}
