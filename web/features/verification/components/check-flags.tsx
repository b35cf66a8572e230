import { useId } from 'react';
import { ScanSearch } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { VerificationFlagView } from '@shared/schemas/verification.ts';
import { Button } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';

const text = messages.verification;
/** Document forensics' findings (issue 35) are signals for a person to weigh, not rule outcomes. */
const isSignal = (rule: string) => rule.startsWith('forensic_') || rule === 'document_risk';

/**
 * The automatic pass's findings: each rule with its outcome and, where known, what was expected,
 * what was found and the text around it. Anything but a match is highlighted.
 */
export function CheckFlags({
  flags,
  audience,
  compact = false,
  onShowPlace,
}: {
  flags: readonly VerificationFlagView[];
  /** The candidate reads about their own documents ("Your name…"); the verification team about the candidate's. */
  audience: 'candidate' | 'reviewer';
  compact?: boolean;
  /** The team's page view: each finding with a page and a rect gets a "Show on page N" button calling this. */
  onShowPlace?: (index: number, opener: HTMLButtonElement) => void;
}) {
  const idPrefix = useId();
  if (flags.length === 0) return null;
  const rules = audience === 'reviewer' ? text.reviewerRules : text.rules;
  const notes = text.ruleNotes[audience];
  return (
    <ul aria-label={text.flagsLabel} className="space-y-2" data-testid="check-flags">
      {flags.map((flag, index) => {
        const ok = flag.outcome === 'match';
        const found = flag.found ?? notes[flag.rule];
        return (
          <li
            key={`${flag.rule}-${index}`}
            data-outcome={flag.outcome}
            className={cn('rounded-md border px-3 py-2 text-sm', ok ? 'border-slate-200 bg-white' : 'border-amber-300 bg-amber-50')}
          >
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span id={`${idPrefix}-${index}`} className="font-medium text-slate-900">
                {rules[flag.rule] ?? flag.rule}
              </span>
              <span className={cn('text-xs font-semibold', ok ? 'text-emerald-700' : flag.outcome === 'mismatch' ? 'text-red-700' : 'text-amber-800')}>
                {isSignal(flag.rule) ? text.signalOutcome : text.outcomes[flag.outcome]}
              </span>
            </p>
            {compact ? (
              ok || !found ? null : <p className="mt-1 text-xs break-words text-slate-700">{found}</p>
            ) : (
              <>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
                  {flag.expected ? (
                    <>
                      <dt className="text-slate-500">{text.expected}</dt>
                      <dd className="break-words text-slate-800">{flag.expected}</dd>
                    </>
                  ) : null}
                  {flag.found ? (
                    <>
                      <dt className="text-slate-500">{text.found}</dt>
                      <dd className={cn('break-words', ok ? 'text-slate-800' : 'font-medium text-red-700')}>{flag.found}</dd>
                    </>
                  ) : null}
                  {flag.evidence ? (
                    <>
                      <dt className="text-slate-500">{text.evidence}</dt>
                      <dd className="font-mono break-words text-slate-700">{flag.evidence}</dd>
                    </>
                  ) : null}
                  {flag.page !== undefined ? (
                    <>
                      <dt className="text-slate-500">{text.flagWhere}</dt>
                      <dd className="text-slate-800" data-testid="flag-place">
                        {fill(text.flagPlace, { page: String(flag.page) })}
                        {flag.rect ? ` (${flag.rect.map((value) => Math.round(value)).join(', ')} pt)` : ''}
                      </dd>
                    </>
                  ) : null}
                </dl>
                {/* A note stands on its own, outside the list of terms (a <dd> needs its <dt>). */}
                {!flag.found && found ? <p className="mt-1 text-xs break-words text-slate-700">{found}</p> : null}
                {onShowPlace && flag.page !== undefined && flag.rect ? (
                  <Button variant="outline" size="sm" className="mt-2" aria-describedby={`${idPrefix}-${index}`} onClick={(event) => onShowPlace(index, event.currentTarget)}>
                    <ScanSearch className="size-4" aria-hidden="true" />
                    {fill(text.showOnPage, { page: String(flag.page) })}
                  </Button>
                ) : null}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
