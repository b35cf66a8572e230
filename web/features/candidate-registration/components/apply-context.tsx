import { Briefcase } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';

const text = messages.candidate.flow;

/** Above the steps when the candidate came from a job's Apply: why they are here, and the way back. */
export function ApplyContext({ returnTo, signedIn, canApply }: { returnTo: string; signedIn: boolean; canApply: boolean }) {
  return (
    <section aria-labelledby="apply-context-title" className="mb-6 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800 sm:p-5" data-testid="apply-context">
      <div className="flex items-start gap-3">
        <Briefcase className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0 space-y-2">
          <h2 id="apply-context-title" className="font-semibold text-slate-900">
            {text.applyTitle}
          </h2>
          <p>{signedIn ? text.applyResume : text.applyBody}</p>
          {canApply ? (
            <p>
              <Link to={returnTo} className="font-medium text-brand-700 hover:underline">
                {text.backToJob}
              </Link>
            </p>
          ) : null}
          {signedIn ? null : (
            <p className="text-slate-600">
              {`${text.otherSignInPrompt} `}
              <Link to="/auth" state={{ from: returnTo }} className="font-medium text-brand-700 hover:underline">
                {text.otherSignInLink}
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
