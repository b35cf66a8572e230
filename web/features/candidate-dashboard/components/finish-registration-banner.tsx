import { ArrowRight, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';

const text = messages.candidateDashboard;

/** Shown until Complete Registration was pressed: back to the first unfinished step. */
export function FinishRegistrationBanner() {
  return (
    <section aria-labelledby="finish-registration" className="flex flex-col gap-4 rounded-xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <ListChecks className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div>
          <h2 id="finish-registration" className="font-semibold text-amber-900">
            {text.finishRegistration}
          </h2>
          <p className="text-sm text-amber-900">{text.finishRegistrationBody}</p>
        </div>
      </div>
      <Button asChild className="shrink-0">
        <Link to="/candidate/register">
          {text.finishRegistration}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}
