import { messages } from '@shared/messages.ts';
import { registrationProgress, registrationSteps, type RegistrationStep } from '@shared/schemas/candidate.ts';
import { fill } from '@web/lib/fill.ts';

const text = messages.candidate;

/** The spec's progress: (step index + 1) / 6, as a percentage. */
export function RegistrationProgress({ step }: { step: RegistrationStep }) {
  const percent = registrationProgress(step);
  const position = fill(text.registration.stepProgress, { current: String(registrationSteps.indexOf(step) + 1), total: String(registrationSteps.length) });
  const complete = fill(text.flow.percentComplete, { percent: String(percent) });
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700">{position}</span>
        <span className="text-slate-500" data-testid="registration-percent">
          {complete}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={text.flow.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${position}, ${complete}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
