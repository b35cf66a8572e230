import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';

const text = messages.candidate.flow;

/** An employer or admin opened the candidate registration: say why it is not for them. */
export function OtherRoleNote() {
  return (
    <section role="note" aria-labelledby="other-role-title" className="rounded-xl border border-amber-200 bg-amber-50 p-6 sm:p-8">
      <div className="flex items-start gap-3">
        <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div>
          <h2 id="other-role-title" className="font-semibold text-amber-900">
            {text.otherRoleTitle}
          </h2>
          <p className="mt-1 text-sm text-amber-900">{text.otherRoleBody}</p>
          <Button asChild className="mt-4">
            <Link to="/dashboard">{text.goToDashboard}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
