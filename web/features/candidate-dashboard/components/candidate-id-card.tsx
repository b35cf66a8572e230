import { BadgeCheck } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { Card } from '@web/components/ui/card.tsx';

const text = messages.candidateDashboard;

/** The candidate ID (WC-7K3F9Q), shown large: it is what employers and the verification team quote. */
export function CandidateIdCard({ code }: { code: string }) {
  return (
    <Card className="flex items-center gap-4 border-brand-100 bg-brand-50/60 p-5">
      <BadgeCheck className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-brand-800 uppercase">{text.candidateIdLabel}</p>
        <p className="font-mono text-2xl font-bold tracking-wider text-slate-900" data-testid="candidate-code">
          {code}
        </p>
        <p className="text-xs text-slate-600">{text.candidateIdHint}</p>
      </div>
    </Card>
  );
}
