import { useId, useState } from 'react';
import { Webhook } from 'lucide-react';
import { developersMessages as text } from '@shared/messages/developers.ts';
import { createWebhookSchema, webhookEvents, type WebhookEvent, type WebhookWithSecret } from '@shared/schemas/webhooks.ts';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { useCreateWebhook } from '../api/webhooks.ts';
import { CreateForm, CreateThenRevealDialog, type CreateFormProps } from './secret-reveal.tsx';
import { submitValidated } from '@web/lib/submit-validated.ts';

type Errors = Partial<Record<'url' | 'description' | 'events', string>>;

/** "Add endpoint": URL, description, events; then the signing secret, once. */
export function AddWebhookDialog() {
  return (
    <CreateThenRevealDialog<WebhookWithSecret>
      trigger={{ label: text.addWebhook, icon: Webhook, variant: 'outline' }}
      reveal={{ title: text.webhookSecretTitle, note: text.webhookSecretNote, testId: 'webhook-secret' }}
      form={WebhookForm}
    />
  );
}

function WebhookForm({ onCreated, onCancel }: CreateFormProps<WebhookWithSecret>) {
  const id = useId();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['application.created', 'application.stage_changed']);
  const [errors, setErrors] = useState<Errors>({});

  const submit = () =>
    submitValidated({ schema: createWebhookSchema, values: { url, description, events }, send: create.mutateAsync, onSent: onCreated, setErrors, codes: { WEBHOOK_URL_PRIVATE: 'url', WEBHOOK_URL_NOT_HTTPS: 'url' } });

  return (
    <CreateForm title={text.addWebhookTitle} description={text.webhooksIntro} submitLabel={text.addWebhook} busy={create.isPending} onSubmit={() => void submit()} onCancel={onCancel}>
      <TextField id={`${id}-url`} type="url" label={text.urlLabel} placeholder={text.urlPlaceholder} value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setErrors(({ url: _fixed, ...rest }) => rest);
        }}
        error={errors.url}
      />
      <TextField id={`${id}-description`} label={text.descriptionLabel} placeholder={text.namePlaceholder} maxLength={200} value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={errors.description}
      />
      <fieldset aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">{text.eventsLegend}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {webhookEvents.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-700"
                checked={events.includes(event)}
                onChange={(change) => {
                  setEvents((current) => (change.target.checked ? [...current, event] : current.filter((entry) => entry !== event)));
                  setErrors(({ events: _fixed, ...rest }) => rest);
                }}
              />
              <span>
                {text.eventLabels[event]}
                <span className="block font-mono text-xs text-slate-600">{event}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-events-error`} message={errors.events} />
      </fieldset>
    </CreateForm>
  );
}
