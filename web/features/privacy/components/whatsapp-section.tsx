import { formatIstDate } from '@shared/gst.ts';
import { whatsappMessages as text } from '@shared/messages/whatsapp.ts';
import type { WhatsappOptIn } from '@shared/schemas/whatsapp.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useSetWhatsappOptIn, useWhatsappOptIn } from '../api/whatsapp.ts';
import { PrivacySection } from './privacy-section.tsx';

/** Why the switch cannot be turned on, or what it does: one line under it. */
function noteOf(state: WhatsappOptIn): string {
  if (!state.available) return text.unavailable;
  if (!state.phone_verified) return text.needsVerifiedPhone;
  if (state.opted_in && state.given_at) return `${fill(text.sendsTo, { phone: state.phone ?? '' })} ${fill(text.optedInSince, { date: formatIstDate(new Date(state.given_at)) })}`;
  if (state.phone_changed) return fill(text.phoneChanged, { phone: state.phone ?? '' });
  return `${text.off} ${fill(text.sendsTo, { phone: state.phone ?? '' })}`;
}

/** The candidate's WhatsApp opt-in (issue 36 §3): a switch, recorded in the consent ledger below it. */
export function WhatsappSection() {
  const state = useWhatsappOptIn();
  const save = useSetWhatsappOptIn();
  const id = 'whatsapp-opt-in';
  return (
    <PrivacySection id="whatsapp" title={text.title} intro={text.intro}>
      {state.isPending ? (
        <Spinner label={text.title} />
      ) : state.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(state.error, text.loadFailed)}
        </p>
      ) : (
        <div className="flex items-start gap-3" data-testid="whatsapp-opt-in">
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={state.data.opted_in}
            disabled={save.isPending || (!state.data.opted_in && (!state.data.available || !state.data.phone_verified))}
            aria-describedby={`${id}-note`}
            onChange={(event) => {
              const optedIn = event.target.checked;
              save.mutate(
                { opted_in: optedIn },
                {
                  onSuccess: () => toast.success(optedIn ? text.optedIn : text.optedOut),
                  onError: (error) => toast.error(errorMessage(error, text.saveFailed)),
                },
              );
            }}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
          />
          <div className="min-w-0">
            <label htmlFor={id} className="font-medium text-slate-900">
              {text.toggle}
            </label>
            <p id={`${id}-note`} className="mt-1 text-sm text-slate-700">
              {noteOf(state.data)}
            </p>
          </div>
        </div>
      )}
    </PrivacySection>
  );
}
