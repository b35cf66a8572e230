import { useEffect, useRef, type ReactNode } from 'react';
import type { RegistrationStep } from '@shared/schemas/candidate.ts';
import { RegistrationProgress } from './registration-progress.tsx';

/**
 * The frame of every step: the progress bar, the step's title and its content. When the title
 * changes (the user moved on or back) the keyboard goes to it, so a screen reader announces it.
 */
export function RegistrationCard({ step, title, children }: { step: RegistrationStep; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstTitle = useRef(title);
  useEffect(() => {
    if (title !== firstTitle.current) heading.current?.focus();
  }, [title]);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <RegistrationProgress step={step} />
      <h2 ref={heading} tabIndex={-1} className="mt-6 mb-5 text-xl font-semibold text-slate-900 focus:outline-none" data-testid="step-title">
        {title}
      </h2>
      {children}
    </div>
  );
}
