import { KeyRound, MessageSquareText } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { Factor } from '@shared/schemas/auth.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { factorName, formatDate } from '../lib/format.ts';
import { FinishFactorDialog } from './finish-factor-dialog.tsx';
import { RemoveFactorDialog } from './remove-factor-dialog.tsx';

/** One row of the list: type, name, status, masked phone, date added, and what can be done. */
export function FactorItem({ factor, isLastVerified }: { factor: Factor; isLastVerified: boolean }) {
  const Icon = factor.factor_type === 'totp' ? KeyRound : MessageSquareText;
  const verified = factor.status === 'verified';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4" data-testid="mfa-factor">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{factorName(factor)}</span>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', verified ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900')}>
            {verified ? messages.accountSecurity.verified : messages.accountSecurity.unverified}
          </span>
        </div>
        <p className="mt-0.5 text-sm text-slate-500">
          {factor.factor_type === 'totp' ? messages.accountSecurity.appTitle : messages.accountSecurity.phoneTitle}
          {factor.phone_hint ? <span className="font-mono"> · {factor.phone_hint}</span> : null}
          {' · '}
          {fill(messages.accountSecurity.addedOn, { date: formatDate(factor.created_at) })}
        </p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        {verified ? null : <FinishFactorDialog factor={factor} />}
        <RemoveFactorDialog factor={factor} isLastVerified={isLastVerified} />
      </div>
    </li>
  );
}
