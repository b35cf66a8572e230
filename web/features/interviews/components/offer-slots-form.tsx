import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertTriangle, Plus, X } from 'lucide-react';
import { interviewSlotsMessages as slotText } from '@shared/messages/interview-slots.ts';
import { messages } from '@shared/messages.ts';
import { MAX_SLOTS, slotOfferBodySchema } from '@shared/schemas/interview-slots.ts';
import { todayInIndia } from '@shared/schemas/jobs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { toast } from '@web/lib/toast.ts';
import { useTeamMembers } from '../api/get-scheduling-options.ts';
import { useOfferSlots } from '../api/slot-offers.ts';
import { InterviewDetailsFields, type InterviewDetailErrors, type InterviewDetails } from './interview-details-fields.tsx';

const text = messages.interviews;

interface Slot {
  key: number;
  date: string;
  time: string;
}
type Errors = InterviewDetailErrors & { slots?: string };

/**
 * Self-scheduling (issue 36 §4): a few times, in IST, and the interview's details; the candidate
 * gets a link by email (and WhatsApp when they opted in) to pick one. A time an interviewer is
 * already busy is refused with the clash named.
 */
export function OfferSlotsForm({ applicationId, candidateName, onDone }: { applicationId: string; candidateName: string; onDone: () => void }) {
  const id = useId();
  const me = useMe().data?.user?.id;
  const nextKey = useRef(2);
  const [slots, setSlots] = useState<Slot[]>([
    { key: 0, date: '', time: '' },
    { key: 1, date: '', time: '' },
  ]);
  const [details, setDetails] = useState<InterviewDetails>({ duration: 60, mode: 'video', location: '', interviewerIds: me ? [me] : [] });
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const team = useTeamMembers(true);
  const offer = useOfferSlots();
  const employers = (team.data ?? []).filter((member) => member.role === 'employer');

  const set = <K extends keyof InterviewDetails>(key: K, value: InterviewDetails[K]) => {
    setDetails((current) => ({ ...current, [key]: value }));
    setConflict(null);
  };
  const setSlot = (key: number, change: Partial<Slot>) => {
    setSlots((current) => current.map((slot) => (slot.key === key ? { ...slot, ...change } : slot)));
    setConflict(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const nextErrors: Errors = {};
    if (slots.some((slot) => !slot.date || !slot.time)) nextErrors.slots = slotText.slotInvalid;
    const body = {
      application_id: applicationId,
      slots_ist: slots.map((slot) => `${slot.date}T${slot.time}`),
      duration_minutes: details.duration,
      mode: details.mode,
      location: details.location,
      interviewer_ids: details.interviewerIds,
    };
    const parsed = slotOfferBodySchema.safeParse(body);
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      const key = field === 'slots_ist' ? 'slots' : (field as keyof Errors);
      nextErrors[key] ??= issue.message;
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0 || !parsed.success) return;
    try {
      await offer.mutateAsync(parsed.data);
      toast.success(fill(slotText.sent, { name: candidateName }));
      onDone();
    } catch (error) {
      if (isApiError(error, 409) && error.code === 'INTERVIEW_CONFLICT') {
        setConflict(error.message);
        return;
      }
      if (isApiError(error, 400) && error.code === 'SLOT_IN_PAST') {
        setErrors({ slots: error.message });
        return;
      }
      const reason = errorMessage(error, '');
      toast.error(slotText.sendFailed, reason ? { description: reason } : undefined);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4" aria-busy={offer.isPending}>
      <fieldset className="space-y-2" aria-describedby={`${id}-slots-hint ${id}-slots-error`}>
        <legend className="text-sm font-medium text-slate-700">{slotText.slotsLabel}</legend>
        <p id={`${id}-slots-hint`} className="text-xs text-slate-500">
          {slotText.slotsHint}
        </p>
        <ol className="space-y-2">
          {slots.map((slot, index) => {
            const number = String(index + 1);
            return (
              <li key={slot.key} className="flex items-center gap-2">
                <Input
                  type="date"
                  aria-label={fill(slotText.slotDate, { number })}
                  min={todayInIndia()}
                  value={slot.date}
                  onChange={(e) => setSlot(slot.key, { date: e.target.value })}
                  aria-invalid={Boolean(errors.slots) && !slot.date}
                  className="min-w-0 flex-[3]"
                />
                <Input
                  type="time"
                  aria-label={fill(slotText.slotTime, { number })}
                  value={slot.time}
                  onChange={(e) => setSlot(slot.key, { time: e.target.value })}
                  aria-invalid={Boolean(errors.slots) && !slot.time}
                  className="min-w-0 flex-[2]"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={fill(slotText.removeSlot, { number })}
                  disabled={slots.length === 1}
                  onClick={() => setSlots((current) => current.filter((item) => item.key !== slot.key))}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
        <FieldError id={`${id}-slots-error`} message={errors.slots} />
        {slots.length < MAX_SLOTS ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setSlots((current) => [...current, { key: nextKey.current++, date: '', time: '' }])}>
            <Plus className="size-4" aria-hidden="true" />
            {slotText.addSlot}
          </Button>
        ) : null}
      </fieldset>

      <InterviewDetailsFields id={id} values={details} errors={errors} employers={employers} set={set} />

      {conflict ? (
        <div role="alert" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="slot-offer-conflict">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{conflict}</p>
        </div>
      ) : null}

      <div className="flex justify-end gap-3 pt-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {text.close}
        </Button>
        <Button type="submit" disabled={offer.isPending}>
          {offer.isPending ? slotText.sending : slotText.send}
        </Button>
      </div>
    </form>
  );
}
