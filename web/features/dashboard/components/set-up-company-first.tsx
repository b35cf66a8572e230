import { useState } from 'react';
import { Building2 } from 'lucide-react';
import { gettingStartedMessages } from '@shared/messages/getting-started.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { CompleteProfileDialog } from './complete-profile-dialog.tsx';

const text = gettingStartedMessages.needsCompany;

/**
 * What a screen that needs a company shows before there is one (issue 33, B2): Jobs answered "User
 * is not associated with a company" and the overview "Unauthorized access.". The way forward is
 * Complete Your Profile, opened here (prefilled from the signup) unless the page has its own.
 */
export function SetUpCompanyFirst({ onCompleteProfile }: { onCompleteProfile?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="mx-auto max-w-xl p-6 text-center sm:p-8" data-testid="set-up-company-first">
      <Building2 className="mx-auto size-10 text-brand-700" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{text.heading}</h2>
      <p className="mt-2 text-sm text-pretty text-slate-600">{text.body}</p>
      <Button className="mt-6" onClick={onCompleteProfile ?? (() => setOpen(true))}>
        {text.action}
      </Button>
      {onCompleteProfile ? null : <CompleteProfileDialog open={open} onOpenChange={setOpen} />}
    </Card>
  );
}
