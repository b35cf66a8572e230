import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useMfaFactors } from '../api/get-mfa-factors.ts';
import { FactorItem } from './factor-item.tsx';

/** The user's second factors, verified or left unfinished. */
export function FactorList() {
  const factors = useMfaFactors();
  if (factors.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (factors.isError) {
    return (
      <div className="space-y-3 p-4">
        <p role="alert" className="text-sm text-red-600">
          {messages.accountSecurity.loadFailed}
        </p>
        <Button variant="outline" size="sm" onClick={() => void factors.refetch()}>
          {messages.accountSecurity.retry}
        </Button>
      </div>
    );
  }
  if (factors.data.length === 0) return <p className="p-4 text-sm text-slate-600">{messages.accountSecurity.empty}</p>;

  const verifiedCount = factors.data.filter((factor) => factor.status === 'verified').length;
  return (
    <ul className="divide-y divide-slate-200">
      {factors.data.map((factor) => (
        <FactorItem key={factor.id} factor={factor} isLastVerified={factor.status === 'verified' && verifiedCount === 1} />
      ))}
    </ul>
  );
}
