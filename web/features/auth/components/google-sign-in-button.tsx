import { toast } from '@web/lib/toast.ts';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { Button } from '@web/components/ui/button.tsx';
import { useSignInWithGoogle } from '../api/sign-in-with-google.ts';
import { useSiteConfig } from '../api/get-site-config.ts';

/** Shown only when the server has Google sign-in configured. */
export function GoogleSignInButton() {
  const config = useSiteConfig();
  const google = useSignInWithGoogle();
  if (!config.data?.google_sign_in) return null;
  return (
    <div className="mt-4">
      <div className="mb-4 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={google.isPending}
        onClick={() => google.mutate(undefined, { onError: () => toast.error(messages.auth.unexpected) })}
      >
        {messages.signIn.googleButton}
      </Button>
    </div>
  );
}
