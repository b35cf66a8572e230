import { useId } from 'react';
import { candidateEmailsMessages as text } from '@shared/messages/candidate-emails.ts';
import type { ApplicationNoticePreference } from '@shared/schemas/candidate-emails.ts';
import { messages } from '@shared/messages.ts';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { useApplicationNotices, useSaveApplicationNotices } from '../api/email-templates.ts';
import { SettingsSection } from './settings-section.tsx';

/** Settings → Your account → New applications (issue 36 §2): a notification each, or one daily digest. */
export function ApplicationNoticesSection() {
  const id = useId();
  const preference = useApplicationNotices(true);
  const save = useSaveApplicationNotices();
  const choose = (mode: ApplicationNoticePreference['mode']) =>
    void save.mutateAsync({ mode }).then(
      () => toast.success(text.noticesSaved),
      (error: unknown) => toast.error(errorMessage(error, messages.auth.unexpected)),
    );
  const options = [
    { mode: 'instant', label: text.noticesInstant },
    { mode: 'daily', label: text.noticesDaily },
  ] as const;
  return (
    <SettingsSection title={text.noticesHeading} intro={text.noticesIntro} state={preference.status} onRetry={() => void preference.refetch()}>
      <fieldset disabled={save.isPending} className="space-y-2">
        <legend className="sr-only">{text.noticesHeading}</legend>
        {options.map((option) => (
          <div key={option.mode} className="flex items-center gap-3">
            <input
              id={`${id}-${option.mode}`}
              type="radio"
              name={`${id}-mode`}
              checked={preference.data?.mode === option.mode}
              onChange={() => choose(option.mode)}
              className="size-4 cursor-pointer accent-brand-700"
            />
            <label htmlFor={`${id}-${option.mode}`} className="text-sm text-slate-900">
              {option.label}
            </label>
          </div>
        ))}
      </fieldset>
    </SettingsSection>
  );
}
