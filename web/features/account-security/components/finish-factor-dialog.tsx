import { useState } from 'react';
import { messages } from '@shared/messages.ts';
import type { Factor } from '@shared/schemas/auth.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog.tsx';
import { fill } from '@web/lib/fill.ts';
import { useFactorVerification } from '../hooks/use-factor-verification.ts';
import { factorName } from '../lib/format.ts';
import { useFactorEnabled } from '../hooks/use-show-recovery-codes.ts';
import { VerifyCodeForm } from './verify-code-form.tsx';

/**
 * "Finish setup" of a factor left unverified: a phone gets a new text; an authenticator app
 * (whose key is never shown again) is asked for its current code.
 */
export function FinishFactorDialog({ factor }: { factor: Factor }) {
  const [open, setOpen] = useState(false);
  const verification = useFactorVerification();
  // This row's dialog goes once the factor is verified.
  const factorEnabled = useFactorEnabled(() => setOpen(false));
  const name = factorName(factor);

  // Runs before the trigger opens the dialog.
  function start() {
    verification.reset();
    // From the click, not an effect: one text per click, whatever React does with effects.
    if (factor.factor_type === 'phone') void verification.sendCode(factor);
  }

  let prompt: string = messages.accountSecurity.finishTotpNote;
  if (factor.factor_type === 'phone') prompt = factor.phone_hint ? fill(messages.accountSecurity.smsPrompt, { phone: factor.phone_hint }) : messages.accountSecurity.smsPromptNoPhone;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" onClick={start} aria-label={fill(messages.accountSecurity.finishNamed, { name })}>
          {messages.accountSecurity.finish}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="space-y-5">
          <div>
            <DialogTitle>{name}</DialogTitle>
            <DialogDescription>{prompt}</DialogDescription>
          </div>
          <VerifyCodeForm
            factor={factor}
            verification={verification}
            onVerified={factorEnabled}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
