import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';

const STEP_OF = 'Step {current} of {total}';

/** A wizard's progress bar: one segment per step, the step names below (from 640 px). */
export function StepProgress({ steps, current, label }: { steps: readonly string[]; current: number; label: string }) {
  const position = fill(STEP_OF, { current: String(current + 1), total: String(steps.length) });
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700">
        {position}: <span className="text-slate-900">{steps[current]}</span>
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={current + 1}
        aria-valuetext={`${position}: ${steps[current]}`}
        className="flex gap-1.5"
      >
        {steps.map((step, index) => (
          <div key={step} className={cn('h-2 flex-1 rounded-full transition-colors', index <= current ? 'bg-brand-600' : 'bg-slate-200')} />
        ))}
      </div>
      <ol className="hidden gap-1.5 text-xs sm:grid" style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}>
        {steps.map((step, index) => (
          <li key={step} aria-current={index === current ? 'step' : undefined} className={cn(index === current ? 'font-semibold text-brand-800' : 'text-slate-500')}>
            {step}
          </li>
        ))}
      </ol>
    </div>
  );
}
