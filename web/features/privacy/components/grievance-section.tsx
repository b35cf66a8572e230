import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { formatIstDate } from '@shared/gst.ts';
import { messages } from '@shared/messages.ts';
import { grievanceBodySchema, grievanceTopics, type PrivacyOverview, type PrivacyRequest } from '@shared/schemas/privacy.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { SelectField, TextareaField } from '@web/components/ui/select-field.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useRaiseGrievance } from '../api/privacy.ts';
import { PrivacySection } from './privacy-section.tsx';
import { closedLabel, RequestStatus } from './request-status.tsx';

const text = messages.privacy;
const date = (iso: string) => formatIstDate(new Date(iso));
type GrievanceInput = z.input<typeof grievanceBodySchema>;

/** The person's requests (grievances, later corrections and erasures), each with its reference, status and answer. */
function RequestList({ requests }: { requests: PrivacyRequest[] }) {
  if (requests.length === 0) return <p className="text-sm text-slate-600">{text.requestsEmpty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {requests.map((request) => (
        <li key={request.id} data-testid="privacy-request" className="space-y-1 py-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">
              {text.requestKinds[request.kind]} · {fill(text.referenceLabel, { reference: request.reference })}
            </span>
            <RequestStatus kind={request.kind} status={request.status} />
          </div>
          <p className="text-sm text-slate-700">{request.details}</p>
          <p className="text-xs text-slate-600">
            {request.closed_at ? closedLabel(request.kind, request.closed_at, date) : fill(request.kind === 'erasure' ? text.erasureRunsOn : text.dueBy, { date: date(request.due_at) })}
          </p>
          {request.response ? (
            <p className="rounded-md bg-slate-50 p-2 text-sm text-slate-800">
              <span className="font-medium">{text.responseLabel}: </span>
              {request.response}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Grievance: a form to the Grievance Officer named in configuration, and the person's requests. */
export function GrievanceSection({ overview }: { overview: PrivacyOverview }) {
  const id = useId();
  const raise = useRaiseGrievance();
  const form = useForm<GrievanceInput, unknown, z.output<typeof grievanceBodySchema>>({
    resolver: zodResolver(grievanceBodySchema),
    defaultValues: { topic: 'consent', details: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const request = await raise.mutateAsync(values);
      toast.success(fill(text.grievanceSent, { reference: request.reference, date: date(request.due_at) }));
      form.reset({ topic: values.topic, details: '' });
    } catch (error) {
      if (isApiError(error) && error.status < 500) form.setError('root.server', { type: 'server', message: error.message });
      else toast.error(errorMessage(error, text.grievanceFailed));
    }
  });

  return (
    <>
      <PrivacySection id="requests" title={text.requestsTitle}>
        <RequestList requests={overview.requests} />
      </PrivacySection>
      <PrivacySection id="grievance" title={text.grievanceTitle} intro={text.grievanceIntro}>
        <p className="mb-4 text-sm text-slate-700">
          {text.grievanceOfficer} {overview.grievance_officer.name},{' '}
          <a className="font-medium text-brand-700 underline underline-offset-2" href={`mailto:${overview.grievance_officer.email}`}>
            {overview.grievance_officer.email}
          </a>
        </p>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={raise.isPending} className="space-y-4">
          <SelectField id={`${id}-topic`} label={text.topicLabel} error={errors.topic?.message} className="sm:max-w-xs" {...form.register('topic')}>
            {grievanceTopics.map((topic) => (
              <option key={topic} value={topic}>
                {text.topics[topic]}
              </option>
            ))}
          </SelectField>
          <TextareaField id={`${id}-details`} label={text.detailsLabel} hint={text.detailsHint} required maxLength={5000} error={errors.details?.message} {...form.register('details')} />
          <FieldError id={`${id}-server`} message={errors.root?.server?.message} />
          <Button type="submit" disabled={raise.isPending}>
            {raise.isPending ? text.submitting : text.submitGrievance}
          </Button>
        </form>
      </PrivacySection>
    </>
  );
}
