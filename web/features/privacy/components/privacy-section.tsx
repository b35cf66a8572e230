import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';

/** One part of the privacy centre: a card whose heading names its region. */
export function PrivacySection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`privacy-${id}`} className="scroll-mt-20">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle id={`privacy-${id}`}>{title}</CardTitle>
          {intro ? <CardDescription>{intro}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
