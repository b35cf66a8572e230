import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useAskToJoin, useMyJoinStatus } from '../api/join-requests.ts';

const text = messages.team;

/**
 * In "Complete Your Profile": when the person's email domain is a company's verified domain, offer
 * to ask that company to let them in instead of creating a new one; a pending request says so.
 */
export function JoinSuggestion() {
  const status = useMyJoinStatus(true);
  const ask = useAskToJoin();
  const request = status.data?.request;
  const suggestion = status.data?.suggestion;
  if (!request && !suggestion) return null;
  const run = async (companyId: string | null, done: string) => {
    try {
      await ask.mutateAsync(companyId);
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  };
  return (
    <section aria-labelledby="join-suggestion" className="mt-4 space-y-2 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      <h3 id="join-suggestion" className="font-semibold text-slate-900">
        {text.joinSuggestionTitle}
      </h3>
      {request ? (
        <>
          <p role="status">{fill(text.joinRequestPending, { company: request.company_name })}</p>
          <Button type="button" variant="outline" size="sm" disabled={ask.isPending} onClick={() => void run(null, text.joinRequestCancelled)}>
            {text.joinRequestCancel}
          </Button>
        </>
      ) : suggestion ? (
        <>
          <p>{fill(text.joinSuggestion, { company: suggestion.company_name, domain: suggestion.domain })}</p>
          <Button type="button" size="sm" disabled={ask.isPending} onClick={() => void run(suggestion.company_id, fill(text.joinRequestSent, { company: suggestion.company_name }))}>
            {fill(text.joinSuggestionButton, { company: suggestion.company_name })}
          </Button>
        </>
      ) : null}
    </section>
  );
}
