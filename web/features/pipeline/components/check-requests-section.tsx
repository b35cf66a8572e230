import { useId, useState } from 'react';
import { format } from 'date-fns';
import { ShieldCheck } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { requestableSubjects, type RequestableSubject } from '@shared/schemas/check-requests.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { toast } from '@web/lib/toast.ts';
import { useCheckRequests, useRequestCheck } from '../api/check-requests.ts';

const text = messages.checkRequests;
const subjects = messages.verification.subjects;

/**
 * Background checks asked of the candidate on this application (issue 15): each with who asked,
 * when, and whether it is verified; a member who may move applications can ask for another,
 * which counts against the plan's checks this month (the server says when none are left).
 */
export function CheckRequestsSection({ applicationId, candidateName }: { applicationId: string; candidateName: string }) {
  const id = useId();
  const canRequest = useCan('pipeline.move');
  const requests = useCheckRequests(applicationId);
  const request = useRequestCheck(applicationId);
  const [subject, setSubject] = useState<RequestableSubject | ''>('');
  const [error, setError] = useState<string | null>(null);
  const asked = new Set(requests.data?.map((one) => one.subject));

  async function send() {
    if (!subject) return;
    setError(null);
    try {
      await request.mutateAsync(subject);
      setSubject('');
      toast.success(text.requested);
    } catch (failure) {
      setError(errorMessage(failure, text.requestFailed));
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        {text.listTitle}
      </h3>
      {requests.data && requests.data.length === 0 ? <p className="text-slate-500">{text.none}</p> : null}
      {requests.data && requests.data.length > 0 ? (
        <ul className="space-y-2">
          {requests.data.map((one) => (
            <li key={one.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
              <span>
                <span className="font-medium text-slate-900">{subjects[one.subject] ?? one.subject}</span>
                <span className="block text-xs text-slate-500">
                  {one.requested_by_name
                    ? fill(text.requestedOn, { date: format(new Date(one.requested_at), 'd MMM yyyy'), name: one.requested_by_name })
                    : fill(text.requestedOnNoName, { date: format(new Date(one.requested_at), 'd MMM yyyy') })}
                </span>
              </span>
              <span className={one.verified ? 'inline-flex items-center gap-1 text-xs font-semibold text-green-800' : 'text-xs font-medium text-amber-800'}>
                {one.verified ? <ShieldCheck className="size-4" aria-hidden="true" /> : null}
                {one.verified ? text.stateVerified : text.stateRequested}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {canRequest ? (
        <form
          className="space-y-2 rounded-lg border border-slate-200 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <p className="text-xs text-slate-600">{fill(text.dialogDescription, { name: candidateName })}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex-1 space-y-1.5">
              <Label htmlFor={`${id}-subject`}>{text.subjectLabel}</Label>
              <select
                id={`${id}-subject`}
                value={subject}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  setSubject(event.target.value as RequestableSubject | '');
                  setError(null);
                }}
                className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
              >
                <option value="">{text.subjectPlaceholder}</option>
                {requestableSubjects
                  .filter((one) => !asked.has(one))
                  .map((one) => (
                    <option key={one} value={one}>
                      {subjects[one] ?? one}
                    </option>
                  ))}
              </select>
            </div>
            <Button type="submit" variant="outline" disabled={!subject || request.isPending}>
              <ShieldCheck className="size-4" aria-hidden="true" />
              {request.isPending ? text.sending : text.request}
            </Button>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
