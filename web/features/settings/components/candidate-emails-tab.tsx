import { useId, useState } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { candidateEmailSettingsSchema, candidateEmailStages, type CandidateEmailSettings } from '@shared/schemas/company-settings.ts';
import { Button } from '@web/components/ui/button.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { stageLabel } from '@web/features/pipeline/lib/format.ts';
import { useCandidateEmails, useSaveCandidateEmails } from '../api/company-settings.ts';
import { EmailTemplatesSection } from './email-templates-section.tsx';
import { fieldErrorsOf, SettingsSection } from './settings-section.tsx';

const text = messages.settings;

/** Settings → Candidate emails: each stage's automatic email on or off, the reply-to address, and the templates (issue 36 §3). */
export function CandidateEmailsTab() {
  const hasCompany = Boolean(useMe().data?.user.company_id);
  const settings = useCandidateEmails(hasCompany);
  return (
    <div className="space-y-6">
      <SettingsSection title={text.emailsHeading} intro={text.emailsIntro} state={settings.status} onRetry={() => void settings.refetch()}>
        {settings.data ? <EmailsForm settings={settings.data} /> : null}
      </SettingsSection>
      <EmailTemplatesSection />
    </div>
  );
}

function EmailsForm({ settings }: { settings: CandidateEmailSettings }) {
  const id = useId();
  const save = useSaveCandidateEmails();
  const [stages, setStages] = useState(settings.stages);
  const [replyTo, setReplyTo] = useState(settings.reply_to ?? '');
  const [replyError, setReplyError] = useState<string>();

  const submit = async () => {
    const parsed = candidateEmailSettingsSchema.safeParse({ stages, reply_to: replyTo });
    if (!parsed.success) return setReplyError(parsed.error.issues.find((issue) => issue.path[0] === 'reply_to')?.message);
    setReplyError(undefined);
    try {
      const saved = await save.mutateAsync(parsed.data);
      setReplyTo(saved.reply_to ?? '');
      toast.success(text.saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.reply_to) setReplyError(fields.reply_to);
      else toast.error(errorMessage(error, messages.auth.unexpected));
    }
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend className="sr-only">{text.emailsHeading}</legend>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {candidateEmailStages.map((stage) => (
            <li key={stage} className="flex items-center justify-between gap-4 px-4 py-3">
              <label htmlFor={`${id}-${stage}`} className="text-sm text-slate-900">
                {fill(text.stageEmailLabel, { stage: stageLabel(stage) })}
              </label>
              <input
                id={`${id}-${stage}`}
                type="checkbox"
                role="switch"
                checked={stages[stage] ?? true}
                onChange={(event) => setStages((current) => ({ ...current, [stage]: event.target.checked }))}
                className="size-5 cursor-pointer accent-brand-700"
              />
            </li>
          ))}
        </ul>
      </fieldset>
      <TextField id={`${id}-reply`} type="email" label={text.replyToLabel} hint={text.replyToHint} value={replyTo} onChange={(event) => setReplyTo(event.target.value)} error={replyError} autoComplete="off" />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}
