import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import { StepProgress } from '@web/components/ui/step-progress.tsx';
import type { StepWizard } from '@web/lib/use-step-wizard.ts';

/** A wizard's form (see useStepWizard): the progress bar, the step's fields under its name, then Previous and Next, or submit on the last step. */
export function StepWizardForm({
  wizard,
  steps,
  progressLabel,
  busy,
  previousLabel,
  nextLabel,
  submitLabel,
  children,
}: {
  wizard: StepWizard;
  steps: readonly string[];
  progressLabel: string;
  busy: boolean;
  previousLabel: string;
  nextLabel: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const { step, lastStep, headingRef, goTo, goNext, onSubmit } = wizard;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy} className="space-y-6">
      <StepProgress steps={steps} current={step} label={progressLabel} />
      <fieldset className="space-y-4">
        <legend ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none">
          {steps[step]}
        </legend>
        {children}
      </fieldset>
      <div className="flex items-center justify-between gap-3">
        <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0 || busy}>
          {previousLabel}
        </Button>
        {step < lastStep ? (
          <Button key="next" onClick={() => void goNext()}>
            {nextLabel}
          </Button>
        ) : (
          <Button key="submit" type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
