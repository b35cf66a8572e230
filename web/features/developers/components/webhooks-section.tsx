import { useState } from 'react';
import { formatIst } from '@shared/schemas/interviews.ts';
import { developersMessages as text } from '@shared/messages/developers.ts';
import type { WebhookDelivery, WebhookEndpoint } from '@shared/schemas/webhooks.ts';
import { Button } from '@web/components/ui/button.tsx';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { errorMessage } from '@web/lib/api-client.ts';
import { messages } from '@shared/messages.ts';
import { SettingsSection } from '@web/features/settings/components/settings-section.tsx';
import { useDeleteWebhook, useDeliveries, useRedeliver, useRotateWebhook, useSendTestEvent, useSetWebhookEnabled, useWebhooks } from '../api/webhooks.ts';
import { AddWebhookDialog } from './add-webhook-dialog.tsx';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { SecretReveal } from './secret-reveal.tsx';

/** Settings → Developers → Webhooks (issue 16): endpoints, their secrets, test events and delivery logs. */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const endpoints = webhooks.data?.endpoints ?? [];
  return (
    <SettingsSection title={text.webhooksHeading} intro={text.webhooksIntro} state={webhooks.status} onRetry={() => void webhooks.refetch()}>
      <div className="space-y-4">
        <AddWebhookDialog />
        {webhooks.data && endpoints.length === 0 ? <p className="text-sm text-slate-600">{text.noWebhooks}</p> : null}
        {endpoints.length > 0 ? (
          <ul aria-label={text.webhooksLabel} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {endpoints.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        ) : null}
      </div>
    </SettingsSection>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = useState(false);
  const setEnabled = useSetWebhookEnabled();
  const sendTest = useSendTestEvent();
  const rotate = useRotateWebhook();
  const remove = useDeleteWebhook();
  const active = endpoint.status === 'active';
  /** The test is sent in the request: its answer is the delivery's outcome, shown as it is. */
  const [tested, setTested] = useState<{ ok: boolean; message: string } | null>(null);
  const test = async () => {
    setTested(null);
    try {
      const delivery = await sendTest.mutateAsync(endpoint.id);
      setShowLog(true);
      setTested(testOutcome(delivery));
    } catch (error) {
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  };
  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  };
  return (
    <li className="space-y-3 p-4" aria-label={endpoint.url}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description ? <p className="text-sm text-slate-600">{endpoint.description}</p> : null}
          <p className="mt-1 text-xs text-slate-600">
            {endpoint.events.map((event) => text.eventLabels[event]).join(' · ')} · <span className="font-mono">{endpoint.secret_prefix}</span>
          </p>
          {endpoint.disabled_reason ? <p className="mt-1 text-xs text-red-700">{endpoint.disabled_reason}</p> : null}
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>{active ? text.statusActive : text.statusDisabled}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={!active || sendTest.isPending} onClick={() => void test()}>
          {text.sendTest}
        </Button>
        <Button variant="outline" size="sm" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? text.hideDeliveries : text.showDeliveries}
        </Button>
        <ConfirmButton
          cancelLabel={text.cancel}
          label={text.rotateSecret}
          title={text.rotateTitle}
          body={text.rotateBody}
          action={text.rotate}
          onConfirm={async (close) => {
            const rotated = await rotate.mutateAsync(endpoint.id);
            return <SecretReveal title={text.webhookSecretTitle} note={text.webhookSecretNote} secret={rotated.secret} testId="webhook-secret" onDone={close} />;
          }}
        />
        <Button variant="outline" size="sm" disabled={setEnabled.isPending} onClick={() => void run(setEnabled.mutateAsync({ webhookId: endpoint.id, enabled: !active }), active ? text.turnedOff : text.turnedOn)}>
          {active ? text.turnOff : text.turnOn}
        </Button>
        <ConfirmButton
          cancelLabel={text.cancel}
          label={text.deleteWebhook}
          title={text.deleteWebhookTitle}
          body={fill(text.deleteWebhookBody, { url: endpoint.url })}
          action={text.deleteWebhook}
          destructive
          done={text.webhookDeleted}
          onConfirm={async () => {
            await remove.mutateAsync(endpoint.id);
          }}
        />
      </div>
      <p role="status" className={`text-sm empty:hidden ${tested?.ok ? 'text-emerald-800' : 'text-red-700'}`}>
        {tested?.message}
      </p>
      {showLog ? <DeliveryLog endpoint={endpoint} deleting={remove.isPending} /> : null}
    </li>
  );
}

/** What Send test says: delivered with the receiver's status, or why not (its answer, or the reason it was not sent). */
function testOutcome(delivery: WebhookDelivery): { ok: boolean; message: string } {
  if (delivery.status === 'succeeded') return { ok: true, message: fill(text.testDelivered, { status: delivery.last_status_code ?? 200 }) };
  const reason = delivery.last_error ?? (delivery.last_status_code ? `HTTP ${delivery.last_status_code}` : text.deliveryStatus[delivery.status]);
  return { ok: false, message: fill(text.testFailed, { reason }) };
}

function DeliveryLog({ endpoint, deleting }: { endpoint: WebhookEndpoint; deleting: boolean }) {
  const deliveries = useDeliveries(endpoint.id, !deleting);
  const rows = deliveries.data?.deliveries ?? [];
  if (deliveries.isPending) return null;
  if (rows.length === 0) return <p className="text-sm text-slate-600">{text.noDeliveries}</p>;
  const c = text.deliveryColumns;
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{fill(text.deliveriesLabel, { url: endpoint.url })}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">{c.event}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{c.status}</th>
            <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">{c.answer}</th>
            <th scope="col" className="hidden px-3 py-2 font-semibold md:table-cell">{c.time}</th>
            <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell"><span className="sr-only">{c.actions}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((delivery) => (
            <DeliveryRow key={delivery.id} webhookId={endpoint.id} delivery={delivery} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const STATUS_STYLE: Record<WebhookDelivery['status'], string> = {
  succeeded: 'bg-emerald-50 text-emerald-800',
  pending: 'bg-amber-50 text-amber-900',
  failed: 'bg-red-50 text-red-800',
};

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const redeliver = useRedeliver();
  const answer = delivery.last_status_code ? `HTTP ${delivery.last_status_code}` : (delivery.last_error ?? '—');
  const again = (className: string) => (
    <Button
      variant="outline"
      size="sm"
      className={className}
      disabled={redeliver.isPending}
      aria-label={`${text.redeliver} ${delivery.event_type}`}
      onClick={() => redeliver.mutate({ webhookId, deliveryId: delivery.id }, { onSuccess: () => toast.success(text.redelivered), onError: (error) => toast.error(errorMessage(error, messages.auth.unexpected)) })}
    >
      {text.redeliver}
    </Button>
  );
  return (
    <tr>
      <td className="px-3 py-2 align-top font-mono text-xs break-all">{delivery.event_type}</td>
      <td className="px-3 py-2 align-top">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[delivery.status]}`}>{text.deliveryStatus[delivery.status]}</span>
        <span className="mt-1 block text-xs text-slate-600">
          {fill(delivery.attempts === 1 ? text.oneAttempt : text.attemptsCount, { count: delivery.attempts })}
          {delivery.next_attempt_at ? ` · ${fill(text.nextAttempt, { time: formatIst(new Date(delivery.next_attempt_at)) })}` : ''}
        </span>
        {/* On a phone the action goes under the status. */}
        {again('mt-2 sm:hidden')}
      </td>
      <td className="hidden max-w-56 px-3 py-2 align-top text-xs break-words sm:table-cell">{answer}</td>
      <td className="hidden px-3 py-2 align-top text-xs whitespace-nowrap md:table-cell">{formatIst(new Date(delivery.created_at))}</td>
      <td className="hidden px-3 py-2 text-right align-top sm:table-cell">{again('')}</td>
    </tr>
  );
}
