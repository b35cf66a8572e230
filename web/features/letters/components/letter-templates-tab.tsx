import { useId, useState } from 'react';
import { messages } from '@shared/messages.ts';
import { LETTER_LIMITS, LETTER_MERGE_FIELDS, letterTemplateBodySchema, type LetterTemplate } from '@shared/schemas/letters.ts';
import { Button } from '@web/components/ui/button.tsx';
import { TextareaField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { toast } from '@web/lib/toast.ts';
import { fieldErrorsOf, SettingsSection } from '@web/features/settings/components/settings-section.tsx';
import { SignatorySettings } from '@web/features/offers/components/signatory-settings.tsx';
import { useLetterTemplates, useResetLetterTemplate, useSaveLetterTemplate } from '../api/letters.ts';

const text = messages.letters;

/** Settings → Letters (owners and admins): the wording of each letter, with the merge fields it may use. */
export function LetterTemplatesTab() {
  const templates = useLetterTemplates();
  return (
    <SettingsSection title={text.templatesTitle} intro={text.templatesDescription} state={templates.status} onRetry={() => void templates.refetch()}>
      <div className="space-y-8">
        <SignatorySettings />
        <section aria-labelledby="merge-fields" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h4 id="merge-fields" className="text-sm font-semibold text-slate-900">
            {text.mergeFieldsTitle}
          </h4>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {LETTER_MERGE_FIELDS.map((field) => (
              <div key={field} className="flex flex-wrap gap-x-2">
                <dt className="font-mono text-xs leading-5 text-brand-800">{`{{${field}}}`}</dt>
                <dd className="text-slate-700">{text.mergeFieldLabels[field]}</dd>
              </div>
            ))}
          </dl>
        </section>
        {templates.data?.map((template) => <TemplateForm key={`${template.kind}-${template.updated_at ?? 'default'}`} template={template} />)}
      </div>
    </SettingsSection>
  );
}

function TemplateForm({ template }: { template: LetterTemplate }) {
  const id = useId();
  const save = useSaveLetterTemplate();
  const reset = useResetLetterTemplate();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});

  async function submit() {
    const parsed = letterTemplateBodySchema.safeParse({ subject, body });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      return setErrors({ subject: issues.find((issue) => issue.path[0] === 'subject')?.message, body: issues.find((issue) => issue.path[0] === 'body')?.message });
    }
    setErrors({});
    try {
      await save.mutateAsync({ kind: template.kind, values: parsed.data });
      toast.success(text.saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.subject || fields.body) setErrors({ subject: fields.subject, body: fields.body });
      else toast.error(text.saveFailed, { description: errorMessage(error, '') || undefined });
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 border-t border-slate-100 pt-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="font-semibold text-slate-900">
          {text.kinds[template.kind]}
        </h4>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{template.customised ? text.customised : text.defaultWording}</span>
      </div>
      <TextField id={`${id}-subject`} label={text.subjectLabel} value={subject} maxLength={LETTER_LIMITS.subject} onChange={(event) => setSubject(event.target.value)} error={errors.subject} />
      <TextareaField id={`${id}-body`} label={text.bodyLabel} rows={9} value={body} maxLength={LETTER_LIMITS.body} onChange={(event) => setBody(event.target.value)} error={errors.body} />
      <div className="flex flex-wrap justify-end gap-3">
        {template.customised ? (
          <Button type="button" variant="outline" disabled={reset.isPending} onClick={() => void reset.mutateAsync(template.kind).catch((error: unknown) => toast.error(text.saveFailed, { description: errorMessage(error, '') || undefined }))}>
            {text.resetDefault}
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </Button>
      </div>
    </form>
  );
}
