import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { messages } from '@shared/messages.ts';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { AuthLayout, AuthNotice } from '@web/features/auth/components/auth-layout.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { confirmEmailChange } from '../api/account.ts';

const text = messages.account;
const linkClass = 'mt-4 inline-block text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * /account/confirm-email#<token>: the link sent to a new email address. The token stays in the
 * fragment (never sent in a URL); it is posted once, and the page says whether the change is done.
 */
export function ConfirmEmailPage() {
  usePageMeta(text.confirmTitle, text.confirmTitle);
  const token = useLocation().hash.replace(/^#/, '');
  const queryClient = useQueryClient();
  // A query, not an effect: posted once per token even when React mounts the page twice.
  const confirm = useQuery({ queryKey: ['confirm-email', token], queryFn: () => confirmEmailChange(token), enabled: token.length > 0, retry: false, staleTime: Infinity, gcTime: Infinity });
  useEffect(() => {
    // The address changed and other sessions ended: whoever is signed in here, re-read it.
    if (confirm.isSuccess) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [confirm.isSuccess, queryClient]);

  if (!token) return <AuthNotice heading={text.confirmInvalid} body={text.confirmMissingToken} />;
  if (confirm.isPending) return <FullPageSpinner label={text.confirming} />;
  if (confirm.isError) {
    const known = isApiError(confirm.error) && confirm.error.status === 409;
    return <AuthNotice heading={known ? text.confirmTitle : text.confirmInvalid} body={known ? confirm.error.message : text.confirmInvalidHint} />;
  }
  const { email, signed_in: signedIn } = confirm.data;
  return (
    <AuthLayout heading={text.confirmTitle}>
      <div role="status" className="flex gap-3">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-words text-slate-900">{fill(text.confirmDone, { email })}</p>
          <p className="text-sm text-slate-600">{text.confirmDoneHint}</p>
        </div>
      </div>
      <Link to={signedIn ? '/dashboard/settings/account' : '/auth'} className={linkClass}>
        {signedIn ? text.confirmContinueSignedIn : text.confirmContinueSignIn}
      </Link>
    </AuthLayout>
  );
}

