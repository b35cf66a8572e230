import { lazy, Suspense, useRef, useState } from 'react';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { Button } from '@web/components/ui/button.tsx';

const loadDialog = () => import('./forgot-password-dialog.tsx');
const ForgotPasswordDialog = lazy(() => loadDialog().then((module) => ({ default: module.ForgotPasswordDialog })));

/**
 * The "Forgot password?" link of the sign-in form. Its dialog (and the dialog library) loads when
 * the link is pointed at, focused or pressed, not with the sign-in page (issue 14, a light /auth).
 */
export function ForgotPasswordLink({ getEmail }: { getEmail: () => string }) {
  const link = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Counts the openings, so the dialog starts afresh each time.
  const [opening, setOpening] = useState(0);
  const preload = () => void loadDialog();
  return (
    <>
      <Button
        ref={link}
        type="button"
        variant="link"
        size="sm"
        className="h-auto"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpening((count) => count + 1);
          setOpen(true);
        }}
      >
        {messages.signIn.forgotPassword}
      </Button>
      {opening > 0 && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={open} opening={opening} onOpenChange={setOpen} getEmail={getEmail} link={link} />
        </Suspense>
      )}
    </>
  );
}
