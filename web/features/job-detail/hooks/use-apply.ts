import { useLocation, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { SOURCE_TAG_PATTERN } from '@shared/schemas/source-tag.ts';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { needsSecondFactor, useMe } from '@web/lib/session/get-me.ts';
import { candidateSignInPath } from '@web/lib/session/next-path.ts';
import { useApplyToJob, type ScreeningAnswers } from '../api/apply-to-job.ts';
import { useMyApplication } from '../api/get-my-application.ts';

const text = messages.jobDetail;

/**
 * The Apply button's behaviour (spec point 6): a visitor is told to sign in and sent to the
 * candidate sign-in and registration, which brings them back here afterwards; a signed-in user applies, and learns when they already have.
 */
export function useApply(jobId: string) {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(me.data && !needsSecondFactor(me.data));
  const mine = useMyApplication(jobId, signedIn);
  // Where the candidate came from (issue 7): the ?src= tag of the shared link or QR code, kept
  // through the sign-in detour. A mangled tag is dropped rather than blocking the application.
  const src = new URLSearchParams(location.search).get('src') ?? undefined;
  const mutation = useApplyToJob(jobId, src && SOURCE_TAG_PATTERN.test(src) ? src : undefined);

  const here = `${location.pathname}${location.search}${location.hash}`;
  // Issue 33: a signed-out Apply went to the employer sign-in (with its free-trial text). Applying
  // is for candidates: their sign-in or registration by emailed code, which comes back here (?next=).
  const toSignIn = () => {
    toast.error(text.signInToApply, { id: 'sign-in-to-apply' });
    void navigate(candidateSignInPath(here), { state: { from: here } });
  };

  const toFinishRegistration = (message: string) => {
    toast.error(message, { id: 'apply-result' });
    void navigate(candidateSignInPath(here), { state: { from: here } });
  };

  const apply = (answers?: ScreeningAnswers) => {
    if (mutation.isPending) return;
    if (!signedIn) return toSignIn();
    // The server refuses it too (403 REGISTRATION_INCOMPLETE); knowing it here spares the request.
    const user = me.data?.user;
    if (user?.role === 'candidate' && (!user.mobile_verified || user.full_name.trim() === '')) return toFinishRegistration(text.finishRegistration);
    mutation.mutate(answers, {
      onSuccess: (result) => {
        if (result.status === 'already_applied') toast.info(text.alreadyApplied, { id: 'apply-result' });
        else toast.success(text.submitted, { id: 'apply-result' });
      },
      onError: (error) => {
        if (isApiError(error, 401)) return toSignIn();
        // Registration unfinished (no name or verified phone): finish it, then come back here.
        if (isApiError(error, 403) && error.code === 'REGISTRATION_INCOMPLETE') return toFinishRegistration(error.message);
        toast.error(errorMessage(error, text.submitFailed), { id: 'apply-result' });
      },
    });
  };

  return {
    apply,
    applying: mutation.isPending,
    applied: Boolean(mine.data?.applied) || mutation.isSuccess,
    // Until we know whether the visitor is signed in, a click could go either way.
    checking: me.isPending || (signedIn && mine.isPending),
  };
}
