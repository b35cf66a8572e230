import { forCount } from '@shared/english.ts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { notificationTypes, recipientGroups } from '@shared/options.ts';
import { NOTIFICATION_LIMITS, sendNotificationBodySchema, type NotificationBatch } from '@shared/schemas/notifications.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { useSendNotification } from '../api/send-notification.ts';

const text = messages.notificationsCenter;
type Group = (typeof recipientGroups)[number];
type Kind = (typeof notificationTypes)[number];
type Errors = Partial<Record<'title' | 'message', string>>;

const fieldClass = cn(
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
  'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500',
);

/** Title, message, group and type; Send stays disabled while the title or message is empty or while sending. */
export function ComposeNotification() {
  const id = useId();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [group, setGroup] = useState<Group>('all');
  const [kind, setKind] = useState<Kind>('toast');
  const [errors, setErrors] = useState<Errors>({});
  const [lastSent, setLastSent] = useState<NotificationBatch | null>(null);
  const send = useSendNotification();
  const canSend = title.trim() !== '' && message.trim() !== '' && !send.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    const parsed = sendNotificationBodySchema.safeParse({ title, message, recipient_group: group, type: kind });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'title' || field === 'message') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (batch) => {
        toast.success(text.sent);
        setLastSent(batch);
        setTitle('');
        setMessage('');
      },
      onError: (error) => {
        console.error('Sending a notification failed', error);
        const reason = errorMessage(error, '');
        toast.error(text.sendFailed, reason ? { description: reason } : undefined);
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.composeTitle}</CardTitle>
        <CardDescription>{text.composeDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <TextField
            id={`${id}-title`}
            label={text.titleLabel}
            placeholder={text.titlePlaceholder}
            value={title}
            maxLength={NOTIFICATION_LIMITS.title}
            error={errors.title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-message`}>{text.messageLabel}</Label>
            <textarea
              id={`${id}-message`}
              rows={4}
              value={message}
              maxLength={NOTIFICATION_LIMITS.message}
              placeholder={text.messagePlaceholder}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={`${id}-message-hint${errors.message ? ` ${id}-message-error` : ''}`}
              className={cn(fieldClass, 'min-h-24 py-2')}
              onChange={(event) => setMessage(event.target.value)}
            />
            <p id={`${id}-message-hint`} className="text-xs text-slate-500">
              {fill(forCount(NOTIFICATION_LIMITS.message - message.length, text.charactersLeftOne, text.charactersLeft), { count: NOTIFICATION_LIMITS.message - message.length })}
            </p>
            <FieldError id={`${id}-message-error`} message={errors.message} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-group`}>{text.recipientGroupLabel}</Label>
              <select id={`${id}-group`} value={group} className={cn(fieldClass, 'h-10')} onChange={(event) => setGroup(event.target.value as Group)}>
                {recipientGroups.map((value) => (
                  <option key={value} value={value}>
                    {text.groupLabels[value]}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-medium text-slate-700">{text.typeLabel}</legend>
              <div className="flex gap-2">
                {notificationTypes.map((value) => (
                  <label
                    key={value}
                    title={text.typeHints[value]}
                    className={cn(
                      'flex h-10 flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border text-sm font-medium shadow-sm',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      kind === value ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                    )}
                  >
                    <input type="radio" name={`${id}-type`} value={value} checked={kind === value} className="sr-only" onChange={() => setKind(value)} />
                    {text.typeLabels[value]}
                  </label>
                ))}
              </div>
              <p className="text-xs text-slate-500">{text.typeHints[kind]}</p>
            </fieldset>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!canSend}>
              {send.isPending ? text.sending : text.send}
            </Button>
            {lastSent ? (
              <p className="text-sm text-slate-600" role="status" data-testid="notification-recipients">
                {lastSent.recipients === 1 ? text.sentToOne : fill(text.sentTo, { count: lastSent.recipients.toLocaleString('en-IN') })}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
