import { useState } from 'react';
import { CircleCheck } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { RegistrationState } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';
import { formatPhone } from '@web/lib/format-phone.ts';
import { PhoneCodeForm } from './phone-code-form.tsx';
import { PhoneNumberForm, type OtpSent } from './phone-number-form.tsx';

const text = messages.candidate;

interface PhoneStepProps {
  state: RegistrationState;
  onDone: () => void;
  back?: { label: string; onClick: () => void };
  /** Open on the number field even when a number is verified (changing it from the dashboard). */
  startChanging?: boolean;
}

/**
 * Add Your Phone (the spec's two states: the number, then the code once it was sent). A number
 * verified earlier is shown as such, with the way to verify another.
 */
export function PhoneStep({ state, onDone, back, startChanging = false }: PhoneStepProps) {
  const [changing, setChanging] = useState(startChanging || !state.mobile_verified);
  const [sent, setSent] = useState<OtpSent | null>(null);
  // What Change number brings back to the number field.
  const [typed, setTyped] = useState(state.mobile_verified ? '' : (state.phone ?? ''));

  if (!changing) {
    return (
      <div className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2">
          <p className="flex items-center gap-2 text-sm text-brand-800">
            <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
            {fill(text.flow.phoneVerifiedAs, { phone: formatPhone(state.phone ?? '').replace(/ /g, '\u00a0') })}
          </p>
          <Button variant="link" size="sm" onClick={() => setChanging(true)}>
            {text.phone.changeNumber}
          </Button>
        </div>
        <div className="flex items-center justify-between gap-3">
          {back ? (
            <Button variant="outline" onClick={back.onClick}>
              {back.label}
            </Button>
          ) : null}
          <Button className="ml-auto" onClick={onDone}>
            {text.registration.next}
          </Button>
        </div>
      </div>
    );
  }
  if (sent) {
    const changeNumber = () => {
      setTyped(sent.phone);
      setSent(null);
    };
    return <PhoneCodeForm sent={sent} onResent={setSent} onChangeNumber={changeNumber} onVerified={onDone} />;
  }
  return <PhoneNumberForm defaultPhone={typed} onSent={setSent} back={back} />;
}
