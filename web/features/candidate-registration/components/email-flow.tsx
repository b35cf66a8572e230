import { useState } from 'react';
import { messages } from '@shared/messages.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { EmailForm } from './email-form.tsx';
import { RegistrationCard } from './registration-card.tsx';

const titles = messages.candidate.registration.stepTitles;

type Phase = { name: 'email'; email: string; refusal?: string } | { name: 'code'; email: string };

/**
 * The signed-out part of the registration: the email (step 1), then the code sent to it, which
 * is the first half of the verification step. Verifying signs the candidate in, and the page
 * switches to the signed-in flow.
 */
export function EmailFlow() {
  const [phase, setPhase] = useState<Phase>({ name: 'email', email: '' });
  if (phase.name === 'email') {
    return (
      <RegistrationCard step="email" title={titles.email}>
        <EmailForm key={phase.refusal ?? ''} defaultEmail={phase.email} refusal={phase.refusal} onSent={(email) => setPhase({ name: 'code', email })} />
      </RegistrationCard>
    );
  }
  return (
    <RegistrationCard step="verification" title={titles.verifyEmail}>
      <EmailCodeForm
        email={phase.email}
        onChangeEmail={() => setPhase({ name: 'email', email: phase.email })}
        onRefused={(refusal) => setPhase({ name: 'email', email: phase.email, refusal })}
      />
    </RegistrationCard>
  );
}
