import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { CalendarCheck, Clock, MapPin, Phone, Video } from 'lucide-react';
import { interviewSlotsMessages as text } from '@shared/messages/interview-slots.ts';
import { messages } from '@shared/messages.ts';
import type { SlotPickPage } from '@shared/schemas/interview-slots.ts';
import { formatIstDay, formatIstTime } from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { AuthLayout, AuthNotice } from '@web/features/auth/components/auth-layout.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { bookSlot, lookupSlots } from '../api/slot-offers.ts';

const MODE_ICONS = { video: Video, phone: Phone, in_person: MapPin } as const;

/**
 * /pick-a-time#<token> (issue 36 §4): the candidate picks one of the times the company offered,
 * from the link in their email or WhatsApp, without signing in. The token stays in the fragment
 * and travels in request bodies, never in a URL.
 */
export function PickATimePage() {
  const token = useLocation().hash.replace(/^#/, '');
  const queryKey = ['interview-slots', token];
  const page = useQuery({ queryKey, queryFn: () => lookupSlots(token), enabled: token.length > 0, retry: false });
  usePageMeta(text.pageTitle, page.data ? fill(text.intro, { company: page.data.company_name, title: page.data.job_title }) : text.pageTitle);

  if (!token) return <AuthNotice heading={text.pageTitle} body={text.linkNotFound} />;
  if (page.isPending) return <FullPageSpinner />;
  if (page.isError) return <AuthNotice heading={text.pageTitle} body={errorMessage(page.error, text.loadFailed)} />;
  return <PickATime token={token} page={page.data} queryKey={queryKey} />;
}

function PickATime({ token, page, queryKey }: { token: string; page: SlotPickPage; queryKey: string[] }) {
  const queryClient = useQueryClient();
  const values = { company: page.company_name, title: page.job_title };
  const Icon = MODE_ICONS[page.mode];

  if (page.status === 'booked') {
    return (
      <AuthLayout heading={text.bookedTitle}>
        <p role="status" className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <CalendarCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {fill(text.bookedBody, { ...values, time: page.booked_label ?? '' })}
        </p>
      </AuthLayout>
    );
  }
  const closed = page.status === 'withdrawn' ? text.withdrawnByCompany : page.status === 'expired' ? text.expired : page.slots.length === 0 ? text.noneFree : null;
  return (
    <AuthLayout heading={text.pageTitle} subtitle={fill(text.intro, values)}>
      <p className="mb-4 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          <Clock className="size-4 text-slate-500" aria-hidden="true" />
          {fill(text.howLong, { minutes: String(page.duration_minutes) })}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Icon className="size-4 text-slate-500" aria-hidden="true" />
          {text.modes[page.mode]}
        </span>
      </p>
      {closed ? (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {fill(closed, values)}
        </p>
      ) : (
        <SlotChoice token={token} page={page} onBooked={(next) => queryClient.setQueryData(queryKey, next)} onStale={() => void queryClient.invalidateQueries({ queryKey })} />
      )}
    </AuthLayout>
  );
}

function SlotChoice({ token, page, onBooked, onStale }: { token: string; page: SlotPickPage; onBooked: (page: SlotPickPage) => void; onStale: () => void }) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const book = useMutation({ mutationFn: bookSlot });
  // Grouped by day in IST, soonest first, as the server sends them.
  const days = new Map<string, SlotPickPage['slots']>();
  for (const slot of page.slots) days.set(formatIstDay(slot.starts_at), [...(days.get(formatIstDay(slot.starts_at)) ?? []), slot]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return setError(text.pickRequired);
    setError(undefined);
    book.mutate(
      { token, starts_at: chosen },
      {
        onSuccess: onBooked,
        onError: (failure) => {
          setError(errorMessage(failure, text.bookFailed));
          // Someone else took the time, or the company changed something: show what is left.
          if (isApiError(failure, 409) || isApiError(failure, 410)) {
            setChosen(null);
            onStale();
          }
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-busy={book.isPending}>
      <fieldset className="space-y-4" aria-describedby={`${id}-error`}>
        <legend className="text-sm font-semibold text-slate-900">{text.chooseLegend}</legend>
        {[...days].map(([day, slots]) => (
          <div key={day} className="space-y-2">
            <p className="text-sm font-medium text-slate-700">{day}</p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {slots.map((slot) => (
                <label
                  key={slot.starts_at}
                  className={cn(
                    'flex h-11 cursor-pointer items-center justify-center rounded-md border text-sm font-medium shadow-sm',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    chosen === slot.starts_at ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                  )}
                >
                  <input type="radio" name={`${id}-slot`} value={slot.starts_at} checked={chosen === slot.starts_at} className="sr-only" aria-label={slot.label} onChange={() => setChosen(slot.starts_at)} />
                  {formatIstTime(slot.starts_at)}
                </label>
              ))}
            </div>
          </div>
        ))}
      </fieldset>
      <FieldError id={`${id}-error`} message={error} />
      <Button type="submit" className="w-full" disabled={book.isPending}>
        {book.isPending ? text.booking : text.confirm}
      </Button>
      <p className="text-center text-xs text-slate-500">{messages.interviews.timeHint}</p>
    </form>
  );
}
