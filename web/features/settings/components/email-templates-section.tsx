import { useId, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { candidateEmailsMessages as text } from '@shared/messages/candidate-emails.ts';
import { CANDIDATE_EMAIL_LIMITS, emailTemplateBodySchema, mergeFieldsList, type EmailTemplate } from '@shared/schemas/candidate-emails.ts';
import { candidateEmailStages, type CandidateEmailStage } from '@shared/schemas/company-settings.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { SelectField, TextareaField } from '@web/components/ui/select-field.tsx';
import { TextField } from '@web/components/ui/text-field.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { toast } from '@web/lib/toast.ts';
import { stageLabel } from '@web/features/pipeline/lib/format.ts';
import { messages } from '@shared/messages.ts';
import { useDeleteEmailTemplate, useEmailTemplates, useSaveEmailTemplate } from '../api/email-templates.ts';
import { fieldErrorsOf, SettingsSection } from './settings-section.tsx';

type Editing = { template: EmailTemplate | null } | null;

/** Settings → Candidate emails → Email templates: the company's templates, added, edited and deleted. */
export function EmailTemplatesSection() {
  const hasCompany = Boolean(useMe().data?.user.company_id);
  const templates = useEmailTemplates(hasCompany);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  return (
    <SettingsSection title={text.templatesHeading} intro={text.templatesIntro} state={templates.status} onRetry={() => void templates.refetch()}>
      <div className="space-y-4">
        {templates.data?.length === 0 ? <p className="text-sm text-slate-600">{text.noTemplates}</p> : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={text.templatesHeading}>
          {templates.data?.map((template) => (
            <li key={template.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{template.name}</p>
                <p className="text-sm break-words text-slate-600">{template.subject}</p>
                {template.stage ? <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{fill(text.templateStageTag, { stage: stageLabel(template.stage) })}</p> : null}
              </div>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing({ template })} aria-label={`${text.editTemplate} ${template.name}`}>
                  <Pencil className="size-4" aria-hidden="true" />
                  {text.editTemplate}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setDeleting(template)} aria-label={`${text.deleteTemplate} ${template.name}`}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  {text.deleteTemplate}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Button variant="outline" onClick={() => setEditing({ template: null })}>
          <Plus className="size-4" aria-hidden="true" />
          {text.newTemplate}
        </Button>
      </div>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
          <DialogTitle>{editing?.template ? editing.template.name : text.newTemplate}</DialogTitle>
          <DialogDescription>{fill(text.mergeFieldsHint, { fields: mergeFieldsList })}</DialogDescription>
          {editing ? <TemplateForm template={editing.template} onDone={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
      {deleting ? <DeleteDialog template={deleting} onDone={() => setDeleting(null)} /> : null}
    </SettingsSection>
  );
}

function TemplateForm({ template, onDone }: { template: EmailTemplate | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveEmailTemplate();
  const [values, setValues] = useState({ name: template?.name ?? '', subject: template?.subject ?? '', body: template?.body ?? '', stage: (template?.stage ?? '') as CandidateEmailStage | '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  async function submit() {
    const parsed = emailTemplateBodySchema.safeParse({ ...values, stage: values.stage || null });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]).reverse()));
    setErrors({});
    try {
      await save.mutateAsync({ id: template?.id ?? null, values: parsed.data });
      toast.success(text.templateSaved);
      onDone();
    } catch (error) {
      const fields = fieldErrorsOf(error, { TEMPLATE_NAME_TAKEN: 'name', TEMPLATE_STAGE_TAKEN: 'stage' });
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(errorMessage(error, messages.auth.unexpected));
    }
  }

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField id={`${id}-name`} label={text.templateNameLabel} value={values.name} maxLength={CANDIDATE_EMAIL_LIMITS.name} onChange={set('name')} error={errors.name} />
      <TextField id={`${id}-subject`} label={text.templateSubjectLabel} value={values.subject} maxLength={CANDIDATE_EMAIL_LIMITS.subject} onChange={set('subject')} error={errors.subject} />
      <TextareaField id={`${id}-body`} label={text.templateBodyLabel} rows={8} value={values.body} maxLength={CANDIDATE_EMAIL_LIMITS.body} onChange={set('body')} error={errors.body} />
      <SelectField id={`${id}-stage`} label={text.templateStageLabel} hint={text.templateStageHint} value={values.stage} onChange={set('stage')} error={errors.stage}>
        <option value="">{text.templateStageNone}</option>
        {candidateEmailStages.map((stage) => (
          <option key={stage} value={stage}>
            {fill(text.templateStageOption, { stage: stageLabel(stage) })}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          {text.templateCancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? text.templateSaving : text.templateSave}
        </Button>
      </div>
    </form>
  );
}

function DeleteDialog({ template, onDone }: { template: EmailTemplate; onDone: () => void }) {
  const remove = useDeleteEmailTemplate();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onDone())}>
      <DialogContent role="alertdialog">
        <DialogTitle>{fill(text.deleteTemplateTitle, { name: template.name })}</DialogTitle>
        <DialogDescription>{text.deleteTemplateBody}</DialogDescription>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" onClick={onDone}>
            {text.templateCancel}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              void remove.mutateAsync(template.id).then(
                () => {
                  toast.success(text.templateDeleted);
                  onDone();
                },
                (error: unknown) => toast.error(errorMessage(error, messages.auth.unexpected)),
              )
            }
          >
            {text.deleteTemplate}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
