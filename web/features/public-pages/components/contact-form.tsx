import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { CONTACT_LIMITS, contactMessageSchema, contactTopicLabels, contactTopics, type ContactMessage, type ContactMessageInput, type ContactTopic } from '@shared/schemas/contact.ts';
import { Button } from '@web/components/ui/button.tsx';
import { FieldError } from '@web/components/ui/field-error.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const text = messages.publicSite;
const fieldClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-500';
// The form leaves out submission_id; it is added on submit.
const formSchema = contactMessageSchema.omit({ submission_id: true });

/** Name, email, company (optional), topic and message; stored through POST /api/contact. */
export function ContactForm({ initialTopic }: { initialTopic?: ContactTopic }) {
  const send = useSendContactMessage();
  // One id per message: a double click or a retry after a lost answer stores one row.
  const [submissionId, setSubmissionId] = useState(() => crypto.randomUUID());
  const empty: Partial<ContactMessageInput> = { name: '', email: '', company: '', topic: initialTopic, message: '' };
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({ resolver: zodResolver(formSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const messageLength = useWatch({ control: form.control, name: 'message' })?.length ?? 0;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, submission_id: submissionId });
      toast.success(text.contactSent);
      setSubmissionId(crypto.randomUUID());
      form.reset(empty);
    } catch (error) {
      toast.error(errorMessage(error, text.contactFailed));
    }
  });

  const describedBy = (field: keyof ContactMessageInput, hint?: string) => cn(hint, errors[field] && `contact-${field}-error`) || undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={isSubmitting}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="contact-name">{text.nameLabel}</Label>
          <Input id="contact-name" autoComplete="name" required maxLength={CONTACT_LIMITS.name} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} {...form.register('name')} />
          <FieldError id="contact-name-error" message={errors.name?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="contact-email">{text.emailLabel}</Label>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email', 'contact-email-hint')}
            {...form.register('email')}
          />
          <p id="contact-email-hint" className="text-xs text-slate-500">
            {text.emailHint}
          </p>
          <FieldError id="contact-email-error" message={errors.email?.message} />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="contact-company">{text.companyLabel}</Label>
          <Input id="contact-company" autoComplete="organization" maxLength={CONTACT_LIMITS.company} aria-invalid={errors.company ? true : undefined} aria-describedby={describedBy('company')} {...form.register('company')} />
          <FieldError id="contact-company-error" message={errors.company?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="contact-topic">{text.topicLabel}</Label>
          <select id="contact-topic" required className={cn(fieldClass, 'h-10')} aria-invalid={errors.topic ? true : undefined} aria-describedby={describedBy('topic')} {...form.register('topic')}>
            <option value="">{text.topicPlaceholder}</option>
            {contactTopics.map((topic) => (
              <option key={topic} value={topic}>
                {contactTopicLabels[topic]}
              </option>
            ))}
          </select>
          <FieldError id="contact-topic-error" message={errors.topic?.message} />
        </div>
      </div>
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor="contact-message">{text.messageLabel}</Label>
          <span className="text-xs text-slate-500" aria-hidden="true">
            {messageLength} / {CONTACT_LIMITS.messageMax}
          </span>
        </div>
        <textarea
          id="contact-message"
          rows={6}
          required
          maxLength={CONTACT_LIMITS.messageMax}
          className={cn(fieldClass, 'min-h-32 py-2')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', 'contact-message-hint')}
          {...form.register('message')}
        />
        <p id="contact-message-hint" className="text-xs text-slate-500">
          {text.messageHint}
        </p>
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full bg-brand-700! hover:bg-brand-800! sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? text.sending : text.send}
      </Button>
    </form>
  );
}
